// The paired statistics of the strategy table (issue 44), against values worked out by hand.
import { describe, expect, it } from "vitest";
import { pairedDifferences } from "../../src/core/evaluate/paired-differences.js";
import { pairedVerdict } from "../../src/core/evaluate/paired-verdict.js";
import { seedsForPower, signTestP, signTestPower } from "../../src/core/evaluate/sign-test.js";

describe("signTestP", () => {
  it("is the two-sided exact binomial p of wins against losses", () => {
    expect(signTestP(5, 0)).toBeCloseTo(2 / 32, 12); // issue 44: 5/0, p = 0.062
    expect(signTestP(6, 0)).toBeCloseTo(2 / 64, 12); // 6 of 6, p = 0.031
    expect(signTestP(3, 1)).toBeCloseTo((2 * (1 + 4)) / 16, 12); // capped below: 0.625
    expect(signTestP(1, 3)).toBeCloseTo(0.625, 12);
    expect(signTestP(0, 0)).toBe(1);
  });
});

describe("signTestPower", () => {
  it("sums the binomial mass of the win counts the test rejects", () => {
    // 6 seeds at 0.05: only 0 or 6 wins reject (1 win: p = 2·7/64 = 0.219).
    expect(signTestPower(6, 0.05, 0.75)).toBeCloseTo(0.75 ** 6 + 0.25 ** 6, 12);
    // 5 seeds at 0.07: 0 or 5 wins reject (p = 0.0625); under no difference that is the level itself.
    expect(signTestPower(5, 0.07, 0.5)).toBeCloseTo(2 / 32, 12);
    expect(signTestPower(5, 0.07, 0.8)).toBeCloseTo(0.8 ** 5 + 0.2 ** 5, 12);
    // 5 seeds cannot reach 0.05 at all.
    expect(signTestPower(5, 0.05, 0.9)).toBe(0);
  });

  it("refuses seeds, levels and win rates out of range, naming the argument", () => {
    expect(() => signTestPower(-1, 0.05, 0.7)).toThrow(
      "signTestPower: seeds must be a non-negative integer, got -1",
    );
    expect(() => signTestPower(5, 0, 0.7)).toThrow("signTestPower: alpha must be in (0, 1), got 0");
    expect(() => signTestPower(5, 0.05, 1.5)).toThrow("signTestPower: winRate must be in [0, 1], got 1.5");
  });
});

describe("seedsForPower", () => {
  it("is the fewest seeds that reach the power", () => {
    // An arm that always wins is detected once 2/2ⁿ ≤ 0.05: n = 6.
    expect(seedsForPower(0.05, 1, 0.8)).toBe(6);
    const n = seedsForPower(0.05 / 12, 0.75, 0.8)!;
    expect(signTestPower(n, 0.05 / 12, 0.75)).toBeGreaterThanOrEqual(0.8);
    expect(signTestPower(n - 1, 0.05 / 12, 0.75)).toBeLessThan(0.8);
    expect(seedsForPower(0.05, 0.5, 0.8, 50)).toBeUndefined();
  });
});

describe("pairedDifferences", () => {
  it("differences seed by seed, wins, losses, ties and the sign test", () => {
    const d = pairedDifferences([0.8, 0.7, 0.6, 0.5], [0.7, 0.7, 0.5, 0.6], { seed: 1, B: 500 });
    expect(d.differences.map((x) => Number(x.toFixed(9)))).toEqual([0.1, 0, 0.1, -0.1]);
    expect(d.mean).toBeCloseTo(0.025, 12);
    expect([d.wins, d.losses, d.ties]).toEqual([2, 1, 1]);
    expect(d.signP).toBeCloseTo(1, 12); // 2 vs 1: 2·(1 + 3)/8 = 1
    expect(d.ci[0]).toBeLessThanOrEqual(d.mean);
    expect(d.ci[1]).toBeGreaterThanOrEqual(d.mean);
  });

  it("a constant difference has a point interval", () => {
    const d = pairedDifferences([0.5, 0.75, 1], [0.25, 0.5, 0.75], { seed: 3, B: 200 });
    expect(d.ci).toEqual([0.25, 0.25]);
    expect(d.signP).toBeCloseTo(0.25, 12); // 3 of 3: 2/8
  });

  it("refuses lists that do not pair up", () => {
    expect(() => pairedDifferences([0.5], [0.5, 0.6], { seed: 1 })).toThrow(
      "pairedDifferences: 1 arm seeds vs 2 reference seeds; each seed needs both",
    );
  });
});

describe("pairedVerdict", () => {
  const sixOfSix = pairedDifferences([1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0], { seed: 1, B: 100 });
  const opts = { alpha: 0.05, comparisons: 1, winRate: 0.75 };

  it("wins or loses only when the Holm-corrected sign test is significant", () => {
    expect(pairedVerdict(sixOfSix, sixOfSix.signP, opts).outcome).toBe("wins");
    const lost = pairedDifferences([0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], { seed: 1, B: 100 });
    expect(pairedVerdict(lost, lost.signP, opts).text).toBe("loses");
  });

  it("otherwise says undetermined with the power the test had at the strictest Holm level", () => {
    // issue 44: 6 of 6 (p = 0.031) does not survive Holm over 12 comparisons (0.375).
    const v = pairedVerdict(sixOfSix, 0.375, { ...opts, comparisons: 12 });
    expect(v.outcome).toBe("undetermined");
    expect(v.power).toBe(0); // at 0.05/12 even 6 of 6 (p = 2/64) cannot reject
    const n = seedsForPower(0.05 / 12, 0.75, 0.8);
    expect(v.text).toBe(`undetermined (power 0.00 at 6 seeds for a 75% win rate; 80% needs ${n})`);
  });

  it("refuses a table of no comparisons", () => {
    expect(() => pairedVerdict(sixOfSix, 1, { ...opts, comparisons: 0 })).toThrow(
      "pairedVerdict: comparisons must be a positive integer, got 0",
    );
  });
});
