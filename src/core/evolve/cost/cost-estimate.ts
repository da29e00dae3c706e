// A member's cost when early stop left some of its runs unrun (docs/engine.md "Cost under early
// stop"). Early stop keeps pass@k exact, but a case's cost is then the mean of the runs it executed:
// an estimate of what naive evaluation (all n runs) would have measured. This is that estimate's
// 95% interval, so a report can say how far the figure could be from naive's.
//
// The model: a case's runs are independent draws whose tokens have one spread σ² across cases,
// estimated from the cases that ran at least twice (pooled within-case variance): the member's own,
// or, when the caller passes it, the spread pooled over every candidate of the run (the same agent
// on the same cases), so a member whose every case passed at once still gets a bounded interval.
// Naive's mean for a case with m of n runs executed is (m·x̄ + (n − m)·ū)/n, where ū is the mean of
// the unrun runs; given x̄ its variance is σ²·(n − m)/(n·m). Cases are independent, so the member's
// variance is the sum over its cases divided by C². The low end never goes below the hard bound
// (the unrun runs cost ≥ 0 tokens); with no case run twice σ is unknown and the high end is open.
import type { CaseResult } from "../../../records/eval-record.js";
import type { CostEstimate } from "../../../records/cost-estimate.js";

const Z95 = 1.959963984540054;

const runTokens = (d: CaseResult["runDetails"][number]) => d.tokens.input + d.tokens.output;

/**
 * The least the naive cost (pointOf's mean tokens per case) can be: executed tokens over the planned
 * runs. Same arithmetic shape as pointOf, and sums of integers, so it is ≤ the exact figure in floats.
 */
export function costLowerBound(results: readonly CaseResult[]): number {
  if (results.length === 0) return 0;
  let total = 0;
  for (const r of results) {
    let input = 0;
    let output = 0;
    for (const d of r.runDetails) {
      input += d.tokens.input;
      output += d.tokens.output;
    }
    total += input / r.planned + output / r.planned;
  }
  return total / results.length;
}

/** The pooled within-case variance of a run's tokens; undefined when no case ran twice. */
export function pooledRunVariance(results: readonly CaseResult[]): number | undefined {
  let squares = 0;
  let freedom = 0;
  for (const r of results) {
    const xs = r.runDetails.map(runTokens);
    if (xs.length < 2) continue;
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    squares += xs.reduce((s, x) => s + (x - mean) ** 2, 0);
    freedom += xs.length - 1;
  }
  return freedom > 0 ? squares / freedom : undefined;
}

/**
 * The estimate's interval, or undefined when every case ran all its planned runs (the cost is exact).
 * `spread`: σ² pooled over more results than these (pooledRunVariance); absent = these results'.
 */
export function costEstimateOf(results: readonly CaseResult[], spread?: number): CostEstimate | undefined {
  const runs = results.reduce((s, r) => s + r.runDetails.length, 0);
  const planned = results.reduce((s, r) => s + r.planned, 0);
  if (results.length === 0 || runs >= planned) return undefined;
  const estimate = results.reduce((s, r) => s + r.tokens.input + r.tokens.output, 0) / results.length;
  const floor = costLowerBound(results);
  const variance = spread ?? pooledRunVariance(results);
  if (variance === undefined) return { runs, planned, low: floor, high: null };
  let sum = 0;
  for (const r of results) {
    const m = r.runDetails.length;
    if (m > 0 && m < r.planned) sum += (variance * (r.planned - m)) / (r.planned * m);
  }
  const half = (Z95 * Math.sqrt(sum)) / results.length;
  return { runs, planned, low: Math.max(floor, estimate - half), high: estimate + half };
}
