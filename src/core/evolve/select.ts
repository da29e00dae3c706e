// P* selection and R* (Algorithm 1, lines 18–19; FRAMES §3.6, Table 3) and the operating-point
// labels the PRs show.
// `accuracy`: highest pass rate, ties to lower cost (the paper's default). `cost`: lowest cost, ties
// to higher pass rate. `balanced`: the member nearest the utopia point (best rate, lowest cost) in
// normalized units, preferring members that are neither end.
import type { MemberState } from "./checkpoint.js";
import { pointOf, type FrontierPoint } from "./pareto.js";
import { type OperatingPoint } from "../../records/operating-point.js";

export function mostAccurate<P extends FrontierPoint>(points: readonly P[]): P {
  return pick(points, (a, b) => b.passRate - a.passRate || a.cost - b.cost || cmp(a.id, b.id));
}

export function cheapest<P extends FrontierPoint>(points: readonly P[]): P {
  return pick(points, (a, b) => a.cost - b.cost || b.passRate - a.passRate || cmp(a.id, b.id));
}

/** Nearest to (max rate, min cost) after scaling both axes to [0, 1]. */
export function balanced<P extends FrontierPoint>(points: readonly P[]): P {
  const acc = mostAccurate(points);
  const low = cheapest(points);
  const interior = points.filter((p) => p !== acc && p !== low);
  const pool = interior.length > 0 ? interior : points;
  const rates = points.map((p) => p.passRate);
  const costs = points.map((p) => p.cost);
  const rSpan = Math.max(...rates) - Math.min(...rates) || 1;
  const cSpan = Math.max(...costs) - Math.min(...costs) || 1;
  const dist = (p: P) =>
    Math.hypot((Math.max(...rates) - p.passRate) / rSpan, (p.cost - Math.min(...costs)) / cSpan);
  return pick(pool, (a, b) => dist(a) - dist(b) || b.passRate - a.passRate || cmp(a.id, b.id));
}

/** Labels for every member: one `accuracy`, one `cost` (when distinct), the rest `balanced`. */
export function labelOperatingPoints<P extends FrontierPoint>(
  points: readonly P[],
): Map<string, OperatingPoint> {
  const labels = new Map<string, OperatingPoint>();
  if (points.length === 0) return labels;
  const acc = mostAccurate(points);
  const low = cheapest(points);
  for (const p of points) labels.set(p.id, "balanced");
  labels.set(low.id, "cost");
  labels.set(acc.id, "accuracy");
  return labels;
}

export function selectStar<P extends FrontierPoint>(points: readonly P[], point: OperatingPoint): P {
  if (points.length === 0) throw new Error("cannot select from an empty frontier");
  if (point === "cost") return cheapest(points);
  if (point === "balanced") return balanced(points);
  return mostAccurate(points);
}

/** Line 18: P* ← SelectFromFrontier(frontier), at the configured operating point. */
export function selectFromFrontier(frontier: readonly MemberState[], point: OperatingPoint): MemberState {
  return selectStar(
    frontier.map((m) => ({ ...pointOf(m), member: m })),
    point,
  ).member;
}

/** Line 19: R*, the evolution cases a member resolves (pass@k = 1), sorted. */
export function resolvedCases(member: Pick<MemberState, "results">): string[] {
  return member.results
    .filter((r) => r.passAtK >= 1)
    .map((r) => r.id)
    .sort();
}

function pick<P>(points: readonly P[], order: (a: P, b: P) => number): P {
  const sorted = [...points].sort(order);
  if (sorted.length === 0) throw new Error("cannot select from an empty frontier");
  return sorted[0]!;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
