// A SkillNEO child the screen's gate admitted, as the checkpoint's `state.neoPending` keeps it until
// its generation is ranked (neo-promote.ts): the SKILL.md sources and files that differ from the
// input bank, so a run stopped mid-generation resumes with its screened children and ranks them as
// an uninterrupted run would.
import { z } from "zod";

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
