// SkillNEO's archive revisit with retirement (Appendix B, "Developmental selection and archive
// revisit"). It activates when generation g − 1's deployment decision was a Hold with ΔS < 0 (its best
// child scored below the re-measured incumbent). Each such hold retires, for good, the generation's
// fully measured children that scored below the incumbent, and the incumbent as a parent when it
// parented some of them (all its evaluated children then scored below it). The archive candidates
// are the unretired versions none of whose children remain (every child retired, or none made);
// ranked by official score (then auxiliary, then birth), the top REVISIT_WIDTH replace the ordinary
// parent set. No survivor: the ordinary set stays, or the search is exhausted when there is none.
// The paper's fallback tier (one-repeat survivors) is empty here: a child that was only screened is
// not kept as a version. Everything is read from the records and the members, so a resume agrees.
import type { MemberState } from "../checkpoint.js";
import type { NeoDeployRecord } from "../../../records/neo-deploy-record.js";
import type { Iteration } from "../../../records/run-record.js";
import { ownScores } from "./neo-acceptance.js";
import { decisionsOf } from "./neo-deploy.js";
import { promotedIn } from "./neo-generation.js";

/** Parents a revisit draws: the paper's parent-pool capacity k = 3. */
export const REVISIT_WIDTH = 3;

/** Whether the decision for generation g − 1 triggers a revisit for generation g: a Hold with ΔS < 0. */
export function revisitTriggered(iterations: readonly Iteration[], g: number): boolean {
  const last = decisionsOf(iterations).find((d) => d.deploy.generation === g - 1)?.deploy;
  return last !== undefined && heldBelow(last);
}

/** The versions retired by the holds with ΔS < 0 of generations before g. */
export function retiredBefore(
  iterations: readonly Iteration[],
  g: number,
  known: ReadonlyMap<string, MemberState>,
): Set<string> {
  const retired = new Set<string>();
  for (const { deploy } of decisionsOf(iterations)) {
    if (deploy.generation >= g || !heldBelow(deploy)) continue;
    const bar = deploy.incumbentScores!.official;
    const measured = promotedIn(iterations, deploy.generation)
      .map((p) => known.get(p.id))
      .filter((m): m is MemberState => m !== undefined && m.id !== deploy.incumbent);
    const below = (m: MemberState) => ownScores(m.results).official < bar;
    for (const m of measured) if (below(m)) retired.add(m.id);
    const own = measured.filter((m) => m.parent === deploy.incumbent);
    if (own.length > 0 && own.every(below)) retired.add(deploy.incumbent);
  }
  return retired;
}

/** The archive's survivors generation g revisits, best first; undefined when no revisit is due. */
export function revisitPool(
  iterations: readonly Iteration[],
  g: number,
  known: ReadonlyMap<string, MemberState>,
): MemberState[] | undefined {
  if (!revisitTriggered(iterations, g)) return undefined;
  const retired = retiredBefore(iterations, g, known);
  const versions = [...known.values()];
  const leaves = versions.filter(
    (v) => !retired.has(v.id) && !versions.some((c) => c.parent === v.id && !retired.has(c.id)),
  );
  return leaves
    .map((m) => ({ m, s: ownScores(m.results) }))
    .sort((a, b) => b.s.official - a.s.official || b.s.aux - a.s.aux || a.m.born - b.m.born)
    .slice(0, REVISIT_WIDTH)
    .map((x) => x.m);
}

function heldBelow(d: NeoDeployRecord): boolean {
  return (
    d.verdict === "hold" &&
    d.child !== undefined &&
    d.incumbentScores !== undefined &&
    d.child.official < d.incumbentScores.official
  );
}
