// `skillops ingest --traces FILE --issues` against the GitHub double: one feedback issue per drafted
// case (labels skillops:feedback + skillops:trace), in the feedback form's shape so it is accepted
// and converted like any other feedback; a second run opens nothing new.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { parseFeedbackForm } from "../../src/core/feedback/issue-form.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";

const token = "ghs_trace_issues";
let double: GitHubDouble;
let dir: string;

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.tokens.set(token, "acme-skills[bot]");
  dir = mkdtempSync(join(tmpdir(), "skillops-trace-issues-"));
});
afterEach(async () => {
  double.assertClean();
  await double.close();
  rmSync(dir, { recursive: true, force: true });
});

const TRACE = {
  case: "support-chat-17",
  outcome: "unknown",
  skillsAvailable: ["fare-rules"],
  messages: [
    { role: "user", content: "What does the change fee on booking K1NW8N come to?\n## not a heading" },
    ...[1, 2, 3].map((i) => ({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: `c${i}`, type: "function", function: { name: "get_booking", arguments: '{"id":"K1NW8N"}' } },
      ],
    })),
    { role: "tool", tool_call_id: "c1", content: "error: booking service timed out" },
    { role: "tool", tool_call_id: "c2", content: "fare 412 USD, class economy" },
    { role: "tool", tool_call_id: "c3", content: "fare 412 USD, class economy" },
    { role: "assistant", content: "The change fee is 75 USD on a fare of 412 USD." },
  ],
};

async function ingest(args: string[], env: Record<string, string> = {}) {
  let out = "";
  let err = "";
  const io = {
    stdout: (t: string) => void (out += t),
    stderr: (t: string) => void (err += t),
    cwd: dir,
    isTTY: false,
    env: {
      GITHUB_TOKEN: token,
      GITHUB_REPOSITORY: "acme/agent-skills",
      GITHUB_API_URL: double.baseUrl,
      ...env,
    },
  };
  const code = await main(["ingest", ...args], io);
  return { code, out, err };
}

const traceIssues = () =>
  [...double.state.issues.values()].filter((i) => i.labels.includes("skillops:trace"));

test("one feedback issue per drafted case, a valid form awaiting acceptance; a re-run opens none", async () => {
  writeFileSync(join(dir, "traces.jsonl"), `${JSON.stringify(TRACE)}\n`);
  const first = await ingest(["--traces", "traces.jsonl", "--issues", "--json"]);
  expect(first.err).toBe("");
  expect(first.code).toBe(0);
  const report = JSON.parse(first.out) as { simulated: boolean; opened: { case: string }[] };
  expect(report.simulated).toBe(true);
  expect(report.opened.map((o) => o.case)).toEqual([
    "trace-support-chat-17-r0-failed-tool-call",
    "trace-support-chat-17-r0-ungrounded-value",
    "trace-support-chat-17-r0-loop",
    "trace-support-chat-17-r0-skill-not-consulted",
  ]);
  const issues = traceIssues();
  expect(issues).toHaveLength(4);
  for (const issue of issues) {
    expect(issue.labels).toEqual(["skillops:feedback", "skillops:trace"]);
    expect(issue.labels).not.toContain("skillops:accepted");
    const form = parseFeedbackForm(issue.body ?? "", { categories: ["general"], maxBodyChars: 20_000 });
    expect(form.ok, JSON.stringify(form)).toBe(true);
  }
  const ungrounded = issues.find((i) => i.body?.includes("ungrounded-value"))!;
  expect(ungrounded.body).toContain('- not-contains "75"');
  expect(ungrounded.body).toContain("\\## not a heading"); // trace text cannot add a form heading

  const again = await ingest(["--traces", "traces.jsonl", "--issues", "--json"]);
  expect(JSON.parse(again.out)).toMatchObject({ opened: [], existing: report.opened.map((o) => o.case) });
  expect(traceIssues()).toHaveLength(4);
});

test("--issues refuses --accept, and needs a token", async () => {
  writeFileSync(join(dir, "traces.jsonl"), `${JSON.stringify(TRACE)}\n`);
  const accept = await ingest(["--traces", "traces.jsonl", "--issues", "--accept"]);
  expect(accept.code).toBe(2);
  expect(accept.err).toContain(
    "--issues opens feedback issues, accepted on GitHub: leave out --accept and --out",
  );
  const noToken = await ingest(["--traces", "traces.jsonl", "--issues"], { GITHUB_TOKEN: "" });
  expect(noToken.code).toBe(2);
  expect(noToken.err).toContain("--issues needs a token: set SKILLOPS_GITHUB_TOKEN");
  expect(traceIssues()).toEqual([]);
});
