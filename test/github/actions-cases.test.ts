// What `skillops evolve --github` evolves from: the accepted feedback issues. The sweep first
// converts an accepted issue that has no case comment yet (a conversion the app lost), and never
// takes a case from an issue accepted by someone without triage permission.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { acceptedCasesFromGitHub, repoFromActions } from "../../src/apps/app/intake/actions-cases.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

let double: GitHubDouble;
const TOKEN = "ghs_actions_token";
const env = () => ({
  GITHUB_REPOSITORY: "acme/agent-skills",
  SKILLOPS_GITHUB_TOKEN: TOKEN,
  GITHUB_API_URL: double.baseUrl,
});
const form = (did: string, skill?: string) =>
  formBody({
    did,
    expected: 'Say "30 days".',
    evidence: "Customer: can I get a refund after 40 days?",
    category: "hallucination",
    ...(skill ? { skill } : {}),
  });

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.tokens.set(TOKEN, double.state.botLogin);
  double.state.collaborators.set("mona", "triage");
  double.state.collaborators.set("randy", "read");
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

describe("accepted cases from GitHub", () => {
  it("converts accepted issues that lack a case, then returns one case per accepted issue", async () => {
    const a = double.state.openIssue({
      title: "Refund window",
      body: form("Said 60 days.", "refund-policy"),
      author: "cy",
      labels: ["skillops:feedback"],
    });
    double.state.labelIssue(a.number, "skillops:accepted", "mona");
    const b = double.state.openIssue({
      title: "Not accepted",
      body: form("Something else."),
      author: "cy",
      labels: ["skillops:feedback"],
    });
    const c = double.state.openIssue({
      title: "Accepted by a reader",
      body: form("Third."),
      author: "cy",
      labels: ["skillops:feedback"],
    });
    double.state.labelIssue(c.number, "skillops:accepted", "randy");
    const { repo } = repoFromActions(env());
    const { cases, ingested } = await acceptedCasesFromGitHub({
      repo,
      config: DEFAULT_CONFIG,
      env: env(),
      now: fixedClock("2026-11-30T00:00:00Z"),
    });
    expect(cases.map((x) => x.id)).toEqual([`issue-${a.number}`]);
    expect(cases[0]).toMatchObject({
      category: "hallucination",
      skills: ["refund-policy"],
      provenance: { issue: a.number, acceptedBy: "mona" },
    });
    expect(ingested.find((i) => i.issue === a.number)?.outcome).toBe("converted");
    expect(ingested.find((i) => i.issue === b.number)?.outcome).toBe("not-accepted");
    expect(ingested.find((i) => i.issue === c.number)?.outcome).toBe("not-accepted");
    // A second sweep converts nothing again and returns the same cases.
    const again = await acceptedCasesFromGitHub({
      repo,
      config: DEFAULT_CONFIG,
      env: env(),
      now: fixedClock("2026-11-30T01:00:00Z"),
    });
    expect(again.cases).toEqual(cases);
    expect(again.ingested.find((i) => i.issue === a.number)?.outcome).toBe("unchanged");
  });

  it("with dryRun returns the cases a real sweep would, and sends no write", async () => {
    const a = double.state.openIssue({
      title: "Refund window",
      body: form("Said 60 days.", "refund-policy"),
      author: "cy",
      labels: ["skillops:feedback"],
    });
    double.state.labelIssue(a.number, "skillops:accepted", "mona");
    const { repo } = repoFromActions(env());
    const sweep = (dryRun: boolean) =>
      acceptedCasesFromGitHub({
        repo,
        config: DEFAULT_CONFIG,
        env: env(),
        now: fixedClock("2026-11-30T00:00:00Z"),
        dryRun,
      });
    const dry = await sweep(true);
    // The bot-login lookup is a GraphQL query sent as POST: a read.
    const isQuery = (r: { path: string; body?: unknown }) =>
      r.path === "/graphql" && /^\s*query\b/.test((r.body as { query?: string }).query ?? "");
    expect(double.writes().filter((r) => !isQuery(r))).toEqual([]);
    expect(double.state.commentsOn(a.number)).toEqual([]);
    expect(dry.writes).toEqual([{ method: "createComment", issue: a.number, body: expect.any(String) }]);
    const real = await sweep(false);
    expect(dry.cases).toEqual(real.cases);
    expect(double.state.commentsOn(a.number).map((c) => c.body)).toEqual([dry.writes[0]!.body]);
  });

  it("says which variable is missing", () => {
    expect(() => repoFromActions({ GITHUB_REPOSITORY: "acme/x" })).toThrow(/SKILLOPS_GITHUB_TOKEN/);
    expect(() => repoFromActions({ SKILLOPS_GITHUB_TOKEN: "t" })).toThrow(/owner\/name/);
  });
});
