// The paired comparison on each gate reason and the opt-in paired gate (gate-test.ts), as pure
// functions over case results: pairs are the cases both P₀ and the child were measured on, `floor`
// decides exactly as FRAMES Eq. 2, and `paired` refuses a clearly regressing child and admits an
// identical one while keeping the floor anchored at P₀.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CaseResult } from "../../src/records/eval-record.js";
import { floorsOf, gate, perCategoryOf } from "../../src/core/evolve/gate/gate.js";
import { judgeChild, type GateTest } from "../../src/core/evolve/gate/gate-test.js";
import { casePairs } from "../../src/core/evolve/gate/paired-comparison.js";

const result = (id: string, category: string, passes: boolean[]): CaseResult => ({
  id,
  category,
  planned: passes.length,
  runs: passes.length,
  successes: passes.filter(Boolean).length,
  passAtK: passes.filter(Boolean).length / passes.length,
  tokens: { input: 0, output: 0, cached: 0 },
  executed: passes.length,
  savedByCache: 0,
  savedByEarlyStop: 0,
  scoringTokens: { input: 0, output: 0, cached: 0 },
  runDetails: passes.map((pass, runIndex) => ({
    runIndex,
    pass,
    cached: false,
    tokens: { input: 0, output: 0, cached: 0 },
    skillsLoaded: [],
    items: [],
  })),
});

const CATS = ["general", "special"];
/** 20 evolution cases, half passing every run; P₀'s rate is 0.5 in each category. */
const baseline = CATS.flatMap((cat) =>
  Array.from({ length: 10 }, (_, i) => result(`${cat}-${i}`, cat, [i % 2 === 0, i % 2 === 0, i % 2 === 0])),
);

function judge(test: GateTest, results: CaseResult[], epsilon = 0.05) {
  return judgeChild({
    test,
    epsilon,
    categories: CATS,
    baseline,
    measured: { perCategory: perCategoryOf(results), results },
    k: 3,
    bootstrap: { seed: 3, B: 2000 },
  });
}

describe("the paired comparison against P₀", () => {
  it("pairs only the cases both were measured on (the evolution cases, not the pool sample)", () => {
    const child = [...baseline, result("pool-1", "general", [true, true, true])];
    const pairs = casePairs(child, baseline, "general", 3);
    expect(pairs.map((p) => p.id)).toEqual(baseline.filter((r) => r.category === "general").map((r) => r.id));
    const v = judge("floor", child);
    expect(v.reasons[0]).toMatchObject({ n: 11, paired: { delta: 0, lo: 0, hi: 0, n: 10, identical: 10 } });
  });

  it("counts a pair identical as naive evaluation does, whether the child was early-stopped or run in full", () => {
    // n = k = 3: pass@k is certain at the first pass. P₀ ran every run (its cost is exact); the child's
    // third run differs from P₀'s, and early stop never makes it.
    const p0 = [{ ...result("g-0", "general", [false, true, false]), passAtK: 1 }];
    const full = [{ ...result("g-0", "general", [false, true, true]), passAtK: 1 }];
    const stopped = [
      { ...result("g-0", "general", [false, true]), planned: 3, passAtK: 1, savedByEarlyStop: 1 },
    ];
    const identical = (child: CaseResult[]) => casePairs(child, p0, "general", 3)[0]!.identical;
    expect(identical(stopped)).toBe(identical(full));
    expect(identical(full)).toBe(true);
    // A difference within the runs early stop reaches counts in both.
    const other = [{ ...result("g-0", "general", [true]), planned: 3, passAtK: 1, savedByEarlyStop: 2 }];
    expect(identical(other)).toBe(false);
  });

  it("records the mean difference and its interval: a child that loses two passing cases of ten", () => {
    const child = baseline.map((r, i) =>
      i === 0 || i === 2 ? result(r.id, r.category, [false, false, false]) : r,
    );
    const general = judge("floor", child).reasons[0]!;
    expect(general.paired!.delta).toBeCloseTo(-0.2, 12);
    expect(general.paired!.lo).toBeLessThan(-0.2);
    expect(general.paired!.hi).toBeLessThanOrEqual(0);
    expect(general.paired!.identical).toBe(8);
    expect(general.paired!.upper).toBeUndefined();
  });

  it("leaves an early-rejected category without a paired comparison (its cases did not all run)", () => {
    const child = baseline.filter((r) => r.category === "general");
    const v = judgeChild({
      test: "floor",
      epsilon: 0.05,
      categories: CATS,
      baseline,
      measured: {
        perCategory: { ...perCategoryOf(child), special: 0 },
        results: child,
        rejected: { category: "special" },
      },
      k: 3,
      bootstrap: { seed: 1, B: 500 },
    });
    expect(v.admitted).toBe(false);
    expect(v.reasons[1]).toMatchObject({ category: "special", early: true });
    expect(v.reasons[1]!.paired).toBeUndefined();
  });
});

describe("gateTest floor: FRAMES Eq. 2, decisions unchanged", () => {
  it("property: judgeChild under `floor` admits and refuses exactly as gate() with the floors from P₀", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), { minLength: 20, maxLength: 20 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (runs, epsilon) => {
          const child = baseline.map((r, i) => result(r.id, r.category, runs[i]!));
          const plain = gate(perCategoryOf(child), floorsOf(perCategoryOf(baseline), epsilon), CATS);
          const v = judge("floor", child, epsilon);
          expect(v.admitted).toBe(plain.admitted);
          expect(v.reasons.map((r) => r.ok)).toEqual(plain.reasons.map((r) => r.ok));
        },
      ),
      { numRuns: 60, seed: 11 },
    );
  });
});

describe("gateTest paired", () => {
  it("admits a child identical to P₀", () => {
    const v = judge("paired", baseline);
    expect(v.admitted).toBe(true);
    expect(v.reasons.every((r) => r.paired!.upper! > 0 && r.paired!.identical === 10)).toBe(true);
  });

  it("refuses a clearly regressing child: its margin's upper bound is below 0", () => {
    const child = baseline.map((r, i) =>
      i < 10 && i % 2 === 0 && i < 8 ? result(r.id, r.category, [false, false, false]) : r,
    );
    const v = judge("paired", child);
    expect(v.admitted).toBe(false);
    expect(v.reasons[0]).toMatchObject({ category: "general", ok: false });
    expect(v.reasons[0]!.paired!.upper!).toBeLessThan(0);
    expect(v.reasons[1]).toMatchObject({ category: "special", ok: true });
  });

  it("admits a child whose observed dip below the floor is within the hard limit and not shown by the pairs", () => {
    // One run of one passing case lost: the category's rate 0.5 → 0.4667.
    const child = baseline.map((r, i) => (i === 0 ? result(r.id, r.category, [true, true, false]) : r));
    const epsilon = 0.04; // floor 0.48, hard limit 0.46: the observed 0.4667 lies between them
    expect(judge("floor", child, epsilon).admitted).toBe(false);
    const v = judge("paired", child, epsilon);
    expect(v.admitted).toBe(true);
    expect(v.reasons[0]!.floor).toBeCloseTo(0.96 * 0.5, 12);
  });

  it("refuses below the hard limit (1 − 2ε)·PR_c(P₀) whatever the interval says", () => {
    // One passing case of ten lost entirely: observed 0.4 < 0.45 = (1 − 0.1)·0.5.
    const child = baseline.map((r, i) => (i === 0 ? result(r.id, r.category, [false, false, false]) : r));
    const v = judge("paired", child);
    expect(v.reasons[0]!.paired!.upper!).toBeGreaterThanOrEqual(0);
    expect(v.admitted).toBe(false);
  });
});
