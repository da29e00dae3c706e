// `skillops ingest --github` against the double: converts accepted feedback that has no case comment
// (a conversion the app lost), checks who added the label through the API, and is idempotent.
import { afterEach, beforeEach, expect, test } from "vitest";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { main } from "../../src/cli/main.js";
import { parseCaseComment } from "../../src/feedback/triage.js";

let double: GitHubDouble;
let token: string;
beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills" });
  double.state.collaborators.set("mona", "triage");
  token = "ghs_actions_installation_token";
  double.state.tokens.set(token, "skillops[bot]");
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

async function ingest(args: string[] = []) {
  let out = "";
  let err = "";
  const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), cwd: process.cwd(), isTTY: false, env: { GITHUB_TOKEN: token, GITHUB_REPOSITORY: "acme/agent-skills", GITHUB_API_URL: double.baseUrl } };
  const code = await main(["ingest", "--github", ...args], io);
  return { code, out, err };
}

const form = (category = "general") => formBody({ did: "Said 60 days.", expected: 'Say "30 days".', evidence: "Refund after 40 days?", category });

test("converts only what a triager accepted, once", async () => {
  const byMona = double.state.openIssue({ title: "A", body: form(), author: "joe", labels: ["skillops:feedback"] });
  double.state.labelIssue(byMona.number, "skillops:accepted", "mona");
  const byRandy = double.state.openIssue({ title: "B", body: form(), author: "joe", labels: ["skillops:feedback"] });
  double.state.labelIssue(byRandy.number, "skillops:accepted", "randy");
  const waiting = double.state.openIssue({ title: "C", body: form(), author: "joe", labels: ["skillops:feedback"] });

  const first = await ingest(["--json"]);
  expect(first.code).toBe(0);
  expect(JSON.parse(first.out).items).toEqual([
    { issue: waiting.number, outcome: "not-accepted", detail: "not-requested" },
    { issue: byRandy.number, outcome: "not-accepted", detail: "insufficient-permission" },
    { issue: byMona.number, outcome: "converted", detail: "case" },
  ]);
  const [comment] = double.state.commentsOn(byMona.number);
  expect(parseCaseComment(comment!.body)).toMatchObject({ id: `issue-${byMona.number}`, provenance: { acceptedBy: "mona" } });
  expect(double.state.commentsOn(byRandy.number)).toEqual([]);

  const writes = double.writes().length;
  const second = await ingest();
  expect(second.out).toContain(`#${byMona.number}\tup to date`);
  expect(double.writes().length).toBe(writes);
});

test("usage errors and an invalid config are specific", async () => {
  expect((await main(["ingest"], { stdout: () => {}, stderr: () => {}, cwd: ".", isTTY: false, env: {} }))).toBe(2);
  double.state.setFile(".github/skillops.yml", "categories: []\n");
  const r = await ingest();
  expect(r.code).toBe(1);
  expect(r.err).toContain("`.github/skillops.yml`: `categories`");
});
