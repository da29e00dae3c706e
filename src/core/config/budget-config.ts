// The context budget's `evolve:` keys beyond `contextBudget` and `maskingRuns` (docs/engine.md
// "Context budget"): allocation dynamics, masking rate and retirement. All optional: absent is the
// behaviour before they existed (replicator, ρ = ½, no retirement), so a default run's record is unchanged.
import { z } from "zod";
import { AllocationDynamics, MaskingRate } from "../../records/context-allocation.js";

export const budgetKeys = {
  allocation: AllocationDynamics.optional().describe(
    "How the context budget allocation moves shares: `replicator` (default), `hedge` (SkillSmith's Hedge step on the posterior mean) or `thompson` (the Hedge step on a posterior draw each round, as SkillSmith runs it).",
  ),
  maskingRate: MaskingRate.optional().describe(
    "Chance a masking run hides each skill: a number in (0, 1) (default 0.5) or `adaptive` (per skill, from ½ down to 0.2 as its estimated effect settles).",
  ),
  retireAfter: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Retire a skill from exposure after this many allocations in a row whose posterior gives its gain less than a `retireBelow` chance of being positive (SkillSmith); unset = never.",
    ),
  retireBelow: z
    .number()
    .gt(0)
    .lt(1)
    .optional()
    .describe(
      "ε of retirement: a strike when Pr(gain > 0 | masking runs) < ε (default 0.05, SkillSmith's rule; 0.5 strikes whenever the estimated gain is negative).",
    ),
};
