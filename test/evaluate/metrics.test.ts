import { describe, expect, it } from "vitest";
import {
  bootstrapInterval,
  mcnemarExact,
  pairedBootstrap,
  passAtK,
  successesForCertainPass,
} from "../../src/core/evaluate/metrics.js";

describe("passAtK (unbiased estimator)", () => {
  it.each([
    // n, c, k, 1 − C(n−c,k)/C(n,k) by hand
    [3, 0, 3, 0],
    [3, 1, 3, 1],
    [3, 3, 3, 1],
    [5, 2, 3, 1 - 1 / 10], // C(3,3)=1, C(5,3)=10
    [4, 1, 2, 1 - 3 / 6], // C(3,2)=3, C(4,2)=6
    [6, 2, 3, 1 - 4 / 20], // C(4,3)=4, C(6,3)=20
    [10, 3, 1, 0.3], // k = 1 is the plain success rate
    [10, 0, 5, 0],
    [10, 10, 5, 1],
    [10, 5, 6, 1], // n − c = 5 < k: every draw of 6 holds a success
    [20, 4, 5, 1 - 4368 / 15504], // C(16,5)=4368, C(20,5)=15504
  ])("n=%i c=%i k=%i → %f", (n, c, k, want) => {
    expect(passAtK(n, c, k)).toBeCloseTo(want, 12);
  });

  it("rejects impossible arguments with a message naming them", () => {
    expect(() => passAtK(3, 1, 4)).toThrow(/1 ≤ k ≤ n/);
    expect(() => passAtK(3, 4, 3)).toThrow(/exceed runs/);
    expect(() => passAtK(3, -1, 1)).toThrow(/non-negative integer/);
    expect(() => passAtK(3, 1.5, 1)).toThrow(/non-negative integer/);
  });

  it("knows when pass@k is certain: the first success when n = k", () => {
    expect(successesForCertainPass(3, 3)).toBe(1);
    expect(successesForCertainPass(5, 3)).toBe(3);
    expect(passAtK(5, 3, 3)).toBe(1);
    expect(passAtK(5, 2, 3)).toBeLessThan(1);
  });
});

describe("bootstrap intervals", () => {
  it("is reproducible for a seed and brackets the mean", () => {
    const values = [1, 0, 1, 1, 0, 1, 0, 1, 1, 1];
    const a = bootstrapInterval(values, { B: 2000, seed: 7 });
    expect(bootstrapInterval(values, { B: 2000, seed: 7 })).toEqual(a);
    expect(a[0]).toBeLessThanOrEqual(0.7);
    expect(a[1]).toBeGreaterThanOrEqual(0.7);
    expect(a[0]).toBeGreaterThanOrEqual(0);
    expect(a[1]).toBeLessThanOrEqual(1);
  });

  it("collapses to the value when every case agrees, and is [0,0] for no cases", () => {
    expect(bootstrapInterval([1, 1, 1], { B: 100, seed: 1 })).toEqual([1, 1]);
    expect(bootstrapInterval([], { B: 100, seed: 1 })).toEqual([0, 0]);
  });

  it("a paired bootstrap of identical candidates has a zero difference", () => {
    const r = pairedBootstrap([1, 0, 1], [1, 0, 1], { B: 500, seed: 3 });
    expect(r).toEqual({ difference: 0, ci: [0, 0], pNotBetter: 1 });
  });

  it("a paired bootstrap sees a clear improvement", () => {
    const a = Array.from({ length: 30 }, () => 1);
    const b = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const r = pairedBootstrap(a, b, { B: 2000, seed: 3 });
    expect(r.difference).toBeCloseTo(20 / 30, 12);
    expect(r.ci[0]).toBeGreaterThan(0);
    expect(r.pNotBetter).toBe(0);
    expect(() => pairedBootstrap([1], [1, 0], { seed: 1 })).toThrow(/pairs must align/);
  });
});

describe("McNemar's exact test", () => {
  it.each([
    [0, 0, 1],
    [0, 5, 2 / 32],
    [1, 9, (2 * (1 + 10)) / 1024],
    [3, 3, 1],
    [2, 8, (2 * (1 + 10 + 45)) / 1024],
  ])("b=%i c=%i → p=%f", (b, c, p) => {
    expect(mcnemarExact(b, c)).toBeCloseTo(p, 12);
    expect(mcnemarExact(c, b)).toBeCloseTo(p, 12);
  });

  it("stays finite for many discordant pairs", () => {
    const p = mcnemarExact(400, 600);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-9);
  });
});
