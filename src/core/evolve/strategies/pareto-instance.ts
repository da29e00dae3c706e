// Instance-level Pareto parent selection (SkillSmith §A.8, Algorithm 2; GEPA's per-instance front):
// for each evolution case, the members (frontier ∪ archive) with the best score on it form that
// case's front. The pool is every member on some front, less the dominated ones (a member all of
// whose fronts another pool member is on too); a parent is drawn from it with probability
// proportional to the number of fronts it is on. The draw comes from the run seed and t alone, so a
// resumed run picks the parent an uninterrupted one would have picked.
import type { CaseResult } from "../../../records/eval-record.js";
import { deriveRng } from "../../../vocabulary/rng.js";
import type { MemberState } from "../checkpoint.js";
import { byBirth, roundRobin, type ParentSelector } from "./parent-selector.js";

/** A case's score for the front: its pass@k estimate over the runs the member has. */
const scoreOf = (r: CaseResult): number => r.passAtK;

/**
 * Case id → ids of the members with the best score on it. A case no member passes leads nothing (a
 * front of members that all score 0 says nothing about who to improve), so it has no front.
 */
export function instanceFronts(members: readonly MemberState[]): Map<string, string[]> {
  const best = new Map<string, { score: number; ids: string[] }>();
  for (const m of members)
    for (const r of m.results) {
      const s = scoreOf(r);
      const cur = best.get(r.id);
      if (!cur || s > cur.score) best.set(r.id, { score: s, ids: [m.id] });
      else if (s === cur.score && !cur.ids.includes(m.id)) cur.ids.push(m.id);
    }
  const fronts = new Map<string, string[]>();
  for (const [id, { score, ids }] of [...best].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (score > 0) fronts.set(id, ids);
  return fronts;
}

/**
 * Member id → the number of fronts it is on, for the members that survive domination (GEPA's
 * remove-dominated): weakest first, a member is dropped while every front it is on still holds
 * another surviving member, so every front keeps at least one member.
 */
export function paretoPool(
  members: readonly MemberState[],
  fronts: ReadonlyMap<string, readonly string[]>,
): Map<string, number> {
  const count = new Map<string, number>();
  for (const ids of fronts.values()) for (const id of ids) count.set(id, (count.get(id) ?? 0) + 1);
  const alive = new Set(count.keys());
  const total = (m: MemberState) => m.results.reduce((s, r) => s + scoreOf(r), 0);
  // Fewest fronts first, then the lower total score, then the younger (sort is stable).
  const weakestFirst = byBirth(members.filter((m) => alive.has(m.id)))
    .reverse()
    .sort((a, b) => count.get(a.id)! - count.get(b.id)! || total(a) - total(b));
  for (const m of weakestFirst) {
    const covered = [...fronts.values()]
      .filter((ids) => ids.includes(m.id))
      .every((ids) => ids.some((id) => id !== m.id && alive.has(id)));
    if (covered) alive.delete(m.id);
  }
  return new Map([...count].filter(([id]) => alive.has(id)));
}

/** Frontier and archive, each member once (a member may be in both after a resume edit). */
function candidatesOf(frontier: readonly MemberState[], archive: readonly MemberState[]): MemberState[] {
  const seen = new Map<string, MemberState>();
  for (const m of [...frontier, ...archive]) if (!seen.has(m.id)) seen.set(m.id, m);
  return byBirth([...seen.values()]);
}

/** The selector for a run seeded `seed`; round-robin over the frontier while no case has a front. */
export function paretoInstanceSelector(seed: number): ParentSelector {
  return {
    archives: true,
    selectParent(frontier, t, history) {
      const members = candidatesOf(frontier, history.archive);
      const pool = paretoPool(members, instanceFronts(members));
      if (pool.size === 0) return roundRobin.selectParent(frontier, t, history);
      const weighted = members.filter((m) => pool.has(m.id));
      const total = weighted.reduce((s, m) => s + pool.get(m.id)!, 0);
      let draw = deriveRng(seed, `pareto-parent:${t}`).int(total);
      for (const m of weighted) {
        draw -= pool.get(m.id)!;
        if (draw < 0) return m;
      }
      return weighted[weighted.length - 1]!;
    },
  };
}
