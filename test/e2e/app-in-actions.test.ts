// The app inside the user's Actions, with nothing to host: `skillops app-event` reads the job's
// event (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH: an @octokit/webhooks-examples payload), builds a
// Probot on the app's installation token, runs the same app function as the hosted server and
// drains its work queue before exiting. Against the GitHub double (every request validated).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ProbotOctokit } from "probot";
import { createGitHubDouble, issuesPayload, type GitHubDouble } from "../support/github-double/index.js";
import { main } from "../../src/apps/cli/main.js";
import { runAppInActions } from "../../src/apps/app/actions-adapter.js";
import { readMarker } from "../../src/records/markers.js";
import { parse } from "yaml";
import { runAction } from "../../src/apps/action/run-action.js";
import { renderAppWorkflow } from "../../src/core/init/workflow-templates.js";
import { actionStepEnv, type WorkflowStep } from "../support/action-step.js";

const TOKEN = "ghs_app_token_from_create_github_app_token";
let double: GitHubDouble;
let dir: string;

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.tokens.set(TOKEN, double.state.botLogin);
  dir = await mkdtemp(join(tmpdir(), "skillops-actions-event-"));
});
afterEach(async () => {
  double.assertClean();
  await double.close();
  await rm(dir, { recursive: true, force: true });
});

/** An incomplete feedback issue, opened; its `issues.opened` payload written where Actions puts it. */
async function openedFeedback(): Promise<{ number: number; path: string }> {
  const issue = double.state.openIssue({
    title: "Refunds",
    body: "### What the agent did\n\nIt said 60 days.",
    author: "customer-joe",
    labels: ["skillops:feedback"],
  });
  const path = join(dir, "event.json");
  await writeFile(path, JSON.stringify(issuesPayload(double, "opened", issue.number)));
  return { number: issue.number, path };
}

function actionsEnv(path: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GITHUB_EVENT_NAME: "issues",
    GITHUB_EVENT_PATH: path,
    GITHUB_API_URL: double.baseUrl,
    GITHUB_RUN_ID: "7001",
    SKILLOPS_GITHUB_TOKEN: TOKEN,
    ...extra,
  };
}

async function appEvent(env: Record<string, string>) {
  let err = "";
  const io = { stdout: () => {}, stderr: (t: string) => void (err += t), cwd: dir, isTTY: false, env };
  return { code: await main(["app-event"], io), err };
}

const dashboards = () =>
  [...double.state.issues.values()].filter((i) => i.labels.includes("skillops:dashboard"));

describe("skillops app-event", () => {
  test("issues.opened: the owned triage comment, then the queued dashboard, as the discovered bot", async () => {
    const { number, path } = await openedFeedback();
    const { code, err } = await appEvent(actionsEnv(path));
    expect(err).toBe("skillops: handled issues.opened as acme-skills[bot]\n");
    expect(code).toBe(0);
    const own = double.state.commentsOn(number).filter((c) => readMarker(c.body, "form-problems"));
    expect(own.map((c) => c.user.login)).toEqual(["acme-skills[bot]"]);
    expect(own[0]!.body).toContain("What it should have done"); // names a missing field
    // The dashboard refresh runs on the work queue: it happened before the process would exit.
    expect(dashboards().map((d) => d.user.login)).toEqual(["acme-skills[bot]"]);
    // Who it is came from the token (GraphQL viewer): GET /app needs a JWT Actions does not have.
    const ops = double.requests.map((r) => r.operationId);
    expect(ops[0]).toBe("graphql");
    expect(ops).not.toContain("apps/get-authenticated");
    expect(double.requests.every((r) => r.actor === "acme-skills[bot]")).toBe(true);
  });

  test("through the Action: the step `init --app actions` scaffolds, with the inputs its YAML gives", async () => {
    const { number, path } = await openedFeedback();
    const yml = parse(
      renderAppWorkflow({ kind: "pinned", ref: { repo: "acme/skillops", ref: "v0.1.0" } }),
    ) as {
      jobs: { app: { steps: WorkflowStep[] } };
    };
    const step = yml.jobs.app.steps.find((s) => s.uses === "acme/skillops@v0.1.0")!;
    const stepEnv = actionStepEnv(step, {
      "steps.app-token.outputs.token": TOKEN,
      "steps.app-token.outputs.app-slug": "acme-skills",
      "secrets.OPENAI_API_KEY": "",
      "github.token": "ghs_the_jobs_own_token",
    });
    const { SKILLOPS_GITHUB_TOKEN: _, ...runner } = actionsEnv(path);
    let err = "";
    const code = await runAction({
      env: { ...runner, ...stepEnv, GITHUB_STEP_SUMMARY: join(dir, "summary.md") },
      cwd: dir,
      stdout: () => {},
      stderr: (t) => void (err += t),
    });
    expect(err).toBe("skillops app-event\nskillops: handled issues.opened as acme-skills[bot]\n");
    expect(code).toBe(0);
    expect(double.state.commentsOn(number).map((c) => c.user.login)).toEqual(["acme-skills[bot]"]);
    expect(dashboards()).toHaveLength(1);
  }, 60_000);

  test("a re-run of the job (the same event) adds no second comment or dashboard", async () => {
    const { number, path } = await openedFeedback();
    expect((await appEvent(actionsEnv(path, { SKILLOPS_APP_SLUG: "acme-skills" }))).code).toBe(0);
    const again = await appEvent(
      actionsEnv(path, { SKILLOPS_APP_SLUG: "acme-skills", GITHUB_RUN_ATTEMPT: "2" }),
    );
    expect(again.code).toBe(0);
    expect(double.state.commentsOn(number)).toHaveLength(1);
    expect(dashboards()).toHaveLength(1);
    // The re-run's only write re-adds skillops:needs-info, which the stale payload does not show
    // (adding a label an issue has is a no-op on GitHub).
    const creates = double.writes().filter((w) => w.operationId !== "issues/add-labels");
    // skillops:needs-info is created by the add itself, then given its colour (update-label).
    expect(creates.map((w) => w.operationId)).toEqual([
      "graphql:skillopsCommentCreate", // the form comment, its issue's comments read back
      "issues/update-label",
      // With the dashboard, the other labels feedback events add (accepted, possible-injection,
      // conversion-failed, knowledge), coloured; needs-info this delivery already has. Then its own.
      ...Array<string>(4).fill("issues/create-label"),
      "issues/create-label",
      "issues/create",
    ]);
    // Named by the slug (create-github-app-token's app-slug output): no GraphQL lookup.
    expect(double.requests.some((r) => r.operationId === "graphql")).toBe(false);
  });

  test("a handler that fails makes the job fail (exit 1), saying which", async () => {
    const { path } = await openedFeedback();
    double.state.tokens.delete(TOKEN); // the token expired between minting and use
    const lines: string[] = [];
    const code = await runAppInActions({
      env: actionsEnv(path, { SKILLOPS_BOT_LOGIN: "acme-skills[bot]", LOG_LEVEL: "fatal" }),
      readText: async (p) => (await import("node:fs/promises")).readFile(p, "utf8"),
      log: (line) => lines.push(line),
      Octokit: ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),
    });
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe("skillops: handled issues.opened as acme-skills[bot] with failures");
    expect(lines[0]).toMatch(/^skillops: the issues handler failed: /);
    double.problems.length = 0; // the double refused the unknown token, as GitHub would
  });
});

describe("skillops app-event: setup problems exit 2 before any request", () => {
  const cases: Array<[string, (path: string) => Record<string, string>, RegExp]> = [
    [
      "outside Actions",
      () => ({}),
      /GITHUB_EVENT_NAME is not set: run this as a step of a GitHub Actions job/,
    ],
    [
      "an event the app does not handle",
      (p) => actionsEnv(p, { GITHUB_EVENT_NAME: "schedule" }),
      /this workflow ran on "schedule"; the app handles issues, issue_comment, pull_request, pull_request_review, push, workflow_run/,
    ],
    [
      "no token",
      (p) => {
        const { SKILLOPS_GITHUB_TOKEN: _, ...env } = actionsEnv(p);
        return env;
      },
      /no token: set SKILLOPS_GITHUB_TOKEN to the app's installation token/,
    ],
    [
      "no event file",
      () => actionsEnv(join(dir, "missing.json")),
      /could not read the event payload .*missing\.json: ENOENT/,
    ],
    ["a bad bot login", (p) => actionsEnv(p, { SKILLOPS_BOT_LOGIN: "not a login" }), /is not a GitHub login/],
  ];
  test.each(cases)("%s", async (_name, env, message) => {
    const { path } = await openedFeedback();
    const { code, err } = await appEvent(env(path));
    expect(err).toMatch(message);
    expect(code).toBe(2);
    expect(double.requests).toEqual([]);
  });
});
