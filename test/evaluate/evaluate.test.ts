import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cacheKey, createMemoryCache } from "../../src/core/evaluate/cache.js";
import { createDiskCache } from "../../src/io/cache/cache-store.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { evaluate, evaluateCase, summarizeEvaluation } from "../../src/core/evaluate/evaluate.js";
import { TRANSIENT_RERUNS } from "../../src/core/evaluate/execute-run.js";
import { ZERO_TOKENS } from "../../src/records/tokens.js";
import { passAtK } from "../../src/core/evaluate/metrics.js";
import type { RunInput, RunResult, Runner } from "../../src/core/evaluate/runner.js";
import { SystemicError } from "../../src/core/llm/model.js";
import { makeCase, makeSkill } from "./fixtures.js";

/** A scripted agent: `plan[caseId][runIndex]` says whether that execution answers correctly. */
function scriptedRunner(
  plan: Record<string, boolean[]>,
  opts: {
    tokens?: (i: RunInput) => number;
    failAt?: number;
    transientFor?: string;
    /** With transientFor: only this many of its executions are transient, the later ones run. */
    transientTimes?: number;
  } = {},
): Runner & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: "scripted",
    settingsKey: "scripted-v1",
    calls,
    async run(input): Promise<RunResult> {
      calls.push(`${input.case.id}#${input.runIndex}`);
      if (opts.failAt !== undefined && calls.length === opts.failAt)
        throw new SystemicError("budget spent", "budget");
      const usage = { input: opts.tokens?.(input) ?? 100, output: 10, cached: 0 };
      const transientSoFar = calls.filter((c) => c.startsWith(`${opts.transientFor}#`)).length;
      if (input.case.id === opts.transientFor && transientSoFar <= (opts.transientTimes ?? Infinity))
        return { output: null, trace: [], usage, error: "rate limited", transient: true };
      const good = plan[input.case.id]?.[input.runIndex] ?? false;
      return { output: good ? "ok" : "wrong", trace: [{ type: "skill-loaded", skill: "s" }], usage };
    },
  };
}

const skills = [makeSkill("s", "does things", "body")];
const base = { skills, bootstrap: 1000, seed: 0, concurrency: 2 };

describe("evaluateCase", () => {
  it("with n = k stops at the first success, and pass@k is exactly 1", async () => {
    const runner = scriptedRunner({ a: [false, true, true] });
    const r = await evaluateCase({ case: makeCase("a"), skills, runner, n: 3, k: 3 });
    expect(runner.calls).toEqual(["a#0", "a#1"]);
    expect(r).toMatchObject({
      runs: 2,
      successes: 1,
      passAtK: 1,
      executed: 2,
      savedByEarlyStop: 1,
      savedByCache: 0,
    });
    expect(r.runDetails.map((d) => d.skillsLoaded)).toEqual([["s"], ["s"]]);
  });

  it("runs all n when nothing passes (pass@k = 0)", async () => {
    const r = await evaluateCase({
      case: makeCase("a"),
      skills,
      runner: scriptedRunner({ a: [false, false, false] }),
      n: 3,
      k: 3,
    });
    expect(r).toMatchObject({ runs: 3, successes: 0, passAtK: 0, savedByEarlyStop: 0 });
  });

  it("with n > k stops once n − k + 1 successes make pass@k certain", async () => {
    const r = await evaluateCase({
      case: makeCase("a"),
      skills,
      runner: scriptedRunner({ a: [true, false, true, true, false] }),
      n: 5,
      k: 3,
    });
    expect(r).toMatchObject({ runs: 4, successes: 3, passAtK: 1, savedByEarlyStop: 1 });
  });

  it("without early stop runs every run and uses the unbiased estimator", async () => {
    const r = await evaluateCase({
      case: makeCase("a"),
      skills,
      runner: scriptedRunner({ a: [true, false, false, true, false] }),
      n: 5,
      k: 2,
      earlyStop: false,
    });
    expect(r).toMatchObject({ runs: 5, successes: 2, passAtK: 1 - 3 / 10, savedByEarlyStop: 0 }); // C(3,2)/C(5,2)
  });

  it("rejects k > n as a configuration error", async () => {
    await expect(
      evaluateCase({ case: makeCase("a"), skills, runner: scriptedRunner({}), n: 2, k: 3 }),
    ).rejects.toThrow(SystemicError);
  });
});

describe("evaluate", () => {
  let dir: string | undefined;
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

  const cases = [
    makeCase("g1"),
    makeCase("g2"),
    makeCase("h1", { category: "hallucination" }),
    makeCase("h2", { category: "hallucination" }),
  ];
  const plan = {
    g1: [true, true, true],
    g2: [false, false, true],
    h1: [false, false, false],
    h2: [false, true, false],
  };

  it("gives the hand-computed record: pass@k, per-category rates, token means, execution counts", async () => {
    const runner = scriptedRunner(plan, { tokens: (i) => 100 * (i.runIndex + 1) });
    const record = EvalRecord.parse(await evaluate({ ...base, cases, runner, n: 3, k: 3 }));
    expect(record.cases.map((c) => [c.id, c.runs, c.successes, c.passAtK])).toEqual([
      ["g1", 1, 1, 1],
      ["g2", 3, 1, 1],
      ["h1", 3, 0, 0],
      ["h2", 2, 1, 1],
    ]);
    expect(record.perCategory.general).toMatchObject({ rate: 1, n: 2, low: 1, high: 1 });
    expect(record.perCategory.hallucination).toMatchObject({ rate: 0.5, n: 2 });
    expect(record.total.rate).toBe(0.75);
    // Input tokens per run are 100·(runIndex+1): g1 100, g2 (100+200+300)/3=200, h1 200, h2 150.
    expect(record.cases.map((c) => c.tokens.input)).toEqual([100, 200, 200, 150]);
    expect(record.cost).toEqual({ input: (100 + 200 + 200 + 150) / 4, output: 10, cached: 0 });
    expect(record.executions).toEqual({
      run: 9,
      savedByCache: 0,
      savedByEarlyStop: 3,
      naive: 12,
      transientFailures: 0,
    });
  });

  it("a second evaluation of the same skills is served by the cache", async () => {
    const cache = createMemoryCache();
    const runner = scriptedRunner(plan);
    const first = await evaluate({ ...base, cases, runner, n: 3, k: 3, cache });
    const second = await evaluate({ ...base, cases, runner, n: 3, k: 3, cache });
    expect(second.executions).toEqual({
      run: 0,
      savedByCache: 9,
      savedByEarlyStop: 3,
      naive: 12,
      transientFailures: 0,
    });
    expect(second.total).toEqual(first.total);
    expect(runner.calls).toHaveLength(9);
    // Changing a skill changes what the agent sees: nothing is reused.
    const third = await evaluate({
      ...base,
      skills: [makeSkill("s", "does things", "body v2")],
      cases,
      runner,
      n: 3,
      k: 3,
      cache,
    });
    expect(third.executions.savedByCache).toBe(0);
  });

  it("runs a transient failure again (bounded) and scores only the run that worked; nothing transient is cached", async () => {
    const cache = createMemoryCache();
    const runner = scriptedRunner({ ...plan, h1: [true] }, { transientFor: "h1", transientTimes: 2 });
    const r = await evaluate({ ...base, cases, runner, n: 1, k: 1, cache });
    const h1 = r.cases.find((c) => c.id === "h1")!;
    expect(runner.calls.filter((c) => c === "h1#0")).toHaveLength(3);
    expect(h1).toMatchObject({ executed: 3, passAtK: 1 });
    expect(h1.runDetails[0]).toMatchObject({ pass: true });
    expect(h1.runDetails[0]!.transient).toBeUndefined();
    expect(r.executions.transientFailures).toBe(0);
    expect(cache.size()).toBe(cases.length);
  });

  it("a case whose every run stays transient is never scored: the evaluation stops and caches none of it", async () => {
    const cache = createMemoryCache();
    const runner = scriptedRunner(plan, { transientFor: "h1" });
    await expect(evaluate({ ...base, cases, runner, n: 3, k: 3, cache })).rejects.toThrow(
      /case h1: every run ended in an infrastructure failure, so nothing was scored or cached \(last: rate limited\)/,
    );
    expect(runner.calls.filter((c) => c === "h1#0")).toHaveLength(1 + TRANSIENT_RERUNS);
    const h1 = cases.find((c) => c.id === "h1")!;
    const key = cacheKey({ skills, case: h1, settingsKey: runner.settingsKey, runIndex: 0 });
    expect(await cache.get(key)).toBeUndefined();
  });

  it("a transient run beside runs that worked is left out of pass@k, not counted as a failure", async () => {
    const runner: Runner = {
      name: "half",
      settingsKey: "half",
      run: async (input) =>
        input.runIndex === 0
          ? { output: null, trace: [], usage: ZERO_TOKENS, error: "endpoint down", transient: true }
          : { output: "ok", trace: [], usage: ZERO_TOKENS },
    };
    const r = await evaluateCase({ case: makeCase("a"), skills, runner, n: 2, k: 1, earlyStop: false });
    expect(r.runDetails.map((d) => d.transient ?? false)).toEqual([true, false]);
    expect(r.passAtK).toBe(1);
  });

  it("an interrupted run keeps its finished executions on disk; the rerun only does the rest", async () => {
    dir = await mkdtemp(join(tmpdir(), "evalcache-"));
    const crashing = scriptedRunner(plan, { failAt: 5 });
    await expect(
      evaluate({ ...base, concurrency: 1, cases, runner: crashing, n: 3, k: 3, cache: createDiskCache(dir) }),
    ).rejects.toThrow(/budget spent/);
    // One append-only segment holds them all, one complete line per finished execution.
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const lines = (await readFile(join(dir, files[0]!), "utf8")).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(4);
    const healthy = scriptedRunner(plan);
    const rerun = await evaluate({
      ...base,
      concurrency: 1,
      cases,
      runner: healthy,
      n: 3,
      k: 3,
      cache: createDiskCache(dir),
    });
    expect(rerun.executions).toMatchObject({ run: 5, savedByCache: 4 });
    expect(rerun.total.rate).toBe(0.75);
  });

  it("a systemic error stops the evaluation instead of becoming a failed case", async () => {
    await expect(
      evaluate({ ...base, cases, runner: scriptedRunner(plan, { failAt: 1 }), n: 3, k: 3 }),
    ).rejects.toBeInstanceOf(SystemicError);
  });

  it("summarizeEvaluation works on any subset, so the engine can go category by category", async () => {
    const runner = scriptedRunner(plan);
    const general = await Promise.all(
      cases
        .filter((c) => c.category === "general")
        .map((c) => evaluateCase({ case: c, skills, runner, n: 3, k: 3 })),
    );
    const record = summarizeEvaluation(general, {
      k: 3,
      bootstrap: 500,
      seed: 1,
      price: { input: 1, output: 2 },
    });
    expect(Object.keys(record.perCategory)).toEqual(["general"]);
    expect(record.n).toBe(3);
    expect(record.cost.dollars).toBeCloseTo((100 * 1 + 10 * 2) / 1e6, 15);
  });

  it("keys the cache on what the agent sees, not on the rubric", () => {
    const a = makeCase("x", { rubric: [{ type: "contains", value: "a" }] });
    const b = makeCase("x", { rubric: [{ type: "contains", value: "b" }] });
    const key = (c: typeof a, runIndex = 0, settingsKey = "m") =>
      cacheKey({ skills, case: c, settingsKey, runIndex });
    expect(key(a)).toBe(key(b));
    expect(key(a, 1)).not.toBe(key(a));
    expect(key(a, 0, "other-model")).not.toBe(key(a));
    expect(key(makeCase("x", { prompt: "changed" }))).not.toBe(key(a));
  });

  it("keys the cache on the order the agent is shown the skills and files in (issue 45)", () => {
    const two = [makeSkill("a", "A skill.", "Body a."), makeSkill("b", "B skill.", "Body b.")];
    const c = makeCase("x");
    const key = (shown: typeof two, files: Record<string, string> = {}) =>
      cacheKey({ skills: shown, case: c, files, settingsKey: "m", runIndex: 0 });
    // The reference runner lists skills and input files in this order: another order is another prompt.
    expect(key([two[1]!, two[0]!])).not.toBe(key(two));
    expect(key(two, { "b.txt": "2", "a.txt": "1" })).not.toBe(key(two, { "a.txt": "1", "b.txt": "2" }));
    expect(key([...two])).toBe(key(two));
  });

  it("pass@k over cases matches the estimator for n > k without early stop", async () => {
    const runner = scriptedRunner({ a: [true, false, false, false], b: [true, true, false, false] });
    const r = await evaluate({
      ...base,
      cases: [makeCase("a"), makeCase("b")],
      runner,
      n: 4,
      k: 2,
      earlyStop: false,
    });
    expect(r.total.rate).toBeCloseTo((passAtK(4, 1, 2) + passAtK(4, 2, 2)) / 2, 12);
    expect(r.total.rate).toBeCloseTo((0.5 + 5 / 6) / 2, 12);
  });
});

describe("compareEvaluations", () => {
  it("pairs cases by id: paired bootstrap of the difference and McNemar on discordant cases", async () => {
    const { compareEvaluations } = await import("../../src/core/evaluate/compare.js");
    const ids = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const cases = ids.map((id) => makeCase(id));
    // Child solves c0..c9, parent solves c0..c3 and c10: 6 cases only the child solves, 1 only the parent.
    const child = await evaluate({
      ...base,
      cases,
      runner: scriptedRunner(Object.fromEntries(ids.map((id, i) => [id, [i < 10]]))),
      n: 1,
      k: 1,
    });
    const parent = await evaluate({
      ...base,
      cases: [...cases, makeCase("extra")],
      runner: scriptedRunner(Object.fromEntries(ids.map((id, i) => [id, [i < 4 || i === 10]]))),
      n: 1,
      k: 1,
    });
    const cmp = compareEvaluations(child, parent, { B: 2000, seed: 5 });
    expect(cmp).toMatchObject({ paired: 12, unpaired: ["extra"], onlyA: 6, onlyB: 1 });
    expect(cmp.difference).toBeCloseTo(5 / 12, 12);
    expect(cmp.mcnemarP).toBeCloseTo((2 * (1 + 7)) / 128, 12); // Binomial(7, ½): P(X ≤ 1) doubled
    expect(cmp.ci[0]).toBeLessThanOrEqual(cmp.difference);
    expect(cmp.ci[1]).toBeGreaterThanOrEqual(cmp.difference);
  });
});
