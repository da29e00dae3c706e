// Which frontier comparisons an estimated cost could have decided the other way (docs/engine.md
// "Cost under early stop"). Without `evolve.exactCost` a member's cost is an estimate with a 95%
// interval; a dominance check between the child and a member is robust when it comes out the same
// for every pair of costs inside the two intervals. The ones that are not are recorded on the
// iteration, so a reviewer (and bench/varying-tokens.ts) can see which decisions rest on an estimate.
import type { CaseResult } from "../evaluate/eval-record.js";
import { costEstimateOf } from "./cost-estimate.js";
import type { FrontierPoint } from "./pareto.js";

/** A candidate's cost as an interval: a point when exact, the estimate's 95% interval otherwise. */
export interface CostBand {
  low: number;
  high: number;
}

export function costBandOf(point: FrontierPoint, results: readonly CaseResult[]): CostBand {
  const e = costEstimateOf(results);
  if (!e) return { low: point.cost, high: point.cost };
  return { low: Math.min(e.low, point.cost), high: Math.max(e.high ?? Infinity, point.cost) };
}

interface Banded {
  passRate: number;
  band: CostBand;
}

/** True when "a dominates b" could be true for some costs in the bands and false for others. */
function dominanceUndecided(a: Banded, b: Banded): boolean {
  if (a.passRate < b.passRate) return false; // never dominates, whatever the costs
  // Higher pass rate: dominates iff cost(a) ≤ cost(b); equal pass rate: iff cost(a) < cost(b).
  const always = a.passRate > b.passRate ? a.band.high <= b.band.low : a.band.high < b.band.low;
  const never = a.passRate > b.passRate ? a.band.low > b.band.high : a.band.low >= b.band.high;
  return !always && !never;
}

/** Ids of the members whose dominance relation with the child the cost intervals leave undecided. */
export function costSensitiveMembers(members: readonly (Banded & { id: string })[], child: Banded): string[] {
  return members.filter((m) => dominanceUndecided(m, child) || dominanceUndecided(child, m)).map((m) => m.id);
}
