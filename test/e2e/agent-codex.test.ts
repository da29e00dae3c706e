// The codex preset against the real Codex CLI (the pinned devDependency's platform binary, by its
// real path), headless, in the default sandbox, as whoever runs the suite (root in CI), through the
// recording proxy, to a local Responses double (test/support/responses-double.ts) scripted as Codex's
// default model answers: one code-mode `exec` call whose JavaScript reads the skill and runs its
// script through `tools.exec_command`, then a ```json-fenced answer.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { capturedIo } from "../support/captured-io.js";
import { SANDBOX_MISSING } from "../support/containment.js";
import { startResponsesDouble, type ResponsesDouble } from "../support/responses-double.js";
import { realAgent, writeAgentBank } from "../support/real-agents.js";

const CODEX = realAgent("codex");
const REAL_KEY = "sk-real-openai-key-only-upstream-0123456789";
const EXEC = [
  'const a = await tools.exec_command({ cmd: "cat .agents/skills/helper/SKILL.md" });',
  'const b = await tools.exec_command({ cmd: "sh .agents/skills/helper/scripts/check.sh && env" });',
  "text(a.output); text(b.output);",
].join("\n");
let root: string;
let double: ResponsesDouble;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-codex-real-"));
  await writeAgentBank(root, SANDBOX_MISSING);
  double = await startResponsesDouble([
    { custom: { name: "exec", input: EXEC } },
    { text: '```json\n{"answer": "ok"}\n```' },
  ]);
});
afterAll(async () => {
  await double.close();
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(!CODEX)("codex preset with the real Codex CLI", () => {
  it("reads the skill, runs its script with its exit code and passes; the real key stays upstream", async () => {
    const { io, out } = capturedIo(root, {
      PATH: process.env.PATH,
      OPENAI_BASE_URL: double.baseURL,
      OPENAI_API_KEY: REAL_KEY,
    });
    const argv = ["eval", "--bank", "bank", "--cases", "cases", "--n", "1", "--k", "1", "--runner", "codex"];
    const code = await main([...argv, "--agent-cmd", CODEX!, "--json", "--no-cache"], io);
    expect(out.stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    const run = EvalRecord.parse(JSON.parse(out.stdout)).cases[0]!.runDetails[0]!;
    expect(run).toMatchObject({
      pass: true,
      skillsLoaded: ["helper"],
      scriptsRun: ["helper/scripts/check.sh"],
      usageSource: "self-reported",
      modelCalls: 2,
    });
    // Codex sums its turn's usage; the proxy counts the same two answers.
    const u = double.usage;
    expect(run.tokens).toEqual({ input: 2 * u.input, output: 2 * u.output, cached: 2 * u.cached });
    expect(run.proxyTokens).toEqual(run.tokens);
    const posts = double.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.path)).toEqual(["/v1/responses", "/v1/responses"]);
    expect(double.requests.filter((r) => r.headers.upgrade)).toEqual([]);
    for (const r of posts) expect(r.headers.authorization).toBe(`Bearer ${REAL_KEY}`);
    // What the script printed came back to the model: the per-run token, never the real key.
    const shown = JSON.stringify(posts[1]!.body?.input);
    expect(shown).toContain("checked");
    expect(shown).toMatch(/OPENAI_API_KEY=skillops-run-[0-9a-f]+/);
    expect(shown).not.toContain(REAL_KEY);
    expect(shown).not.toContain("OPENAI_BASE_URL");
    // System skills off: the skills Codex lists are the bank's only.
    const listed = JSON.stringify(posts[0]!.body?.input);
    expect(listed).toContain("- helper: Checks a refund before answering.");
    expect(listed).not.toMatch(/- (imagegen|openai-docs|skill-creator|skill-installer):/);
  }, 120_000);
});
