// SkillNEO's grafting: the child of iteration t also takes one section from a donor, another parent
// of the same generation, when the donor changed a section the child left as the parent had it. The
// donor is the next member of the generation's pool after the parent, so a resume picks the same one;
// only a section the donor's lineage edited is offered (never one it still has as the input bank had it).
// The grafted child then goes through the veto, the audit and the gate like any other.
import type { SkillBank } from "../../bank/skill.js";
import type { MemberState } from "../checkpoint.js";
import { bankOf, type RunContext } from "../context.js";
import { bankWithEdits } from "../edit-subset.js";
import { historyOf } from "../frontier-entry.js";
import { bankEditsOf } from "../../nogoods/nogood.js";
import type { RewriteStep } from "../rewrite.js";
import type { Iteration } from "../../../records/run-record.js";
import { generationOf, parentPool } from "./neo-selection.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

/** The child's rewrite step with one donor section grafted in; the step unchanged when none applies. */
export function graftStep(
  ctx: RunContext,
  t: number,
  parent: { member: MemberState; bank: SkillBank },
  step: RewriteStep,
  record: Iteration,
): RewriteStep {
  const pool = parentPool(ctx.state.frontier, generationOf(t), historyOf(ctx));
  const at = pool.findIndex((m) => m.id === parent.member.id);
  const donor = pool.length > 1 ? pool[(at + 1) % pool.length] : undefined;
  if (!donor || donor.id === parent.member.id) return step;
  const donorBank = bankOf(ctx, donor);
  const key = (e: { skill: string; section: string }) => `${e.skill}\u0000${e.section}`;
  const own = new Set(bankEditsOf(parent.bank, step.bank).map(key));
  // Only what the donor's lineage wrote (it differs from the input bank there), never an original
  // section that would undo the parent's own edit.
  const evolved = new Set(bankEditsOf(ctx.in.bank, donorBank).map(key));
  const offered = bankEditsOf(parent.bank, donorBank).filter(
    (e) => !own.has(key(e)) && evolved.has(key(e)) && ctx.state.scope.includes(e.skill),
  );
  const edit = offered[0];
  if (!edit) return step;
  record.graft = { donor: donor.id, skill: edit.skill, section: edit.section };
  const summary = `grafted section ${edit.section} from ${shortCandidateId(donor.id)}`;
  const changed = step.changed.some((c) => c.skill === edit.skill)
    ? step.changed.map((c) => (c.skill === edit.skill ? { ...c, summary: `${c.summary}; ${summary}` } : c))
    : [...step.changed, { skill: edit.skill, summary }];
  return { ...step, bank: bankWithEdits(step.bank, donorBank, [edit]), changed };
}
