// What the run record keeps of a SkillNEO graft (strategies/graft.ts): the donor member and the `##`
// section the child took from it, with how many sections were offered and why the rewriter chose
// this one (both absent in records made before donors were chosen).
import { z } from "zod";

export const GraftRecord = z.strictObject({
  donor: z.string(),
  skill: z.string(),
  section: z.string(),
  offered: z.number().int().positive().optional(),
  reason: z.string().optional(),
});
export type GraftRecord = z.infer<typeof GraftRecord>;
