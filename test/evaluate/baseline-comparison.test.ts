// A frontier member against the deployed bank (FRAMES §A.7.2): McNemar's exact test on the cases only
// one of them passes and the paired bootstrap of the pass-rate difference, on a constructed case
// table with known answers, and the plain words every surface prints for it.
import { describe, expect, it } from "vitest";
import { compareResults } from "../../src/core/evaluate/compare.js";
import {
  heldOutSentence,
  heldOutVerdict,
  pValueText,
  selectionSentence,
  vsDeployedSentences,
} from "../../src/core/report/baseline-sentence.js";
import type { HeldOutComparison } from "../../src/records/held-out-comparison.js";
import { testable } from "../../src/core/evolve/confirm.js";
import type { BaselineComparison } from "../../src/records/baseline-comparison.js";
import { mcnemarExact } from "../../src/core/evaluate/metrics.js";

/** A case table: `both` cases both pass, `onlyA`/`onlyB` one of them, `neither` none. */
function table(both: number, onlyA: number, onlyB: number, neither: number) {
  const a: { id: string; passAtK: number }[] = [];
  const b: { id: string; passAtK: number }[] = [];
  const add = (count: number, pa: number, pb: number) => {
    for (let i = 0; i < count; i++) {
      const id = `c${a.length}`;
      a.push({ id, passAtK: pa });
      b.push({ id, passAtK: pb });
    }
  };
  add(both, 1, 1);
  add(onlyA, 1, 0);
  add(onlyB, 0, 1);
  add(neither, 0, 0);
  return { a, b };
}

const comparison = (better: number, worse: number, cases = 40): BaselineComparison => ({
  cases,
  better,
  worse,
  p: mcnemarExact(better, worse),
  difference: (better - worse) / cases,
  lo: -0.05,
  hi: 0.3,
});

describe("compareResults on a constructed case table", () => {
  it("reproduces FRAMES §A.7.2: 210 cases, 28 won vs 9 lost, p = 0.0026, Δ = +0.090 in [+0.038, +0.148]", () => {
    // 0.800 vs 0.710: 168 and 149 of 210 pass; 140 both, 33 neither.
    const { a, b } = table(140, 28, 9, 33);
    const c = compareResults(a, b, { B: 10_000, seed: 1 });
    expect(c).toMatchObject({ paired: 210, unpaired: [], onlyA: 28, onlyB: 9 });
    expect(c.mcnemarP).toBeCloseTo(0.0026, 4);
    expect(c.difference).toBeCloseTo(19 / 210, 12);
    // The paper's interval from its own resamples; ours differ by resampling noise only.
    expect(Math.abs(c.ci[0] - 0.038)).toBeLessThan(0.01);
    expect(Math.abs(c.ci[1] - 0.148)).toBeLessThan(0.01);
    // The same seed gives the same interval (the run seeds it from its own seed and the member).
    expect(compareResults(a, b, { B: 10_000, seed: 1 }).ci).toEqual(c.ci);
  });

  it("counts a case as passed only at pass@k = 1, and leaves out cases only one side has", () => {
    const a = [
      { id: "x", passAtK: 1 },
      { id: "y", passAtK: 0.5 },
      { id: "z", passAtK: 1 },
    ];
    const b = [
      { id: "x", passAtK: 0.5 },
      { id: "y", passAtK: 1 },
      { id: "w", passAtK: 1 },
    ];
    const c = compareResults(a, b, { B: 500, seed: 3 });
    expect(c).toMatchObject({ paired: 2, unpaired: ["w", "z"], onlyA: 1, onlyB: 1, difference: 0 });
    expect(c.mcnemarP).toBe(1);
  });
});

/** The same counts as a held-out test over `members` members, Holm-adjusted as confirm.ts does. */
const heldOut = (better: number, worse: number, members = 1, cases = 40): HeldOutComparison => {
  const c = comparison(better, worse, cases);
  return {
    ...c,
    evolutionCases: 10,
    holmP: Math.min(1, c.p * members),
    members,
    tested: testable(cases, members),
  };
};

describe("the paired test in plain words", () => {
  it("7 better, 1 worse on held-out cases: p = 0.07, not yet significant", () => {
    const c = heldOut(7, 1);
    expect(c.p).toBeCloseTo(18 / 256, 12); // Binomial(8, ½): P(X ≤ 1) doubled
    expect(heldOutVerdict(c)).toBe("not yet significant");
    const s = heldOutSentence(c);
    expect(s).toContain("On the 40 cases held back from selection (10 evolution, 30 regression-pool");
    expect(s).toContain("better than the deployed bank on 7 cases, worse on 1, the same on 32 of 40;");
    expect(s).toContain("p = 0.07 after Holm's correction across the run's 1 member: not yet significant");
    expect(s).not.toMatch(/: significant/);
    expect(s).toContain(
      "pass-rate difference +15.0 pp, 95% interval −5.0 pp to +30.0 pp (paired bootstrap).",
    );
  });

  it("says significant only below 5% after Holm, in the direction of the discordant cases", () => {
    expect(heldOutSentence(heldOut(28, 9))).toContain("p = 0.0026 after Holm");
    expect(heldOutSentence(heldOut(28, 9))).toContain("significantly better");
    expect(heldOutSentence(heldOut(1, 9))).toContain(
      "p = 0.021 after Holm's correction across the run's 1 member: significantly worse",
    );
    // 0.021 alone, but three members tested: 0.064 after Holm, not significant.
    expect(heldOutSentence(heldOut(1, 9, 3))).toContain(
      "p = 0.064 after Holm's correction across the run's 3 members: not yet significant",
    );
    expect(heldOutSentence(heldOut(3, 3))).toContain("p = 1 after Holm");
  });

  it("with no discordant case there is no test to report", () => {
    const s = heldOutSentence(heldOut(0, 0));
    expect(heldOutVerdict(heldOut(0, 0))).toBe("no case differs");
    expect(s).toContain(
      "worse on 0, the same on 40 of 40; no case differs, so there is no evidence either way.",
    );
    expect(s).not.toContain("p =");
    expect(s).not.toContain("significant");
  });

  it("with too few held-out cases says so instead of a p-value, and names the cases", () => {
    // 5 cases, all better: McNemar's p = 0.0625 ≥ 0.05; 6 would do for one member, not for two.
    expect(testable(5, 1)).toBe(false);
    expect(testable(6, 1)).toBe(true);
    expect(testable(6, 2)).toBe(false);
    const set = { share: 0.2, seed: 1, cases: ["e-1", "e-2"], pool: ["p-1", "p-2", "p-3"], drawn: 5 };
    const s = heldOutSentence({ ...heldOut(5, 0, 1, 5), evolutionCases: 2 }, set);
    expect(s).toBe(
      "Not enough held-out cases to test: 5 cases held back from selection (2 evolution, 3 regression-pool: e-1, e-2, p-1, p-2, p-3); even all of them better would not reach the 5% level across the run's 1 member.",
    );
  });

  it("when the share drew too few to hold any back, says so and that selection used every case", () => {
    const none = { ...heldOut(0, 0, 2, 0), cases: 0, evolutionCases: 0, tested: false };
    const set = { share: 0.2, seed: 1, cases: [], pool: [], drawn: 4 };
    expect(heldOutSentence(none, set)).toBe(
      "Not enough held-out cases to test: the run's share (0.2 of each category) drew 4, fewer than the 6 any test needs, so none were held back and selection used every case.",
    );
  });

  it("labels the in-sample comparison as the selection figures, with no verdict", () => {
    const s = selectionSentence(comparison(28, 9));
    expect(s).toContain("Selection figures (the evolution cases it was chosen on, so not evidence):");
    expect(s).toContain("McNemar p = 0.0026");
    expect(s).not.toContain("significant");
    const both = vsDeployedSentences({ vsBaseline: comparison(28, 9) });
    expect(both[0]).toContain("No held-out test: this run held no cases back from selection");
    expect(both[1]).toBe(s);
  });

  it("never prints a p that rounds across 0.05 from its verdict", () => {
    expect(pValueText(0.0496)).toBe("p = 0.0496");
    expect(pValueText(0.0504)).toBe("p = 0.05");
    expect(pValueText(0.07)).toBe("p = 0.07");
    expect(pValueText(0.0004)).toBe("p < 0.001");
  });
});
