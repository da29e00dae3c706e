// `skillops eval` end to end on a deterministic command agent: the record must equal a hand
// computation of pass@k, per-category pass rates, token means and execution counts.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import type { CliIo } from "../../src/apps/cli/context.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { splitCommandLine } from "../../src/io/runners/command-line.js";

// Run i of a case passes iff the i-th digit of its plan is 1; it reports 1000 + 100·i input and
// 10·(i+1) output tokens. Deterministic, so every figure can be computed by hand.
const AGENT = String.raw`
import { readFileSync, existsSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
const plan = /plan=([01,]+)/.exec(input.case.prompt)[1].split(",");
const i = input.runIndex;
if (!existsSync(input.skillsDir + "/helper/SKILL.md")) { process.stderr.write("no skills"); process.exit(9); }
console.log(JSON.stringify({ output: { answer: plan[i] === "1" ? "ok" : "wrong" }, usage: { input_tokens: 1000 + 100 * i, output_tokens: 10 * (i + 1) } }));
`;

const PLANS: Record<string, [string, string]> = {
  g1: ["general", "1,1,1,1"],
  g2: ["general", "0,0,1,0"],
  h1: ["hallucination", "0,0,0,0"],
  h2: ["hallucination", "0,1,0,1"],
  s1: ["special", "1,0,1,1"],
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-eval-"));
  await mkdir(join(root, "bank/helper"), { recursive: true });
  await writeFile(
    join(root, "bank/helper/SKILL.md"),
    "---\nname: helper\ndescription: Answers ok when it should.\n---\nSay ok.\n",
  );
  await writeFile(join(root, "agent.mjs"), AGENT);
  for (const [id, [category, plan]] of Object.entries(PLANS)) {
    await mkdir(join(root, "cases", category), { recursive: true });
    await writeFile(
      join(root, "cases", category, `${id}.yml`),
      [
        `id: ${id}`,
        `category: ${category}`,
        "diagnosis: the agent should answer ok",
        "task:",
        `  prompt: "Answer. plan=${plan}"`,
        "  rubric:",
        "    - type: contains",
        "      path: $.answer",
        "      value: ok",
        "provenance:",
        "  channel: manual",
        '  created: "2026-11-30T00:00:00Z"',
        "",
      ].join("\n"),
    );
  }
});
afterAll(async () => rm(root, { recursive: true, force: true }));

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    cwd: root,
    isTTY: false,
    env,
  };
  const code = await main(["eval", "--bank", "bank", "--cases", "cases", ...args], io);
  return { code, stdout, stderr };
}

const agentCmd = () => `'${process.execPath}' agent.mjs`;

describe("skillops eval", () => {
  it("n = k = 3: exactly the hand-computed pass@k, category rates, token means and executions", async () => {
    const { code, stdout, stderr } = await run([
      "--runner",
      "command",
      "--agent-cmd",
      agentCmd(),
      "--json",
      "--no-cache",
      "--bootstrap",
      "500",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const r = EvalRecord.parse(JSON.parse(stdout));
    // Early stop at the first success: g1 1 run, g2 3, h1 3 (all fail), h2 2, s1 1.
    expect(r.cases.map((c) => [c.id, c.category, c.runs, c.successes, c.passAtK])).toEqual([
      ["g1", "general", 1, 1, 1],
      ["g2", "general", 3, 1, 1],
      ["h1", "hallucination", 3, 0, 0],
      ["h2", "hallucination", 2, 1, 1],
      ["s1", "special", 1, 1, 1],
    ]);
    expect(Object.fromEntries(Object.entries(r.perCategory).map(([k, v]) => [k, [v.rate, v.n]]))).toEqual({
      general: [1, 2],
      hallucination: [0.5, 2],
      special: [1, 1],
    });
    expect(r.total.rate).toBe(0.8);
    // Per-case mean tokens: g1 1000|10, g2 1100|20, h1 1100|20, h2 1050|15, s1 1000|10.
    expect(r.cases.map((c) => [c.tokens.input, c.tokens.output])).toEqual([
      [1000, 10],
      [1100, 20],
      [1100, 20],
      [1050, 15],
      [1000, 10],
    ]);
    expect(r.cost).toEqual({ input: 1050, output: 15, cached: 0 });
    expect(r.executions).toEqual({
      run: 10,
      savedByCache: 0,
      savedByEarlyStop: 5,
      naive: 15,
      transientFailures: 0,
    });
    expect(r.total.low).toBeLessThanOrEqual(0.8);
    expect(r.total.high).toBeGreaterThanOrEqual(0.8);
  });

  it("n = 4, k = 2: the unbiased estimator by hand, stopping only once pass@k is certain", async () => {
    const { code, stdout } = await run([
      "--runner",
      "command",
      "--agent-cmd",
      agentCmd(),
      "--n",
      "4",
      "--k",
      "2",
      "--json",
      "--no-cache",
      "--bootstrap",
      "200",
    ]);
    expect(code).toBe(0);
    const r = EvalRecord.parse(JSON.parse(stdout));
    expect(r.cases.map((c) => [c.id, c.runs, c.successes])).toEqual([
      ["g1", 3, 3],
      ["g2", 4, 1],
      ["h1", 4, 0],
      ["h2", 4, 2],
      ["s1", 4, 3],
    ]);
    const pk = Object.fromEntries(r.cases.map((c) => [c.id, c.passAtK]));
    expect(pk.g1).toBe(1);
    expect(pk.g2).toBeCloseTo(1 - 3 / 6, 12); // 1 − C(3,2)/C(4,2)
    expect(pk.h1).toBe(0);
    expect(pk.h2).toBeCloseTo(1 - 1 / 6, 12); // 1 − C(2,2)/C(4,2)
    expect(pk.s1).toBe(1);
    expect(r.perCategory.general!.rate).toBeCloseTo(0.75, 12);
    expect(r.perCategory.hallucination!.rate).toBeCloseTo(5 / 12, 12);
    expect(r.perCategory.special!.rate).toBe(1);
    expect(r.total.rate).toBeCloseTo(2 / 3, 12);
    // g1: runs 0..2 → (1000+1100+1200)/3 = 1100 in, 20 out; the rest ran 4 → 1150 in, 25 out.
    expect(r.cost.input).toBeCloseTo((1100 + 4 * 1150) / 5, 12);
    expect(r.cost.output).toBeCloseTo((20 + 4 * 25) / 5, 12);
    expect(r.executions).toEqual({
      run: 19,
      savedByCache: 0,
      savedByEarlyStop: 1,
      naive: 20,
      transientFailures: 0,
    });
  });

  it("keeps executions in the on-disk cache: a second run executes nothing", async () => {
    const args = [
      "--runner",
      "command",
      "--agent-cmd",
      agentCmd(),
      "--json",
      "--cache-dir",
      ".cache",
      "--bootstrap",
      "100",
    ];
    const first = EvalRecord.parse(JSON.parse((await run(args)).stdout));
    const second = EvalRecord.parse(JSON.parse((await run(args)).stdout));
    expect(first.executions.run).toBe(10);
    expect(second.executions).toEqual({
      run: 0,
      savedByCache: 10,
      savedByEarlyStop: 5,
      naive: 15,
      transientFailures: 0,
    });
    expect(second.total).toEqual(first.total);
  });

  it("prints a readable summary without --json (no colour, no progress bar off a TTY)", async () => {
    const { code, stdout } = await run([
      "--runner",
      "command",
      "--agent-cmd",
      agentCmd(),
      "--no-cache",
      "--bootstrap",
      "100",
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("hallucination: 50.0%");
    expect(stdout).toContain("executions: 10 run, 0 from cache, 5 saved by early stop (naive: 15)");
    expect(stdout.includes("\u001b[")).toBe(false);
  });

  it("in Actions, appends the per-category table to the job summary", async () => {
    const summary = join(root, "step-summary.md");
    await writeFile(summary, "earlier step\n");
    const { code } = await run(
      ["--runner", "command", "--agent-cmd", agentCmd(), "--no-cache", "--bootstrap", "100", "--json"],
      { GITHUB_STEP_SUMMARY: summary },
    );
    expect(code).toBe(0);
    const text = await readFile(summary, "utf8");
    expect(text.startsWith("earlier step\n### skillops eval: `bank` on `cases`")).toBe(true);
    expect(text).toContain("| hallucination | 50.0% |");
    expect(text).toContain("| **total** | **80.0%** |");
  });

  it("usage errors exit 2 with a message; a missing API key exits 1 naming the variable", async () => {
    expect((await run(["--runner", "command"])).stderr).toMatch(/needs --agent-cmd/);
    expect((await run(["--runner", "command"])).code).toBe(2);
    const piped = await run(["--runner", "command", "--agent-cmd", "node agent.mjs | tee log"]);
    expect([piped.code, piped.stderr]).toEqual([2, expect.stringMatching(/"\|" needs a shell/)]);
    expect((await run(["--n", "2", "--k", "3"])).code).toBe(2);
    const noKey = await run(["--runner", "reference"]);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/OPENAI_API_KEY is not set/);
  });
});

describe("splitCommandLine", () => {
  it.each([
    ["python3 agent.py --fast", ["python3", "agent.py", "--fast"]],
    [`node 'my agent.mjs' "a b" c\\ d`, ["node", "my agent.mjs", "a b", "c d"]],
    [`cmd '' "x\\"y"`, ["cmd", "", 'x"y']],
  ])("%s", (line, want) => expect(splitCommandLine(line)).toEqual(want));

  it.each(["a | b", "a; rm -rf /", "echo $HOME", "a `b`", "a > out", "'unclosed", "   "])(
    "refuses %j",
    (line) => {
      expect(() => splitCommandLine(line)).toThrow();
    },
  );
});
