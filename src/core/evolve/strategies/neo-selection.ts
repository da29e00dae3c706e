// SkillNEO's selection over generations of GENERATION iterations (one child each, so a generation
// has b = 6 children). Comma selection: generation g draws its parents only from the children
// generation g − 1 promoted (ranked within its top m after screening, neo-promote.ts, and fully
// measured; the gate's floors do not decide a parent), frontier members or not, so the search is
// non-elitist. They are ranked over the generation by their measured scores (official pass rate,
// then rubric items, then the earlier child), and the generation's children go to them in turn, in
// that order, so the best-ranked gets the most. After a Hold with ΔS < 0 the archive revisit
// (neo-revisit.ts) replaces that set with the archive's unretired survivors. The root P₀ joins the
// pool, last, while fewer than two parents remain. The per-parent cap (neoKnobs `parentCap`, absent
// = the paper's ⌈b/|B|⌉ + 2) counts a version's children within the generation, as the paper's
// does; a pool it or the revisit empties exhausts the search (neo-stop.ts). Everything is derived
// from the iteration records and the archive, both in the checkpoint, so a resume picks the same parents.
import type { MemberState } from "../checkpoint.js";
import { neoKnobsOf } from "../../../records/neo-knobs.js";
import type { RunConfig } from "../../../records/run-config.js";
import { roundRobin, type ParentSelector, type SelectionHistory } from "./parent-selector.js";
import { ownScores } from "./neo-acceptance.js";
import { GENERATION, generationOf, iterationsOf, promotedIn } from "./neo-generation.js";
import { revisitPool } from "./neo-revisit.js";

export { GENERATION, generationOf, isPromoted } from "./neo-generation.js";

/** The SkillNEO selector under the run's knobs (the per-parent cap). */
export function neoSelector(config: Pick<RunConfig, "neo">): ParentSelector {
  const cap = neoKnobsOf(config).parentCap;
  return {
    archives: true,
    selectParent(frontier, t, history) {
      const pool = eligiblePool(frontier, t, history, cap);
      // An empty pool stops the run before t (neo-stop.ts); the answer only has to be a member.
      if (pool.length === 0) return roundRobin.selectParent(frontier, t, history);
      // In turn by rank: the eligible parent with the fewest children so far in this generation.
      const fewest = Math.min(...pool.map((m) => expansionsOf(history, m.id, t)));
      return pool.find((m) => expansionsOf(history, m.id, t) === fewest)!;
    },
  };
}

/** The pool iteration t draws from after the per-parent cap (`cap` absent = the paper's formula). */
export function eligiblePool(
  frontier: readonly MemberState[],
  t: number,
  history: SelectionHistory,
  cap?: number,
): MemberState[] {
  const pool = parentPool(frontier, generationOf(t), history);
  const limit = cap ?? parentCapFor(pool.length);
  return pool.filter((m) => expansionsOf(history, m.id, t) < limit);
}

/** The paper's per-parent cap ⌈b/|B|⌉ + 2 for a pool of `size`. */
export function parentCapFor(size: number): number {
  return Math.ceil(GENERATION / Math.max(size, 1)) + 2;
}

/** How many iterations of t's generation, before t, improved `id` (the cap counts per generation). */
export function expansionsOf(history: SelectionHistory, id: string, t: number): number {
  const { from } = iterationsOf(generationOf(t));
  return history.iterations.filter((it) => it.t >= from && it.t < t && it.parent === id).length;
}

/** The members generation g draws parents from, best first (the root, when added, last). */
export function parentPool(
  frontier: readonly MemberState[],
  g: number,
  history: SelectionHistory,
): MemberState[] {
  const known = new Map([...history.archive, ...frontier].map((m) => [m.id, m]));
  const root = known.get(history.root);
  if (g === 0) return root ? [root] : [];
  const promoted = promotedIn(history.iterations, g - 1).filter(
    (p, i, all) => known.has(p.id) && all.findIndex((q) => q.id === p.id) === i,
  );
  const ordinary = rankedOverGeneration(promoted.map((p) => ({ member: known.get(p.id)!, t: p.t })));
  const revisit = revisitPool(history.iterations, g, known);
  const pool = revisit?.length ? revisit : ordinary;
  // A revisit with no survivor and no ordinary parent exhausts the search (the paper, Appendix B).
  if (revisit !== undefined && pool.length === 0) return [];
  if (pool.length < 2 && root && !pool.includes(root)) pool.push(root);
  return pool;
}

/** The generation's members by official score, then auxiliary score, then the earlier child. */
function rankedOverGeneration(children: { member: MemberState; t: number }[]): MemberState[] {
  const scored = children.map((c) => ({ ...c, s: ownScores(c.member.results) }));
  scored.sort((a, b) => b.s.official - a.s.official || b.s.aux - a.s.aux || a.t - b.t);
  return scored.map((c) => c.member);
}
