// The bot login is discovered, never assumed: an app registered as "acme-skills" owns the comments
// of acme-skills[bot]. With the app's JWT it comes from GET /app; with an installation token from
// GraphQL viewer; SKILLOPS_BOT_LOGIN / SKILLOPS_APP_SLUG name it explicitly. Against the GitHub
// double, which validates every request (GET /app only with the app's JWT).
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { Probot, ProbotOctokit } from "probot";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  testPrivateKey,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { botLoginFromSlug, configuredBotLogin } from "../../src/io/github-api/bot-login.js";
import { tokenBotLoginFor } from "../../src/io/github-api/token-client.js";
import { readMarker } from "../../src/records/markers.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

let double: GitHubDouble;

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

/** Files an incomplete feedback form, then edits it (still incomplete): the app's problem comments. */
async function fileAndEdit(skillops: SkillopsApp) {
  const probot = await createProbotOnDouble(double, skillops.app);
  const issue = double.state.openIssue({
    title: "Refunds",
    body: "### What the agent did\n\nIt said 60 days.",
    author: "customer-joe",
    labels: ["skillops:feedback"],
  });
  await deliver(probot, "issues", issuesPayload(double, "opened", issue.number));
  await skillops.queue.drain();
  double.state.issue(issue.number).body = "### What the agent did\n\nIt said 60 days, twice.";
  await deliver(probot, "issues", issuesPayload(double, "edited", issue.number));
  await skillops.queue.drain();
  return double.state.commentsOn(issue.number).filter((c) => readMarker(c.body, "form-problems"));
}

describe("the app's bot login", () => {
  test("a hosted app learns acme-skills[bot] from GET /app and keeps one owned comment", async () => {
    const skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") });
    const own = await fileAndEdit(skillops);
    expect(own.map((c) => c.user.login)).toEqual(["acme-skills[bot]"]); // updated in place, not duplicated
    const appCalls = double.requests.filter((r) => r.operationId === "apps/get-authenticated");
    expect(appCalls).toHaveLength(1); // once per process, at load
    expect(skillops.queue.failures).toEqual([]);
  });

  test("the old default assumption (skillops[bot]) would not recognise its own comment", async () => {
    const skillops = createSkillopsApp({
      now: fixedClock("2026-11-30T03:00:00Z"),
      botLogin: "skillops[bot]",
    });
    const own = await fileAndEdit(skillops);
    // It wrote as acme-skills[bot], then saw no comment of "its own" and wrote a second one.
    expect(own.map((c) => c.user.login)).toEqual(["acme-skills[bot]", "acme-skills[bot]"]);
  });

  test("an app whose JWT GitHub rejects fails to load, naming SKILLOPS_BOT_LOGIN", async () => {
    const probot = new Probot({
      appId: 999, // not the double's app: its JWT's iss does not match
      privateKey: testPrivateKey(),
      baseUrl: double.baseUrl,
      logLevel: "fatal",
      Octokit: ProbotOctokit.defaults({ retry: { enabled: false } }),
    });
    await expect(probot.load(createSkillopsApp().app)).rejects.toThrow(
      /could not discover the app's bot login from GET \/app .*SKILLOPS_BOT_LOGIN/,
    );
    expect(double.problems).toEqual([
      expect.stringContaining("GET /app: needs the app's JWT (iss 1); got iss 999"),
      expect.stringContaining("status 401 is not a documented response of apps/get-authenticated"),
    ]);
    double.problems.length = 0; // the double did its job: it refused and recorded the bad request
  });

  test("an installation token learns its login from GraphQL viewer, once per process", async () => {
    double.state.tokens.set("ghs_actions_token", double.state.botLogin);
    const access = { token: "ghs_actions_token", baseUrl: double.baseUrl };
    expect(await tokenBotLoginFor({}, access)).toBe("acme-skills[bot]");
    expect(await tokenBotLoginFor({}, access)).toBe("acme-skills[bot]");
    const viewer = double.requests.filter((r) => r.operationId === "graphql");
    expect(viewer).toHaveLength(1);
    expect(viewer[0]).toMatchObject({ actor: "acme-skills[bot]", status: 200 });
  });

  test("a token GitHub does not know fails with a message naming how to set the login", async () => {
    const access = { token: "ghs_unknown", baseUrl: double.baseUrl };
    await expect(tokenBotLoginFor({}, access)).rejects.toThrow(
      /could not discover the bot login of this token from GraphQL viewer .*set SKILLOPS_BOT_LOGIN/,
    );
    expect(double.problems).toEqual(["POST /graphql: viewer asked without a token the double issued"]);
    double.problems.length = 0;
    // Configured, nothing is asked.
    expect(await tokenBotLoginFor({ SKILLOPS_APP_SLUG: "acme-skills" }, access)).toBe("acme-skills[bot]");
    expect(double.requests.filter((r) => r.operationId === "graphql")).toHaveLength(1);
  });
});

describe("a configured bot login", () => {
  test("SKILLOPS_BOT_LOGIN wins over SKILLOPS_APP_SLUG; a slug becomes <slug>[bot]", () => {
    expect(configuredBotLogin({})).toBeUndefined();
    expect(configuredBotLogin({ SKILLOPS_APP_SLUG: "acme-skills" })).toBe("acme-skills[bot]");
    expect(configuredBotLogin({ SKILLOPS_APP_SLUG: "acme-skills", SKILLOPS_BOT_LOGIN: "other[bot]" })).toBe(
      "other[bot]",
    );
    expect(botLoginFromSlug("acme-skills[bot]")).toBe("acme-skills[bot]");
  });

  test("values that are not a login or a slug are refused with what to set", () => {
    expect(() => configuredBotLogin({ SKILLOPS_APP_SLUG: "acme skills" })).toThrow(
      /"acme skills" is not a GitHub App slug: set SKILLOPS_BOT_LOGIN/,
    );
    expect(() => configuredBotLogin({ SKILLOPS_BOT_LOGIN: "a b[bot]" })).toThrow(
      /SKILLOPS_BOT_LOGIN="a b\[bot\]" is not a GitHub login/,
    );
  });
});
