// The estimate early stop leaves a member's cost at, and its interval (docs/engine.md "Cost under
// early stop"): exact results give none; the interval follows σ²·(n − m)/(n·m) per case with σ²
// pooled from the cases that ran twice; it never goes below the hard bound; with no case run twice
// it is open above.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earlyStoppedResult } from "./early-stopped-result.js";
import {
  costEstimateOf,
  costLowerBound,
  pooledRunVariance,
} from "../../src/core/evolve/cost/cost-estimate.js";

const result = earlyStoppedResult;

describe("costEstimateOf", () => {
  it("is absent when every case ran all its planned runs: the cost is exact", () => {
    expect(costEstimateOf([result("a", [100, 120, 140], 3)])).toBeUndefined();
    expect(costEstimateOf([])).toBeUndefined();
  });

  it("gives the interval of naive's mean from the pooled spread of the cases that ran twice", () => {
    // Case a ran all 3 runs (spread 20 → σ² = 400); case b ran 1 of 3 at 1000.
    const rs = [result("a", [100, 120, 140], 3), result("b", [1000], 3)];
    expect(pooledRunVariance(rs)).toBe(400);
    const e = costEstimateOf(rs)!;
    const estimate = (120 + 1000) / 2;
    const half = (1.959963984540054 * Math.sqrt((400 * 2) / 3)) / 2; // case b: σ²·(3 − 1)/(3·1)
    expect(e.runs).toBe(4);
    expect(e.planned).toBe(6);
    expect(e.low).toBeCloseTo(estimate - half, 9);
    expect(e.high).toBeCloseTo(estimate + half, 9);
  });

  it("is a point when the runs that ran twice never varied, and open above when none ran twice", () => {
    const point = costEstimateOf([result("a", [500, 500, 500], 3), result("b", [800], 3)])!;
    expect([point.low, point.high]).toEqual([650, 650]);
    const open = costEstimateOf([result("a", [300], 3), result("b", [900], 3)])!;
    expect(open.high).toBeNull();
    expect(open.low).toBe(costLowerBound([result("a", [300], 3), result("b", [900], 3)])); // (100 + 300)/2
    expect(open.low).toBe(200);
  });

  it("never puts the low end below what the executed runs alone cost, nor the estimate outside it", () => {
    const caseTokens = fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(caseTokens, { minLength: 1, maxLength: 8 }), (cases) => {
        const rs = cases.map((ts, i) => result(`c${i}`, ts, 5));
        const e = costEstimateOf(rs);
        if (!e) return cases.every((ts) => ts.length === 5);
        const estimate = rs.reduce((s, r) => s + r.tokens.input, 0) / rs.length;
        return (
          e.low >= costLowerBound(rs) &&
          e.low <= estimate + 1e-9 &&
          (e.high === null || e.high >= estimate - 1e-9)
        );
      }),
    );
  });
});
