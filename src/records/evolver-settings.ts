// SkillEvolver's knobs (docs/engine.md "Search strategies"): K, the number of written exploration
// strategies its strategist writes once per run (the paper's K = 4). Absent = the defaults.
import { z } from "zod";

/** The paper's K: "We use K = 4 throughout the work" (SkillEvolver §3.2.1). */
export const DEFAULT_EVOLVER_STRATEGIES = 4;
/** More strategies than this would not fit the runs of a case (n) any run config uses. */
export const MAX_EVOLVER_STRATEGIES = 8;

export const EvolverSettings = z.strictObject({
  strategies: z
    .number({ error: (i) => `evolver.strategies must be a number, got ${JSON.stringify(i.input)}` })
    .int("evolver.strategies must be an integer")
    .min(1, "evolver.strategies must be at least 1")
    .max(MAX_EVOLVER_STRATEGIES, `evolver.strategies must be at most ${MAX_EVOLVER_STRATEGIES}`)
    .optional(),
});
export type EvolverSettings = z.infer<typeof EvolverSettings>;

/** K for a run config: its `evolver.strategies`, else the paper's 4. */
export function evolverStrategyCount(config: { evolver?: EvolverSettings | undefined }): number {
  return config.evolver?.strategies ?? DEFAULT_EVOLVER_STRATEGIES;
}
