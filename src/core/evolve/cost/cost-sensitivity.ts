// Which frontier comparisons an estimated cost could have decided the other way (docs/engine.md
// "Cost under early stop"). Without `evolve.exactCost` a member's cost is an estimate with a 95%
// interval; a dominance check between the child and a member is robust when it comes out the same
// for every pair of costs inside the two intervals. settle-cost.ts runs the remaining runs of the
// ones that are not, so no frontier decision the intervals leave open rests on an estimate.
import type { CaseResult } from "../../../records/eval-record.js";
import { costEstimateOf } from "./cost-estimate.js";
import type { FrontierPoint } from "../pareto.js";

/** A candidate's cost as an interval: a point when exact, the estimate's 95% interval otherwise. */
export interface CostBand {
  low: number;
  high: number;
}

export function costBandOf(point: FrontierPoint, results: readonly CaseResult[], spread?: number): CostBand {
  const e = costEstimateOf(results, spread);
  if (!e) return { low: point.cost, high: point.cost };
  return { low: Math.min(e.low, point.cost), high: Math.max(e.high ?? Infinity, point.cost) };
}

interface Banded {
  passRate: number;
  band: CostBand;
}

/** Whether "a dominates b" holds for every pair of costs in the bands, for none, or depends on them. */
function dominanceOver(a: Banded, b: Banded): "always" | "never" | "undecided" {
  if (a.passRate < b.passRate) return "never"; // whatever the costs
  // Higher pass rate: dominates iff cost(a) ≤ cost(b); equal pass rate: iff cost(a) < cost(b).
  const always = a.passRate > b.passRate ? a.band.high <= b.band.low : a.band.high < b.band.low;
  const never = a.passRate > b.passRate ? a.band.low > b.band.high : a.band.low >= b.band.high;
  return always ? "always" : never ? "never" : "undecided";
}

const dominanceUndecided = (a: Banded, b: Banded) => dominanceOver(a, b) === "undecided";

/** True when some member dominates the child whatever the costs inside the bands. */
export function dominatedForSure(members: readonly Banded[], child: Banded): boolean {
  return members.some((m) => dominanceOver(m, child) === "always");
}

/** Ids of the members whose dominance relation with the child the cost intervals leave undecided. */
export function costSensitiveMembers(members: readonly (Banded & { id: string })[], child: Banded): string[] {
  return members.filter((m) => dominanceUndecided(m, child) || dominanceUndecided(child, m)).map((m) => m.id);
}
