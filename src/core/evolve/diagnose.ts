// Algorithm 1, line 8: {δᵢ} ← Diagnose(P, {Bᵢ}), one diagnoser per batch, in parallel. A diagnoser
// that fails is recorded with its reason and proposes nothing; the others still count (and the
// vote's denominator stays the number of batches, so a failure is a vote against every edit).
import type { SkillBank } from "../bank/skill.js";
import { deriveSeed } from "../../vocabulary/rng.js";
import { spend, type RunContext } from "./context.js";
import { triedEdits } from "./nogoods/tried-edits.js";
import { suspectsForBatch } from "./localise/localise.js";
import type { Suspect } from "../../records/suspect.js";
import type { CaseView, Proposal, SkillView } from "../llm/roles.js";
import type { Iteration, ProposalRecord } from "../../records/run-record.js";

export async function diagnose(
  ctx: RunContext,
  t: number,
  views: SkillView[],
  batches: CaseView[][],
  record: Iteration,
  parentBank?: SkillBank,
  suspects: readonly Suspect[] = [],
): Promise<Proposal[]> {
  const tried = parentBank ? triedEdits(ctx, parentBank, views) : [];
  const answers = await Promise.all(
    batches.map((batch, i) =>
      ctx.deps.roles.diagnoser.diagnose({
        parent: views,
        batch,
        index: i,
        seed: deriveSeed(ctx.in.config.seed, `diagnose:${t}:${i}`),
        ...(tried.length > 0 ? { tried } : {}),
        ...(suspects.length ? { localisation: suspectsForBatch(suspects, batch) } : {}),
      }),
    ),
  );
  const proposals: Proposal[] = [];
  answers.forEach((a, i) => {
    spend(ctx, "diagnoser", a.usage, record.tokens);
    const batch = batches[i]!.map((c) => c.id);
    const rec: ProposalRecord = a.ok
      ? { diagnoser: i, batch, ...a.value }
      : { diagnoser: i, batch, targets: [], rootCause: "", plans: [], failure: a.failure };
    record.proposals.push(rec);
    if (a.ok) proposals.push(a.value);
  });
  return proposals;
}
