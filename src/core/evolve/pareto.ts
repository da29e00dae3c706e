// The dual-objective frontier (FRAMES Eq. 3): members are non-dominated on o = (PR, −Cost).
// A child enters iff no member dominates it; members it dominates leave; the frontier is capped.
//
// Which member leaves when the cap is exceeded (docs/engine.md): the two extremes (highest pass
// rate, lowest cost) always stay, because they are the menu's ends; among the interior members the
// one with the smallest crowding distance (NSGA-II: the normalized gap between its neighbours)
// leaves, because it is the operating point best approximated by the others. Ties: the older
// member leaves (the newer one carries the latest fixes), then the larger hash (determinism).
import type { CaseResult } from "../../records/eval-record.js";
import type { MemberState } from "./checkpoint.js";
import { shortCandidateId } from "../../records/candidate-id.js";
import { caseScore } from "../evaluate/kernel-score.js";

export interface FrontierPoint {
  id: string;
  /** Mean pass@k; a scored kernel case counts its score (kernel-score.ts). */
  passRate: number;
  /** Mean tokens per case (input + output). */
  cost: number;
  /** Iteration that produced it; 0 for the baseline. */
  born: number;
}

/** A member's objective vector, measured on the evolution cases (the same cases for every member). */
export function pointOf(m: Pick<MemberState, "id" | "born" | "results">): FrontierPoint {
  const rs = m.results;
  const mean = (f: (r: CaseResult) => number) =>
    rs.length ? rs.reduce((s, r) => s + f(r), 0) / rs.length : 0;
  return {
    id: m.id,
    born: m.born,
    passRate: mean(caseScore),
    cost: mean((r) => r.tokens.input + r.tokens.output),
  };
}

export function dominates(a: FrontierPoint, b: FrontierPoint): boolean {
  const geq = a.passRate >= b.passRate && a.cost <= b.cost;
  const differs = a.passRate !== b.passRate || a.cost !== b.cost;
  return geq && differs;
}

export function isNonDominated(points: readonly FrontierPoint[]): boolean {
  return points.every((a) => points.every((b) => a === b || !dominates(b, a)));
}

export interface ParetoUpdate<P extends FrontierPoint> {
  frontier: P[];
  entered: boolean;
  /** Ids that left: dominated by the child, or pushed out by the cap. */
  removed: string[];
  /** Why the child did not enter, when it did not. */
  reason?: string;
}

export function paretoUpdate<P extends FrontierPoint>(
  frontier: readonly P[],
  child: P,
  cap: number,
): ParetoUpdate<P> {
  if (!Number.isInteger(cap) || cap < 1)
    throw new RangeError(`frontier cap must be a positive integer, got ${cap}`);
  const same = frontier.find((m) => m.id === child.id);
  if (same)
    return {
      frontier: [...frontier],
      entered: false,
      removed: [],
      reason: `identical to member ${shortCandidateId(child.id)}`,
    };
  const dominator = frontier.find((m) => dominates(m, child));
  if (dominator)
    return {
      frontier: [...frontier],
      entered: false,
      removed: [],
      reason: `dominated by ${shortCandidateId(dominator.id)}`,
    };
  const kept = frontier.filter((m) => !dominates(child, m));
  const removed = frontier.filter((m) => dominates(child, m)).map((m) => m.id);
  let next = [...kept, child];
  while (next.length > cap) {
    const leaving = pickEvictee(next);
    removed.push(leaving.id);
    next = next.filter((m) => m !== leaving);
  }
  const entered = next.includes(child);
  const childRemoved = removed.indexOf(child.id);
  if (childRemoved >= 0) removed.splice(childRemoved, 1);
  return {
    frontier: next,
    entered,
    removed,
    ...(entered ? {} : { reason: "pushed out by the frontier cap (most crowded operating point)" }),
  };
}

/** The interior member with the smallest crowding distance; with cap 1, the worse of the pair by (PR, −cost). */
export function pickEvictee<P extends FrontierPoint>(points: readonly P[]): P {
  const sorted = [...points].sort((a, b) => a.cost - b.cost || b.passRate - a.passRate || cmp(a.id, b.id));
  if (sorted.length <= 2) {
    // Only the two ends are left (cap 1, greedy): keep the more accurate one, ties to lower cost.
    const [a, b] = sorted as [P, P];
    const better = a.passRate > b.passRate || (a.passRate === b.passRate && a.cost <= b.cost) ? a : b;
    return better === a ? b : a;
  }
  const costSpan = sorted[sorted.length - 1]!.cost - sorted[0]!.cost || 1;
  const rates = sorted.map((p) => p.passRate);
  const rateSpan = Math.max(...rates) - Math.min(...rates) || 1;
  let worst: { p: P; d: number } | undefined;
  for (let i = 1; i < sorted.length - 1; i++) {
    const prev = sorted[i - 1]!;
    const next = sorted[i + 1]!;
    const p = sorted[i]!;
    const d = (next.cost - prev.cost) / costSpan + Math.abs(prev.passRate - next.passRate) / rateSpan;
    if (!worst || d < worst.d || (d === worst.d && evictFirst(p, worst.p))) worst = { p, d };
  }
  return worst!.p;
}

function evictFirst(a: FrontierPoint, b: FrontierPoint): boolean {
  return a.born < b.born || (a.born === b.born && a.id > b.id);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
