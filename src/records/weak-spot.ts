// A weak spot of the member being explored (SkillEvolver §3.2.1, Algorithm 1 line 8: from r = 1 on the
// strategies are "aimed at v_r's observed weak spots"): one category whose cases the member fails now,
// with the skills its failing runs went through. strategies/weak-spots.ts derives them from the
// parent's measured results; the strategist is shown them when it rewrites the strategies.
import { z } from "zod";

export const WeakSpot = z.strictObject({
  category: z.string(),
  /** Evolution cases of the category the member fails (pass@k below 1). */
  failing: z.number().int().positive(),
  /** Evolution cases of the category in all. */
  of: z.number().int().positive(),
  /** Skills the failing cases link to or their failing runs loaded, at most 4, most implicated first. */
  skills: z.array(z.string()),
});
export type WeakSpot = z.infer<typeof WeakSpot>;
