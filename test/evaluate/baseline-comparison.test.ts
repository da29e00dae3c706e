// A frontier member against the deployed bank (FRAMES §A.7.2): McNemar's exact test on the cases only
// one of them passes and the paired bootstrap of the pass-rate difference, on a constructed case
// table with known answers, and the plain words every surface prints for it.
import { describe, expect, it } from "vitest";
import { compareResults } from "../../src/core/evaluate/compare.js";
import { baselineSentence, baselineVerdict, pValueText } from "../../src/core/report/baseline-sentence.js";
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

describe("the paired test in plain words", () => {
  it("7 better, 1 worse: p = 0.07, not yet significant", () => {
    const c = comparison(7, 1);
    expect(c.p).toBeCloseTo(18 / 256, 12); // Binomial(8, ½): P(X ≤ 1) doubled
    expect(baselineVerdict(c)).toBe("not yet significant");
    const s = baselineSentence(c);
    expect(s).toContain("Better than the deployed bank on 7 cases, worse on 1, the same on 32 of 40;");
    expect(s).toContain("p = 0.07: not yet significant");
    expect(s).not.toMatch(/: significant/);
    expect(s).toContain(
      "Pass-rate difference +15.0 pp, 95% interval −5.0 pp to +30.0 pp (paired bootstrap).",
    );
  });

  it("says significant only below 0.05, with the direction the cases show", () => {
    expect(baselineSentence(comparison(28, 9))).toContain("p = 0.0026: significantly better");
    expect(baselineSentence(comparison(1, 9))).toContain("p = 0.021: significantly worse");
    expect(baselineVerdict(comparison(3, 3))).toBe("not yet significant");
    expect(baselineSentence(comparison(3, 3))).toContain("p = 1: not yet significant");
  });

  it("with no discordant case there is no test to report", () => {
    const s = baselineSentence(comparison(0, 0));
    expect(baselineVerdict(comparison(0, 0))).toBe("no case differs");
    expect(s).toContain(
      "worse on 0, the same on 40 of 40; no case differs, so there is no evidence either way.",
    );
    expect(s).not.toContain("p =");
    expect(s).not.toContain("significant");
  });

  it("never prints a p that rounds across 0.05 from its verdict", () => {
    expect(pValueText(0.0496)).toBe("p = 0.0496");
    expect(pValueText(0.0504)).toBe("p = 0.05");
    expect(pValueText(0.07)).toBe("p = 0.07");
    expect(pValueText(0.0004)).toBe("p < 0.001");
  });
});
