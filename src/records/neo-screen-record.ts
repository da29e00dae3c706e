// What the run record keeps of SkillNEO's screening (neo-screen.ts, neo-promote.ts) for a child the
// screen's gate admitted: its pass rate on the screening half and, once its generation is ranked,
// its rank among the generation's screened children (of `of`; ties to the earlier child), whether it
// was within the top m and so fully evaluated, and the iteration at whose end that was decided.
// A checkpoint taken mid-generation holds `pending: true` instead; a finished record never does.
import { z } from "zod";

export const NeoScreenPending = z.strictObject({
  score: z.number(),
  pending: z.literal(true),
});

export const NeoScreenDecided = z.strictObject({
  score: z.number(),
  rank: z.number().int().positive(),
  of: z.number().int().positive(),
  promoted: z.boolean(),
  /** The iteration after which the generation was ranked (its last, or the one the run stopped at). */
  decidedAt: z.number().int().positive(),
});
export type NeoScreenDecided = z.infer<typeof NeoScreenDecided>;

export const NeoScreenRecord = z.union([NeoScreenPending, NeoScreenDecided]);
export type NeoScreenRecord = z.infer<typeof NeoScreenRecord>;

/** The iteration at which t's outcome was decided: later than t only for a deferred SkillNEO child. */
export function decidedAt(it: { t: number; neoScreen?: NeoScreenRecord }): number | undefined {
  if (!it.neoScreen) return it.t;
  return "pending" in it.neoScreen ? undefined : it.neoScreen.decidedAt;
}
