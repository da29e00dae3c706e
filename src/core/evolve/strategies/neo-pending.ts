// A SkillNEO child the screen's gate admitted, waiting for its generation's ranking (neo-promote.ts):
// kept in the checkpoint's `state.neoPending` (neo-pending-record.ts), and rebuilt from it as the
// rewrite step the gate and the frontier read.
import type { SkillBank } from "../../bank/skill.js";
import { exposureOf } from "../../bank/exposure.js";
import { ZERO_TOKENS } from "../../../records/tokens.js";
import { bankOf, filesOf, sourcesOf, type RunContext } from "../context.js";
import type { RewriteStep } from "../rewrite.js";
import type { NeoPending } from "../../../records/neo-pending-record.js";

/** Keeps the screened child until its generation is ranked. */
export function deferChild(
  ctx: RunContext,
  t: number,
  child: { id: string; step: Pick<RewriteStep, "bank" | "changed"> },
  score: number,
): void {
  const { bank, changed } = child.step;
  const files = filesOf(ctx, bank);
  const exposure = exposureOf(bank);
  const pending: NeoPending = {
    t,
    id: child.id,
    score,
    sources: sourcesOf(ctx, bank),
    ...(Object.keys(files).length ? { files } : {}),
    ...(exposure ? { exposure } : {}),
    changed: changed.map((c) => ({ skill: c.skill, summary: c.summary })),
  };
  ctx.state.neoPending = [...(ctx.state.neoPending ?? []), pending];
}

/** The pending child as the rewrite step the gate and the frontier read. */
export function stepOf(ctx: RunContext, pending: NeoPending): RewriteStep {
  const bank: SkillBank = bankOf(ctx, pending);
  return { bank, records: [], changed: pending.changed, anchors: [], usage: ZERO_TOKENS };
}
