// The `evolve.evolver` key: SkillEvolver's knobs (docs/engine.md "Search strategies"), in its own
// file so config.ts stays a list of keys.
import { DEFAULT_EVOLVER_STRATEGIES, EvolverSettings } from "../../records/evolver-settings.js";

export const EvolverConfig = EvolverSettings.extend({
  strategies: EvolverSettings.shape.strategies.describe(
    `SkillEvolver's K: written exploration strategies, run i of a case following strategy i mod K (default ${DEFAULT_EVOLVER_STRATEGIES}, as in the paper).`,
  ),
})
  .optional()
  .describe("SkillEvolver's settings (used under `strategy: evolver`).");
