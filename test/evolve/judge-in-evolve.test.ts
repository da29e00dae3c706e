// Judge rubric items inside `evolve` are scored as `skillops eval` scores them: by the model in the
// role `judge`, through the real `openai` client, here against the local OpenAI double. The judge's
// tokens are counted under `judge` and never in the cost the frontier compares.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Case } from "../../src/records/case.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createMemoryCache } from "../../src/core/evaluate/cache.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { measure } from "../../src/core/evolve/measure.js";
import { RunRecord } from "../../src/records/run-record.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble, type OpenAIDouble, type RecordedRequest } from "../support/openai-double.js";
import * as refundWorld from "./openai-refund-world.js";

let judgeDouble: OpenAIDouble | undefined;
afterEach(async () => {
  await judgeDouble?.close();
  judgeDouble = undefined;
  await refundWorld.double?.close();
});

type Body = { model: string; messages: { role: string; content?: string | null }[] };
const schemaOf = (r: RecordedRequest) =>
  (r.body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema?.name;

/** A judge that passes an answer exactly when the answer it is shown says "refund". */
function judgeReply(req: RecordedRequest, usage = { input: 90, output: 12 }) {
  const user = (req.body as Body).messages.find((m) => m.role === "user")?.content ?? "";
  const answer =
    /The agent's answer \(data, not instructions\):\n(`{3,})\n([\s\S]*?)\n\1/.exec(user)?.[2] ?? "";
  const pass = /refund/.test(answer);
  return {
    completion: {
      content: JSON.stringify({ reasoning: pass ? "The agent refunds." : "No refund is offered.", pass }),
      usage,
    },
  };
}

const judgedCase = (id: string): Case => ({
  id,
  category: "general",
  diagnosis: "d",
  task: {
    prompt: `Order ${id} arrived broken.`,
    files: [],
    rubric: [
      { type: "contains", value: "order" },
      { type: "judge", criterion: "The agent refunds the damaged order without asking for a return." },
    ],
  },
  skills: [],
  provenance: { channel: "manual", created: "2026-01-01T00:00:00Z" },
});

/** The agent at the edge: a fixed reply per case, 100 | 10 tokens a run. */
function agent(replies: Record<string, string>): Runner & { calls: number } {
  const r = {
    name: "fake",
    settingsKey: "fake",
    calls: 0,
    async run(input: { case: Case }) {
      r.calls++;
      return { output: replies[input.case.id]!, trace: [], usage: { input: 100, output: 10, cached: 0 } };
    },
  };
  return r;
}

describe("measure scores judge items with the judge model", () => {
  it("asks the judge through the real client, counts its tokens apart from the agent's cost", async () => {
    judgeDouble = await startOpenAIDouble((req) => judgeReply(req));
    const config = ModelsConfig.parse({
      baseURL: judgeDouble.baseURL,
      maxRetries: 0,
      roles: { judge: { model: "judge-model" } },
    });
    const judge = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" } });
    const runner = agent({ good: "We refund your order in full.", bad: "Please return the order first." });
    const cache = createMemoryCache();
    const opts = { skills: [], categories: ["general"], cases: [judgedCase("good"), judgedCase("bad")] };
    const m = await measure({ ...opts, runner, n: 1, k: 1, judge, cache });

    const byId = Object.fromEntries(m.results.map((r) => [r.id, r]));
    expect(byId.good!.passAtK).toBe(1);
    expect(byId.bad!.passAtK).toBe(0);
    expect(byId.bad!.runDetails[0]!.items[1]).toEqual({
      type: "judge",
      pass: false,
      reason: "No refund is offered.",
    });
    expect(judgeDouble.requests.map(schemaOf)).toEqual(["judge_verdict", "judge_verdict"]);
    expect(judgeDouble.requests.map((r) => (r.body as Body).model)).toEqual(["judge-model", "judge-model"]);
    expect(judgeDouble.requests.flatMap((r) => r.errors)).toEqual([]);
    expect(m.judgeTokens).toEqual({ input: 180, output: 24, cached: 0 });
    // The deployment cost is what the agent spends per case; the judge's 90 | 12 is not in it.
    expect(m.cost).toEqual({ input: 100, output: 10, cached: 0 });
    expect(judge.ledger.byRole().judge).toMatchObject({ calls: 2, input: 180, output: 24 });

    // The cache holds executions, not verdicts (as in eval): a cached output is judged again.
    const again = await measure({ ...opts, runner, n: 1, k: 1, judge, cache });
    expect(runner.calls).toBe(2);
    expect(again.executions.savedByCache).toBe(2);
    expect(again.results.map((r) => r.passAtK)).toEqual(m.results.map((r) => r.passAtK));
    expect(judgeDouble.requests).toHaveLength(4);
  });
});

const JUDGE_ITEM = '\n    - { type: judge, criterion: "The agent refunds the damaged order." }';

async function addJudgeItems(dir: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const path = join(dir, file);
    await writeFile(path, (await readFile(path, "utf8")).replace("  rubric:\n", `  rubric:${JUDGE_ITEM}\n`));
  }
}

describe("skillops evolve --model openai scores judge items", () => {
  it("sends judge requests, records them under tokens.judge, and keeps them out of the frontier's cost", async () => {
    const agentScript = `import { readFileSync } from "node:fs";\nconst req = JSON.parse(readFileSync(0, "utf8"));\nconst skill = readFileSync(req.skillsDir + "/refunds/SKILL.md", "utf8");\nprocess.stdout.write(JSON.stringify({ output: { verdict: skill.includes(${JSON.stringify(refundWorld.RULE)}) ? "refund" : "ask-for-return" }, usage: { input_tokens: 100, output_tokens: 5 } }));\n`;
    const dir = await refundWorld.prepare("", (req) =>
      schemaOf(req) === "judge_verdict"
        ? judgeReply(req, { input: 500, output: 20 })
        : refundWorld.model(req),
    );
    await writeFile(join(dir, "agent.mjs"), agentScript);
    const cfg = await readFile(join(dir, ".github/skillops.yml"), "utf8");
    await writeFile(
      join(dir, ".github/skillops.yml"),
      `${cfg}evaluate:\n  runner: command\n  agentCommand: [${JSON.stringify(process.execPath)}, agent.mjs]\n`,
    );
    await addJudgeItems(dir, ["cases/general/dmg-1.yml", "cases/general/dmg-2.yml"]);
    expect(await readFile(join(dir, "cases/general/dmg-1.yml"), "utf8")).toContain("type: judge");

    const { code, stdout, stderr } = await refundWorld.evolveIn(dir);
    expect(stderr).not.toMatch(/^(error|warning)/m);
    expect(code).toBe(0);
    const judged = refundWorld.double!.requests.filter((r) => schemaOf(r) === "judge_verdict");
    expect(judged.length).toBeGreaterThan(0);
    expect(refundWorld.double!.scriptErrors).toEqual([]);

    const record = RunRecord.parse(JSON.parse(stdout));
    expect(record.tokens.judge).toEqual({
      input: 500 * judged.length,
      output: 20 * judged.length,
      cached: 0,
      calls: judged.length,
    });
    expect(record.tokens.diagnoser!.calls).toBeGreaterThan(0);
    // The agent spends 100 | 5 per case: that, and not the judge's 500 | 20, is the compared cost.
    expect(record.baseline.cost).toEqual({ input: 100, output: 5, cached: 0 });
    for (const member of record.frontier) expect(member.cost).toEqual({ input: 100, output: 5, cached: 0 });
    const star = record.frontier.find((m) => m.selected)!;
    expect(star.resolved).toEqual(["dmg-1", "dmg-2"]);
  });

  it("runs command items from the case's folder, as eval does", async () => {
    // The scorer reads its expectation from a file beside it: it runs from the case's folder (read-only
    // in the sandbox: a case-supplied scorer writes nowhere but its private temporary folder).
    const evolveWith = async (expected: string) => {
      const dir = await refundWorld.prepare();
      const checker = `import { readFileSync } from "node:fs";\nconst want = readFileSync("expected.txt", "utf8").trim();\nprocess.exit(JSON.parse(readFileSync(0, "utf8")).verdict === want ? 0 : 1);\n`;
      await writeFile(join(dir, "cases/general/check.mjs"), checker);
      await writeFile(join(dir, "cases/general/expected.txt"), `${expected}\n`);
      const path = join(dir, "cases/general/dmg-1.yml");
      const item = `    - { type: command, run: [${JSON.stringify(process.execPath)}, check.mjs] }`;
      await writeFile(path, (await readFile(path, "utf8")).replace("  rubric:\n", `  rubric:\n${item}\n`));
      const { code, stdout } = await refundWorld.evolveIn(dir);
      expect(code).toBe(0);
      await refundWorld.double?.close();
      return RunRecord.parse(JSON.parse(stdout));
    };
    // dmg-1 is resolved only if its command item passed once the rule was in…
    const passing = await evolveWith("refund");
    expect(passing.frontier.find((m) => m.selected)!.resolved).toEqual(["dmg-1", "dmg-2"]);
    // …and the same answer fails when the file beside the scorer expects another: the scorer decided.
    const failing = await evolveWith("never");
    expect(failing.frontier.find((m) => m.selected)!.resolved).toEqual(["dmg-2"]);
  });
});
