// The tool co-evolution `evolve:` key (docs/engine.md "Tool co-evolution"). Optional: absent is the
// behaviour before it existed (every valid extract is kept), so a default run's record is unchanged.
import { z } from "zod";

export const toolKeys = {
  extractionRule: z
    .boolean()
    .optional()
    .describe(
      "SkillSmith's extraction-benefit rule: keep an extract only when, for every caller, the procedure it removes outweighs the call site plus the tool's description shared among its callers (ℓ > ℓ_δ + ℓ_d/k); default off.",
    ),
};
