// What the acceptance sweep of `skillops evolve --github` costs on GitHub: each feedback issue's
// comments are listed once per run (the sweep reads them, converts, and keeps the case it wrote), not
// once per step. Counted on the double's recorded requests, so a step that re-lists shows.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { acceptedCasesFromGitHub, repoFromActions } from "../../src/apps/app/intake/actions-cases.js";
import { recordAcceptance } from "../../src/apps/app/intake/ingest.js";
import { createTemplateConverter } from "../../src/core/feedback/to-case.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";

const TOKEN = "ghs_sweep_requests_token";
const N = 4;
let double: GitHubDouble;
const env = () => ({
  GITHUB_REPOSITORY: "acme/agent-skills",
  SKILLOPS_GITHUB_TOKEN: TOKEN,
  GITHUB_API_URL: double.baseUrl,
});
const now = fixedClock("2026-11-30T00:00:00Z");

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.tokens.set(TOKEN, double.state.botLogin);
  double.state.collaborators.set("mona", "triage");
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

/** N feedback issues a triager accepted. */
function acceptedIssues(): number[] {
  return Array.from({ length: N }, (_, i) => {
    const issue = double.state.openIssue({
      title: `Feedback ${i}`,
      body: formBody({
        did: `Said ${60 + i} days.`,
        expected: 'Say "30 days".',
        evidence: `Customer: can I get a refund after ${40 + i} days?`,
        category: "general",
      }),
      author: "joe",
      labels: ["skillops:feedback"],
    });
    double.state.labelIssue(issue.number, "skillops:accepted", "mona");
    return issue.number;
  });
}

/** Runs the sweep; how many times each issue's comments were listed during it. */
async function sweep(issues: number[]) {
  const from = double.requests.length;
  const result = await acceptedCasesFromGitHub({
    repo: repoFromActions(env()).repo,
    config: DEFAULT_CONFIG,
    env: env(),
    now,
  });
  const listings = new Map(issues.map((n) => [n, 0]));
  let issueReads = 0;
  for (const r of double.requests.slice(from)) {
    if (r.method !== "GET") continue;
    const m = /^\/repos\/acme\/agent-skills\/issues\/(\d+)\/comments(?:\?|$)/.exec(r.path);
    if (m) listings.set(Number(m[1]), (listings.get(Number(m[1])) ?? 0) + 1);
    if (/^\/repos\/acme\/agent-skills\/issues\/\d+(?:\?|$)/.test(r.path)) issueReads++;
  }
  return { ...result, listings: [...listings.values()], issueReads };
}

describe("the acceptance sweep lists each issue's comments once per run", () => {
  it("when the app recorded the acceptance (the case comment is edited in place)", async () => {
    const issues = acceptedIssues();
    const repo = repoFromActions(env()).repo;
    const feedbackEnv = {
      repo,
      config: DEFAULT_CONFIG,
      converter: createTemplateConverter(),
      now,
      botLogin: double.state.botLogin,
    };
    for (const n of issues) await recordAcceptance(feedbackEnv, n, "mona");
    const first = await sweep(issues);
    expect(first.ingested.map((i) => i.outcome)).toEqual(issues.map(() => "converted"));
    expect(first.cases.map((c) => c.id)).toEqual(issues.map((n) => `issue-${n}`));
    expect(first.listings).toEqual(issues.map(() => 1));
    // The issue list already holds each issue: none is fetched again to convert it.
    expect(first.issueReads).toBe(0);
  });

  it("when every case is up to date, and returns the same cases", async () => {
    const issues = acceptedIssues();
    const first = await sweep(issues);
    // A comment created by this run is re-listed once, so concurrent writers converge on one comment.
    expect(first.listings).toEqual(issues.map(() => 2));
    const again = await sweep(issues);
    expect(again.ingested.map((i) => i.outcome)).toEqual(issues.map(() => "unchanged"));
    expect(again.cases).toEqual(first.cases);
    expect(again.listings).toEqual(issues.map(() => 1));
  });
});
