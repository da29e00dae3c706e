// The 95% interval of a member's cost when early stop left some runs unrun; how it is computed:
// core/evolve/cost/cost-estimate.ts (docs/engine.md "Cost under early stop").
import { z } from "zod";

export const CostEstimate = z.strictObject({
  /** Runs executed (or served by the cache) on the member's cases, and the runs naive would make. */
  runs: z.number().int().nonnegative(),
  planned: z.number().int().positive(),
  /** 95% interval of naive evaluation's tokens per case (input + output) (the model in core/evolve/cost/cost-estimate.ts). */
  low: z.number().nonnegative(),
  /** Null when no case ran twice, so the runs' spread is unknown and the interval is open above. */
  high: z.number().nonnegative().nullable(),
});

export type CostEstimate = z.infer<typeof CostEstimate>;
