// The agents-sdk preset with its JavaScript form (`evaluate.agent.script: js`): the shipped
// agents-sdk-agent.mjs on the real @openai/agents (the pinned dependency), headless, in the default
// sandbox, as whoever runs the suite (root in CI), through the recording proxy, to the local chat
// completions double (test/support/openai-double.ts, every request checked against OpenAI's
// published schema) scripted to load the skill, run its script and answer in a ```json fence.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { capturedIo } from "../support/captured-io.js";
import { SANDBOX_MISSING } from "../support/containment.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { writeAgentBank } from "../support/real-agents.js";

const REAL_KEY = "sk-real-openai-key-only-upstream-0123456789";
const USAGE = { input: 120, output: 15, cached: 40 };
let root: string;
let double: OpenAIDouble;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-agents-sdk-js-"));
  await writeAgentBank(root, SANDBOX_MISSING);
  // The script also prints its environment, which goes back to the model as the tool's output.
  await writeFile(join(root, "bank/helper/scripts/check.sh"), "echo checked\nenv\n");
  const sandbox = SANDBOX_MISSING ? "  sandbox: none\n" : "";
  await writeFile(join(root, ".github/skillops.yml"), `evaluate:\n${sandbox}  agent:\n    script: js\n`);
  double = await startOpenAIDouble([
    { completion: { toolCalls: [{ name: "load_skill", arguments: { name: "helper" } }], usage: USAGE } },
    {
      completion: {
        toolCalls: [
          { name: "run_skill_script", arguments: { name: "helper", script: "check.sh", args: [] } },
        ],
        usage: USAGE,
      },
    },
    { completion: { content: '```json\n{"answer": "ok"}\n```', usage: USAGE } },
  ]);
});
afterAll(async () => {
  await double.close();
  await rm(root, { recursive: true, force: true });
});

describe("agents-sdk preset, JavaScript form, with the real @openai/agents", () => {
  it("loads the skill, runs its script with its exit code and passes; the real key stays upstream", async () => {
    const { io, out } = capturedIo(root, {
      PATH: process.env.PATH,
      OPENAI_BASE_URL: double.baseURL,
      OPENAI_API_KEY: REAL_KEY,
    });
    const argv = [
      "eval",
      "--bank",
      "bank",
      "--cases",
      "cases",
      "--n",
      "1",
      "--k",
      "1",
      "--runner",
      "agents-sdk",
    ];
    const code = await main([...argv, "--json", "--no-cache", "--traces-out", "traces.jsonl"], io);
    expect(out.stderr).not.toMatch(/error|warning/i);
    expect(double.scriptErrors).toEqual([]);
    expect(code).toBe(0);
    const run = EvalRecord.parse(JSON.parse(out.stdout)).cases[0]!.runDetails[0]!;
    expect(run).toMatchObject({
      pass: true,
      skillsLoaded: ["helper"],
      scriptsRun: ["helper/scripts/check.sh"],
      usageSource: "self-reported",
      modelCalls: 3,
    });
    const trace = await readFile(join(root, "traces.jsonl"), "utf8");
    expect(trace).toMatch(/"type":"script-ran","skill":"helper","script":"scripts\/check.sh","exitCode":0/);
    // The SDK sums its three chat completions; the proxy counts the same three answers.
    const three = { input: 3 * USAGE.input, output: 3 * USAGE.output, cached: 3 * USAGE.cached };
    expect(run.tokens).toEqual(three);
    expect(run.proxyTokens).toEqual(three);
    expect(double.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      Array(3).fill("POST /v1/chat/completions"),
    );
    for (const r of double.requests) {
      expect(r.errors).toEqual([]);
      expect(r.headers.authorization).toBe(`Bearer ${REAL_KEY}`);
    }
    // The skills listed are the bank's; what the script printed came back: the per-run token only.
    expect(JSON.stringify(double.requests[0]!.body)).toContain("- helper: Checks a refund before answering.");
    const shown = JSON.stringify(double.requests[2]!.body);
    expect(shown).toContain("exit code 0");
    expect(shown).toContain("checked");
    expect(shown).toMatch(/OPENAI_API_KEY=skillops-run-[0-9a-f]+/);
    expect(shown).not.toContain(REAL_KEY);
  }, 120_000);
});
