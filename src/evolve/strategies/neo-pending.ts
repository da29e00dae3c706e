// A SkillNEO child the screen's gate admitted, waiting for its generation's ranking (neo-promote.ts).
// Kept in the checkpoint's `state.neoPending` as the SKILL.md sources and files that differ from the
// input bank, so a run stopped mid-generation resumes with its screened children and ranks them as
// an uninterrupted run would.
import { z } from "zod";
import type { SkillBank } from "../../bank/skill.js";
import { exposureOf } from "../../bank/exposure.js";
import { ZERO_USAGE } from "../../llm/model.js";
import { bankOf, filesOf, sourcesOf, type RunContext } from "../context.js";
import type { RewriteStep } from "../rewrite.js";

export const NeoPending = z.strictObject({
  /** The iteration that made and screened the child. */
  t: z.number().int().positive(),
  id: z.string(),
  /** Its pass rate on the screening half, the ranking key. */
  score: z.number(),
  sources: z.record(z.string(), z.string()),
  files: z.record(z.string(), z.string().nullable()).optional(),
  exposure: z.array(z.string()).optional(),
  /** The skills its rewrite changed, with their summaries (RewriteStep.changed). */
  changed: z.array(z.strictObject({ skill: z.string(), summary: z.string() })),
});
export type NeoPending = z.infer<typeof NeoPending>;

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
  return { bank, records: [], changed: pending.changed, anchors: [], usage: ZERO_USAGE };
}
