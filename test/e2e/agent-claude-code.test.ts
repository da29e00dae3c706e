// The claude-code preset against the real Claude Code (the pinned devDependency), headless, in the
// default sandbox, as whoever runs the suite (root in CI), through the recording proxy, to a local
// Anthropic Messages double (test/support/anthropic-double.ts) scripted to load the skill, run its
// script and answer in a ```json fence. The program is passed by its real path (no npm .bin link).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { capturedIo } from "../support/captured-io.js";
import { SANDBOX_MISSING } from "../support/containment.js";
import { startAnthropicDouble, type AnthropicDouble } from "../support/anthropic-double.js";
import { realAgent, writeAgentBank } from "../support/real-agents.js";

const CLAUDE = realAgent("claude-code");
const REAL_KEY = "sk-ant-real-key-only-upstream-0123456789";
let root: string;
let double: AnthropicDouble;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-claude-real-"));
  await writeAgentBank(root, SANDBOX_MISSING);
  double = await startAnthropicDouble([
    { tool: { name: "Skill", input: { skill: "helper" } } },
    {
      tool: {
        name: "Bash",
        input: { command: "sh .claude/skills/helper/scripts/check.sh && env", description: "Run the check" },
      },
    },
    { text: '```json\n{"answer": "ok"}\n```' },
  ]);
});
afterAll(async () => {
  await double.close();
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(!CLAUDE)("claude-code preset with the real Claude Code", () => {
  it("loads the skill, runs its script and passes; only the per-run token reaches the agent", async () => {
    const { io, out } = capturedIo(root, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: double.baseURL,
      ANTHROPIC_API_KEY: REAL_KEY,
    });
    const argv = ["eval", "--bank", "bank", "--cases", "cases", "--n", "1", "--k", "1"];
    const code = await main(
      [...argv, "--runner", "claude-code", "--agent-cmd", CLAUDE!, "--json", "--no-cache"],
      io,
    );
    expect(out.stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    const run = EvalRecord.parse(JSON.parse(out.stdout)).cases[0]!.runDetails[0]!;
    expect(run).toMatchObject({
      pass: true,
      skillsLoaded: ["helper"],
      scriptsRun: ["helper/scripts/check.sh"],
      // num_turns as Claude Code 2.1.197 reports it: the three model turns plus the skill's own.
      turns: 4,
      usageSource: "self-reported",
    });
    expect(run.otherSkills).toBeUndefined();
    const tooled = (r: (typeof double.requests)[number]) =>
      Array.isArray(r.body?.tools) && r.body.tools.length > 0;
    const main3 = double.requests.filter((r) => r.path === "/v1/messages" && tooled(r));
    expect(main3).toHaveLength(3);
    // The proxy counted every answer, the untooled side call (its session title) included.
    const answered = double.requests.filter((r) => r.path === "/v1/messages").length;
    expect(run.modelCalls).toBeGreaterThanOrEqual(answered);
    expect(run.proxyTokens).toEqual({
      input: answered * double.usage.input,
      output: answered * double.usage.output,
      cached: 0,
    });
    // The real key only upstream; the agent (and the script it ran) saw the per-run token.
    for (const r of double.requests.filter((q) => q.method === "POST"))
      expect(r.headers["x-api-key"]).toBe(REAL_KEY);
    const shown = JSON.stringify(main3[2]!.body?.messages);
    expect(shown).toContain("checked");
    expect(shown).toMatch(/ANTHROPIC_API_KEY=skillops-run-[0-9a-f]+/);
    expect(shown).not.toContain(REAL_KEY);
    expect(shown).toContain("IS_SANDBOX=1");
    // Claude Code's own usage counts its main loop only, not its session-title call: the gap shows.
    expect(run.tokens).toEqual({ input: 3 * double.usage.input, output: 3 * double.usage.output, cached: 0 });
    // Bundled skills off: the skills the agent is told about are the bank's only.
    const system = JSON.stringify(main3[0]!.body?.messages);
    expect(system).toContain("- helper: Checks a refund before answering.");
    expect(system).not.toMatch(/- (deep-research|code-review|simplify):/);
  }, 120_000);
});
