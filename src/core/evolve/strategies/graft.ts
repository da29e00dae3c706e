// SkillNEO's grafting: the child of iteration t may also take one `##` section from a donor, another
// version of the generation's parent pool. Every section a donor's lineage edited (it differs from
// the input bank there) that differs from the parent and that the child left as the parent had it
// is offered, at most MAX_OFFERS, pool order then section order; the rewriter (Rewriter.chooseDonor)
// sees the parent's failing cases and the offered sections' text and names one offer or none, so the
// proposer chooses the donor (the paper's "c04 selects b04 as parent and b05 as donor"). A rewriter
// without a chooser, a failed call or a spent budget grafts nothing. The answer is in the record
// (`graft {donor, skill, section, offered, reason}`), and the grafted child then goes through the
// veto, the audit and the gate like any other. The offers are a function of the checkpointed pool,
// and the call's seed of the run's seed and t, so a resume offers and chooses the same.
import type { SkillBank } from "../../bank/skill.js";
import { splitSections } from "../../bank/skill-sections.js";
import type { GraftOffer } from "../../llm/roles.js";
import type { MemberState } from "../checkpoint.js";
import { bankOf, spend, withinBudget, type RunContext } from "../context.js";
import { bankWithEdits } from "../edit-subset.js";
import { historyOf } from "../frontier-entry.js";
import { bankEditsOf } from "../../nogoods/nogood.js";
import type { RewriteStep } from "../rewrite.js";
import type { Iteration } from "../../../records/run-record.js";
import { generationOf, parentPool } from "./neo-selection.js";
import { shortCandidateId } from "../../../records/candidate-id.js";
import { deriveSeed } from "../../../vocabulary/rng.js";

/** Most donor sections shown to the rewriter at once. */
export const MAX_OFFERS = 6;

type Offer = GraftOffer & { member: MemberState; bank: SkillBank };

/** The child's rewrite step with the chosen donor section grafted in; the step unchanged when none is. */
export async function graftStep(
  ctx: RunContext,
  t: number,
  parent: { member: MemberState; bank: SkillBank },
  step: RewriteStep,
  record: Iteration,
): Promise<RewriteStep> {
  const chooser = ctx.deps.roles.rewriter.chooseDonor;
  const offers = offersFor(ctx, t, parent, step);
  if (!chooser || offers.length === 0 || !withinBudget(ctx)) return step;
  const answer = await chooser.call(ctx.deps.roles.rewriter, {
    offers: offers.map(({ donor, skill, section, text }) => ({ donor, skill, section, text })),
    failing: failingCases(ctx, parent.member),
    changed: step.changed,
    seed: deriveSeed(ctx.in.config.seed, `graft:${t}`),
  });
  spend(ctx, "rewriter", answer.usage, record.tokens);
  if (!answer.ok || answer.value.offer === undefined) return step;
  const chosen = offers[answer.value.offer - 1];
  if (!chosen) return step;
  const edit = { skill: chosen.skill, section: chosen.section };
  record.graft = {
    donor: chosen.member.id,
    ...edit,
    offered: offers.length,
    reason: answer.value.reason,
  };
  const summary = `grafted section ${edit.section} from ${chosen.donor}`;
  const changed = step.changed.some((c) => c.skill === edit.skill)
    ? step.changed.map((c) => (c.skill === edit.skill ? { ...c, summary: `${c.summary}; ${summary}` } : c))
    : [...step.changed, { skill: edit.skill, summary }];
  return { ...step, bank: bankWithEdits(step.bank, chosen.bank, [edit]), changed };
}

/** What the pool's other versions offer the child: their own edited sections it left as the parent had them. */
export function offersFor(
  ctx: RunContext,
  t: number,
  parent: { member: MemberState; bank: SkillBank },
  step: Pick<RewriteStep, "bank">,
): Offer[] {
  const key = (e: { skill: string; section: string }) => `${e.skill}\u0000${e.section}`;
  const own = new Set(bankEditsOf(parent.bank, step.bank).map(key));
  const out: Offer[] = [];
  for (const member of parentPool(ctx.state.frontier, generationOf(t), historyOf(ctx))) {
    if (member.id === parent.member.id) continue;
    const bank = bankOf(ctx, member);
    // Only what the donor's lineage wrote, never an original section that would undo the parent's edit.
    const evolved = new Set(bankEditsOf(ctx.in.bank, bank).map(key));
    for (const e of bankEditsOf(parent.bank, bank)) {
      if (own.has(key(e)) || !evolved.has(key(e)) || !ctx.state.scope.includes(e.skill)) continue;
      if (out.some((o) => key(o) === key(e))) continue; // one offer per section: the first donor's
      const source = bank.skills.find((s) => s.name === e.skill)?.source ?? "";
      const text =
        splitSections(source)
          .find((s) => s.key === e.section)
          ?.lines.join("\n") ?? "";
      out.push({
        donor: shortCandidateId(member.id),
        skill: e.skill,
        section: e.section,
        text,
        member,
        bank,
      });
    }
  }
  return out.slice(0, MAX_OFFERS);
}

/** The parent's evolution cases it does not pass on every run, as the diagnosers see them. */
function failingCases(
  ctx: RunContext,
  parent: MemberState,
): { id: string; category: string; diagnosis: string }[] {
  const failed = new Set(parent.results.filter((r) => r.successes < r.runs || r.runs === 0).map((r) => r.id));
  return ctx.in.cases
    .filter((c) => failed.has(c.id))
    .map((c) => ({ id: c.id, category: c.category, diagnosis: c.diagnosis }));
}
