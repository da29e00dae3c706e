// SkillNEO's selection over generations of GENERATION iterations (one child each, so a generation
// has several children). Comma selection: generation g draws its parents only from the children
// generation g − 1 promoted (ranked within its top m after screening, neo-promote.ts, then admitted
// by the gate on the full evaluation), frontier members or not, so the search is non-elitist. They
// are ranked over the generation by their measured scores (official pass rate, then rubric items,
// then the earlier child), and the generation's children go to them round-robin in that order. The
// root P₀ joins the pool, last, while fewer than two parents remain. A generation that promoted
// nothing stalls the search: the next one revisits an earlier version from the archive and frontier
// instead of retrying the same parents. The per-parent cap (neoKnobs `parentCap`, absent = the
// paper's ⌈b/|B|⌉ + 2) leaves out a version already expanded that many times; a pool it empties
// exhausts the search (neo-stop.ts). Everything is derived from the iteration records and the
// archive, both in the checkpoint, so a resume picks the same parents.
import type { MemberState } from "../checkpoint.js";
import { neoKnobsOf } from "../../../records/neo-knobs.js";
import type { RunConfig } from "../../../records/run-config.js";
import type { Iteration } from "../../../records/run-record.js";
import { byBirth, roundRobin, type ParentSelector, type SelectionHistory } from "./parent-selector.js";
import { ownScores } from "./neo-acceptance.js";

/** Iterations (children) per generation: the width b. */
export const GENERATION = 3;

/** The SkillNEO selector under the run's knobs (the per-parent cap). */
export function neoSelector(config: Pick<RunConfig, "neo">): ParentSelector {
  const cap = neoKnobsOf(config).parentCap;
  return {
    archives: true,
    selectParent(frontier, t, history) {
      const pool = eligiblePool(frontier, t, history, cap);
      // An empty pool stops the run before t (neo-stop.ts); the answer only has to be a member.
      if (pool.length === 0) return roundRobin.selectParent(frontier, t, history);
      return pool[((t - 1) % GENERATION) % pool.length]!;
    },
  };
}

/** 0-based generation of iteration t (t counts from 1). */
export function generationOf(t: number): number {
  return Math.floor((t - 1) / GENERATION);
}

/** The pool iteration t draws from after the per-parent cap (`cap` absent = the paper's formula). */
export function eligiblePool(
  frontier: readonly MemberState[],
  t: number,
  history: SelectionHistory,
  cap?: number,
): MemberState[] {
  const g = generationOf(t);
  const limit = cap ?? parentCapFor(parentPool(frontier, g, history).length);
  return parentPool(frontier, g, history, (m) => expansionsOf(history, m.id, t) < limit);
}

/** The paper's per-parent cap ⌈b/|B|⌉ + 2 for a pool of `size`. */
export function parentCapFor(size: number): number {
  return Math.ceil(GENERATION / Math.max(size, 1)) + 2;
}

/** How many iterations before t improved `id`. */
export function expansionsOf(history: SelectionHistory, id: string, t: number): number {
  return history.iterations.filter((it) => it.t < t && it.parent === id).length;
}

/** The members generation g draws parents from, best first (the root, when added, last); only `usable` ones. */
export function parentPool(
  frontier: readonly MemberState[],
  g: number,
  history: SelectionHistory,
  usable: (m: MemberState) => boolean = () => true,
): MemberState[] {
  const known = new Map([...history.archive, ...frontier].filter(usable).map((m) => [m.id, m]));
  const root = known.get(history.root);
  if (g === 0) return root ? [root] : [];
  const promoted = promotedIn(history, g - 1).filter((p) => known.has(p.id));
  if (promoted.length === 0) return revisit([...known.values()], g);
  const pool = rankedOverGeneration(promoted.map((p) => ({ member: known.get(p.id)!, t: p.t })));
  if (pool.length < 2 && root && !pool.includes(root)) pool.push(root);
  return pool;
}

/** The generation's members by official score, then auxiliary score, then the earlier child. */
function rankedOverGeneration(children: { member: MemberState; t: number }[]): MemberState[] {
  const scored = children.map((c) => ({ ...c, s: ownScores(c.member.results) }));
  scored.sort((a, b) => b.s.official - a.s.official || b.s.aux - a.s.aux || a.t - b.t);
  return scored.map((c) => c.member);
}

/**
 * The children of generation g's iterations the gate admitted or that were promoted (fully measured),
 * with their iteration; parentPool keeps those the frontier or archive holds (a refused one is there
 * only when neo-promote.ts kept it as a parent).
 */
export function promotedIn(history: SelectionHistory, g: number): { id: string; t: number }[] {
  const first = g * GENERATION + 1;
  return history.iterations
    .filter(
      (it) => it.t >= first && it.t < first + GENERATION && it.child && (it.gate.admitted || isPromoted(it)),
    )
    .map((it) => ({ id: it.child!.candidate, t: it.t }));
}

/** Whether iteration `it`'s child was promoted to full evaluation by its generation's ranking. */
export function isPromoted(it: Iteration): boolean {
  return it.neoScreen !== undefined && "promoted" in it.neoScreen && it.neoScreen.promoted;
}

/** Archive revisiting: one earlier version, a different one for each stalled generation. */
function revisit(versions: readonly MemberState[], g: number): MemberState[] {
  const ordered = byBirth(versions);
  return ordered.length === 0 ? [] : [ordered[g % ordered.length]!];
}
