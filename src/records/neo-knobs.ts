// SkillNEO's search knobs (docs/engine.md "SkillNEO"), as the run config records them
// (`RunConfig.neo`) and the config file spells them (`evolve.neo`, src/core/config/neo-config.ts).
// Every key is optional: an absent key is the paper's value (NEO_DEFAULTS).
import { z } from "zod";

export const NeoKnobs = z.strictObject({
  deltaOfficial: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe(
      "δ_off, percentage points: a child replaces the incumbent when its official score (pass rate) beats it by more than this (default 0).",
    ),
  deltaAux: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe(
      "δ_aux, percentage points: on an official tie, the auxiliary score (rubric items passed) must beat the incumbent's by more than this (default 30).",
    ),
  strictFloor: z
    .boolean()
    .optional()
    .describe(
      "The strict floor (default on): an accepted child must also score above the larger of the root's and the incumbent's pooled official scores.",
    ),
  holdPatience: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Consecutive holds (generations whose best child did not replace the incumbent) that stop the search (default 2).",
    ),
  parentCap: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Children a version may parent within one generation; absent = the paper's ⌈b/|B|⌉ + 2 for the generation's pool B and width b = 6.",
    ),
});
export type NeoKnobs = z.infer<typeof NeoKnobs>;

/** The paper's values (SkillNEO Appendix B): what an absent knob means. */
export const NEO_DEFAULTS = {
  deltaOfficial: 0,
  deltaAux: 30,
  strictFloor: true,
  holdPatience: 2,
} as const;

/** The knobs with every absent one at its default; `parentCap` stays absent (the formula). */
export function neoKnobsOf(config: { neo?: NeoKnobs }): Required<Omit<NeoKnobs, "parentCap">> & {
  parentCap?: number;
} {
  return { ...NEO_DEFAULTS, ...config.neo };
}
