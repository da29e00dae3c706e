// What a run saw linking an evolution case that named no skill to the bank's skills (docs/case-format.md,
// "Skill links"): carried in the run record so that the pool file written when the case is resolved
// (core/github/plan.ts memberFiles) can link it without the run's traces at hand.
import { z } from "zod";

export const CaseLinkEvidence = z.strictObject({
  /** The evolution case's id. */
  case: z.string(),
  /** Skills the diagnosers targeted for a batch that held the case, over every iteration. */
  diagnosis: z.array(z.string()),
  /** Skills its failing P₀ runs loaded; when none failed, the skills its P₀ runs loaded. */
  trace: z.array(z.string()),
});
export type CaseLinkEvidence = z.infer<typeof CaseLinkEvidence>;
