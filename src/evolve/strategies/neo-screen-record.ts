// What the run record keeps of SkillNEO's screening (neo-screen.ts) for a child the screen's gate
// admitted: its pass rate on the screening half, its rank among its generation's screened children so
// far (of `of`; ties to the earlier child), and whether that rank promoted it to the full evaluation.
import { z } from "zod";

export const NeoScreenRecord = z.strictObject({
  score: z.number(),
  rank: z.number().int().positive(),
  of: z.number().int().positive(),
  promoted: z.boolean(),
});
export type NeoScreenRecord = z.infer<typeof NeoScreenRecord>;
