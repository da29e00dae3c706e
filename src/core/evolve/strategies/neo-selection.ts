// SkillNEO's selection over generations of GENERATION iterations (one child each, so a generation
// has several children). Comma selection: generation g draws its parents only from the children
// generation g − 1 promoted (ranked within its top m after screening, neo-promote.ts, then admitted
// by the gate on the full evaluation), frontier members or not, so the search is non-elitist. The
// root P₀ joins the pool while fewer than two parents remain. A generation
// that promoted nothing stalls the search: the next one revisits an earlier version from the
// archive and frontier instead of retrying the same parents. Everything is derived from the
// iteration records and the archive, both in the checkpoint, so a resume picks the same parents.
import type { MemberState } from "../checkpoint.js";
import { byBirth, roundRobin, type ParentSelector, type SelectionHistory } from "./parent-selector.js";

/** Iterations (children) per generation. */
export const GENERATION = 3;

export const neoSelector: ParentSelector = {
  archives: true,
  selectParent(frontier, t, history) {
    const pool = parentPool(frontier, generationOf(t), history);
    if (pool.length === 0) return roundRobin.selectParent(frontier, t, history);
    return pool[((t - 1) % GENERATION) % pool.length]!;
  },
};

/** 0-based generation of iteration t (t counts from 1). */
export function generationOf(t: number): number {
  return Math.floor((t - 1) / GENERATION);
}

/** The members generation g draws parents from, in order of birth. */
export function parentPool(
  frontier: readonly MemberState[],
  g: number,
  history: SelectionHistory,
): MemberState[] {
  const known = new Map([...history.archive, ...frontier].map((m) => [m.id, m]));
  const root = known.get(history.root);
  if (g === 0) return root ? [root] : [];
  const promoted = promotedIn(history, g - 1)
    .map((id) => known.get(id))
    .filter((m): m is MemberState => m !== undefined);
  if (promoted.length === 0) return revisit([...known.values()], g);
  const pool = byBirth(promoted);
  if (pool.length < 2 && root && !pool.includes(root)) pool.unshift(root);
  return pool;
}

/** Ids of the children the gate admitted in generation g's iterations. */
export function promotedIn(history: SelectionHistory, g: number): string[] {
  const first = g * GENERATION + 1;
  return history.iterations
    .filter((it) => it.t >= first && it.t < first + GENERATION && it.gate.admitted && it.child)
    .map((it) => it.child!.candidate);
}

/** Archive revisiting: one earlier version, a different one for each stalled generation. */
function revisit(versions: readonly MemberState[], g: number): MemberState[] {
  const ordered = byBirth(versions);
  return ordered.length === 0 ? [] : [ordered[g % ordered.length]!];
}
