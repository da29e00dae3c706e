// `skillops ingest --github --dry-run` against the double: it reads and converts as a real sweep
// does, lists the issues it would convert and the comments and labels it would write, and sends
// no write request; the real sweep after it then writes exactly those.
import { afterEach, beforeEach, expect, test } from "vitest";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { main } from "../../src/apps/cli/main.js";

let double: GitHubDouble;
const token = "ghs_actions_installation_token";
beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.collaborators.set("mona", "triage");
  double.state.tokens.set(token, "acme-skills[bot]");
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

/** The double's non-GET requests, less GraphQL queries (the bot-login lookup `viewer` is a read sent as POST). */
const writesSent = () =>
  double
    .writes()
    .filter(
      (r) => !(r.path === "/graphql" && /^\s*query\b/.test((r.body as { query?: string }).query ?? "")),
    );

async function ingest(args: string[]) {
  let out = "";
  let err = "";
  const io = {
    stdout: (t: string) => void (out += t),
    stderr: (t: string) => void (err += t),
    cwd: process.cwd(),
    isTTY: false,
    env: { GITHUB_TOKEN: token, GITHUB_REPOSITORY: "acme/agent-skills", GITHUB_API_URL: double.baseUrl },
  };
  const code = await main(["ingest", "--github", ...args], io);
  return { code, out, err };
}

function seedIssues() {
  const good = formBody({
    did: "Said 60 days.",
    expected: 'Say "30 days".',
    evidence: "Refund?",
    category: "general",
  });
  const accepted = double.state.openIssue({
    title: "A",
    body: good,
    author: "joe",
    labels: ["skillops:feedback"],
  });
  double.state.labelIssue(accepted.number, "skillops:accepted", "mona");
  // An accepted issue whose form is broken: a real sweep comments and labels it needs-info.
  const broken = double.state.openIssue({
    title: "B",
    body: "no form",
    author: "joe",
    labels: ["skillops:feedback"],
  });
  double.state.labelIssue(broken.number, "skillops:accepted", "mona");
  return { accepted: accepted.number, broken: broken.number };
}

test("--dry-run lists the conversions and writes, sends no write, and the real sweep writes them", async () => {
  const { accepted, broken } = seedIssues();
  const before = writesSent().length;
  const dry = await ingest(["--dry-run", "--json"]);
  expect(dry.code, dry.err).toBe(0);
  expect(writesSent().slice(before)).toEqual([]);
  expect(double.state.commentsOn(accepted)).toEqual([]);
  const plan = JSON.parse(dry.out) as {
    dryRun: boolean;
    items: { issue: number; outcome: string }[];
    writes: { method: string; issue: number; labels?: string[]; body?: string }[];
  };
  expect(plan.dryRun).toBe(true);
  expect(plan.items).toContainEqual({ issue: accepted, outcome: "converted", detail: "case" });
  expect(plan.items).toContainEqual(expect.objectContaining({ issue: broken, outcome: "form-problems" }));
  expect(plan.writes.map((w) => [w.method, w.issue]).sort()).toEqual(
    [
      ["addLabels", broken],
      ["createComment", accepted],
      ["createComment", broken],
    ].sort(),
  );

  const text = await ingest(["--dry-run"]);
  expect(text.code).toBe(0);
  expect(text.out).toContain(`would convert #${accepted} (case)`);
  expect(text.out).toContain(`would post a comment on #${accepted}`);
  expect(text.out).toContain(`would add label skillops:needs-info on #${broken}`);
  expect(text.out).toMatch(/nothing was written/);
  expect(writesSent().length).toBe(before);

  const real = await ingest(["--json"]);
  expect(real.code, real.err).toBe(0);
  const planned = plan.writes.find((w) => w.method === "createComment" && w.issue === accepted)!;
  // The two runs read the system clock a moment apart: the case's `created` time may differ by a
  // second; everything else of the comment is what the dry run said it would post.
  const untimed = (body: string | undefined) => body?.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, "<time>");
  expect(planned.body).toMatch(/"created":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/);
  expect(double.state.commentsOn(accepted).map((c) => untimed(c.body))).toEqual([untimed(planned.body)]);
  expect(double.state.issue(broken).labels).toContain("skillops:needs-info");
});

test("--dry-run with --knowledge-pr is refused: that preview is not built", async () => {
  const r = await ingest(["--dry-run", "--knowledge-pr"]);
  expect(r.code).toBe(2);
  expect(r.err).toContain("--dry-run does not preview --knowledge-pr");
  expect(writesSent()).toEqual([]);
});
