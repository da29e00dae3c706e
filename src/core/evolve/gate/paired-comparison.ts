// The child against P₀ case by case (docs/engine.md "The paired comparison"). P₀ is measured on the
// evolution cases ℱ only; a child on ℱ plus a pool sample, so the pairs are the intersection: the
// cases both were measured on, with the same run indices (seeds 0…n−1). With the memo, run i of a case
// whose runs never load an edited skill sends its parent's requests and gets its parent's answers, so
// those pairs differ by exactly 0 (common random numbers); the interval of the mean difference then
// reflects only the cases the edit can reach.
import type { CaseResult } from "../../../records/eval-record.js";
import { earlyStopPrefix, pairedBootstrap, type BootstrapOptions } from "../../evaluate/metrics.js";
import { caseScore } from "../../evaluate/kernel-score.js";

/** Paired mean difference of pass@k, child − P₀, on the cases both were measured on. */
export interface PairedDifference {
  delta: number;
  /** Two-sided 95% paired-bootstrap interval of `delta`. */
  lo: number;
  hi: number;
  /** Cases paired. */
  n: number;
  /**
   * Paired cases whose runs gave the same outcome in both: the same pass on every run index, over the
   * runs early stop reaches (metrics.ts earlyStopPrefix), so the count is naive evaluation's whether
   * either side was early-stopped, run in full or completed for its exact cost.
   */
  identical: number;
}

export interface CasePair {
  id: string;
  child: number;
  baseline: number;
  identical: boolean;
}

/**
 * Same pass@k and the same pass on every run index early stop reaches in either. Comparing only the
 * runs both executed would count more cases identical when early stop ran fewer (a later run that
 * differs was never made), so the figure would depend on the savings.
 */
function sameRuns(a: CaseResult, b: CaseResult, k: number): boolean {
  if (caseScore(a) !== caseScore(b)) return false;
  const reached = (r: CaseResult) => earlyStopPrefix(r.runDetails, r.planned, Math.min(k, r.planned));
  const [x, y] = [reached(a), reached(b)];
  return x.length === y.length && x.every((d, i) => d.runIndex === y[i]!.runIndex && d.pass === y[i]!.pass);
}

/**
 * The category's pairs, in the child's case order; cases P₀ was not measured on are left out. `k`:
 * the run's pass@k, which fixes the runs early stop reaches.
 */
export function casePairs(
  child: readonly CaseResult[],
  baseline: readonly CaseResult[],
  category: string,
  k: number,
): CasePair[] {
  const byId = new Map(baseline.filter((r) => r.category === category).map((r) => [r.id, r]));
  return child.flatMap((r) => {
    const b = r.category === category ? byId.get(r.id) : undefined;
    return b ? [{ id: r.id, child: caseScore(r), baseline: caseScore(b), identical: sameRuns(r, b, k) }] : [];
  });
}

export function pairedDifference(pairs: readonly CasePair[], opts: BootstrapOptions): PairedDifference {
  const boot = pairedBootstrap(
    pairs.map((p) => p.child),
    pairs.map((p) => p.baseline),
    { ...opts, alpha: 0.05 },
  );
  return {
    delta: boot.difference,
    lo: boot.ci[0],
    hi: boot.ci[1],
    n: pairs.length,
    identical: pairs.filter((p) => p.identical).length,
  };
}
