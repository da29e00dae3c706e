// Kernel categories gated and ranked by mean score (issue 29): the floor is (1 − ε) × P₀'s mean
// score, so a child that lowers the mean speedup below it is refused even when every kernel is
// correct; the frontier compares mean scores; sequential rejection never stops a scored kernel
// category early (a speedup has no upper bound). Non-kernel categories keep pass rates.
import { describe, expect, it } from "vitest";
import type { CaseResult } from "../../src/records/eval-record.js";
import { Case } from "../../src/records/case.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { perCategoryOf } from "../../src/core/evolve/gate/gate.js";
import { judgeChild, type GateTest } from "../../src/core/evolve/gate/gate-test.js";
import { paretoUpdate, pointOf } from "../../src/core/evolve/pareto.js";
import { measure } from "../../src/core/evolve/measure.js";
import { gateTable } from "../../src/core/render/pr-body/gates-table.js";

/** A case result; `score` present = a scored kernel case (every run correct, so pass@k = 1). */
const result = (id: string, category: string, score?: number, tokens = 100): CaseResult => ({
  id,
  category,
  planned: 1,
  runs: 1,
  successes: 1,
  passAtK: 1,
  ...(score !== undefined ? { score } : {}),
  tokens: { input: tokens, output: 0, cached: 0 },
  executed: 1,
  savedByCache: 0,
  savedByEarlyStop: 0,
  scoringTokens: { input: 0, output: 0, cached: 0 },
  runDetails: [],
});

const CATS = ["level-1", "general"];
/** P₀: two kernel cases at speedups 2 and 1 (mean 1.5) and a plain case that passes. */
const baseline = [result("a", "level-1", 2), result("b", "level-1", 1), result("g", "general")];

function judge(child: CaseResult[], test: GateTest = "floor") {
  return judgeChild({
    test,
    epsilon: 0.1,
    categories: CATS,
    baseline,
    measured: { perCategory: perCategoryOf(child), results: child },
    k: 1,
    bootstrap: { seed: 1, B: 200 },
  });
}

describe("the gate on a kernel category", () => {
  it("anchors the floor at (1 − ε) × P₀'s mean score", () => {
    expect(perCategoryOf(baseline)).toEqual({ "level-1": 1.5, general: 1 });
    const v = judge([result("a", "level-1", 1.4), result("b", "level-1", 1.3), result("g", "general")]);
    const r = v.reasons.find((x) => x.category === "level-1")!;
    expect(r.floor).toBeCloseTo(1.35, 12);
    expect(r.observed).toBeCloseTo(1.35, 12);
    expect(v.admitted).toBe(true);
  });
  it("refuses a child whose kernels are all correct but whose mean speedup falls below the floor", () => {
    for (const test of ["floor", "paired"] as const) {
      const v = judge([result("a", "level-1", 1.2), result("b", "level-1", 1), result("g", "general")], test);
      expect(v.admitted, test).toBe(false);
      expect(v.reasons.find((x) => !x.ok)).toMatchObject({ category: "level-1", observed: 1.1 });
    }
  });
  it("admits a faster child, and the paired comparison is on scores", () => {
    const v = judge([result("a", "level-1", 3), result("b", "level-1", 1.5), result("g", "general")]);
    expect(v.admitted).toBe(true);
    expect(v.reasons.find((x) => x.category === "level-1")!.paired?.delta).toBeCloseTo(0.75, 12);
  });
});

describe("the gate's record and table for a kernel category", () => {
  const v = judge([result("a", "level-1", 1.2), result("b", "level-1", 1), result("g", "general")]);
  it("marks the kernel category's reason as scored, and only it", () => {
    expect(v.reasons.map((r) => [r.category, r.scored ?? false])).toEqual([
      ["level-1", true],
      ["general", false],
    ]);
  });
  it("the PR's gate table writes its figures as scores, never as percentages", () => {
    const categories = v.reasons.map((r) => ({
      category: r.category,
      rate: r.observed,
      floor: r.floor,
      ok: r.ok,
      early: r.early,
      ...(r.n !== undefined ? { n: r.n } : {}),
      ...(r.scored ? { scored: true } : {}),
    }));
    const table = gateTable([], [], { t: 1, cases: 3, sample: [], categories }, {});
    expect(table.rows[0]).toBe(
      "| level-1 | no cases | score 1.35 | mean kernel score 1.10 (n=2) | no cases | ❌ fail — score 1.10 < score 1.35 |",
    );
    expect(table.rows[1]).toContain("✅ pass — 100.0% ≥ 90.0%");
  });
});

describe("the frontier on kernel scores", () => {
  it("a child with a higher mean speedup at the same cost dominates its parent", () => {
    const p0 = { id: "p0", born: 0, results: baseline };
    const faster = { id: "c1", born: 1, results: [result("a", "level-1", 3), ...baseline.slice(1)] };
    expect(pointOf(faster).passRate).toBeCloseTo((3 + 1 + 1) / 3, 12);
    const update = paretoUpdate([pointOf(p0)], pointOf(faster), 4);
    expect(update.entered).toBe(true);
    expect(update.removed).toEqual(["p0"]);
  });
  it("a slower child with the same pass rate does not enter", () => {
    const p0 = { id: "p0", born: 0, results: baseline };
    const slower = { id: "c2", born: 1, results: [result("a", "level-1", 1.1), ...baseline.slice(1)] };
    expect(paretoUpdate([pointOf(p0)], pointOf(slower), 4).entered).toBe(false);
  });
});

describe("sequential rejection in a scored kernel category", () => {
  const kernelCase = (id: string) =>
    Case.parse({
      id,
      category: "level-1",
      diagnosis: "d",
      task: { prompt: id, files: [], rubric: [{ type: "kernel", threshold: 1 }] },
      provenance: { channel: "manual", created: "2026-12-01T00:00:00Z" },
    });
  /** The first case's answer is wrong, the second's 3× faster (the harness is the edge faked here). */
  const runner: Runner = {
    name: "fixed",
    settingsKey: "fixed",
    run: async ({ case: c }) => {
      const correct = c.id === "fast";
      const output = {
        version: 1,
        status: correct ? "correct" : "incorrect",
        correct,
        reward: correct ? 3 : 0,
      };
      return { output, trace: [], usage: { input: 1, output: 1, cached: 0 } };
    },
  };
  const opts = {
    skills: [],
    cases: [kernelCase("wrong"), kernelCase("fast")],
    categories: ["level-1"],
    runner,
    n: 1,
    k: 1,
    floors: { "level-1": 1.35 },
  };

  it("runs every case where a pass-rate bound would have stopped after the wrong one (mean score 1.5)", async () => {
    const m = await measure(opts);
    expect(m.results.map((r) => r.id)).toEqual(["wrong", "fast"]);
    expect(m.rejected).toBeUndefined();
    expect(m.perCategory["level-1"]).toBeCloseTo(1.5, 12);
  });
  it("under threshold scoring rejects as before, once the floor is out of reach", async () => {
    const m = await measure({ ...opts, floors: { "level-1": 0.9 }, kernelScore: "threshold" });
    expect(m.rejected?.category).toBe("level-1");
    expect(m.results.map((r) => r.id)).toEqual(["wrong"]);
  });
});
