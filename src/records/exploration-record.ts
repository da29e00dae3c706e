// One SkillEvolver iteration's exploration (docs/run-record.md): the strategies the parent's
// exploration runs followed, who wrote them and from which weak spots, how many redraws the diversity
// check asked for, and how many of the runs passed (the continue-or-exit rule reads it).
import { z } from "zod";
import { WeakSpot } from "./weak-spot.js";
import { WrittenStrategy } from "./written-strategy.js";

export const ExplorationRecord = z.strictObject({
  strategies: z.array(WrittenStrategy),
  by: z.enum(["strategist", "fallback"]),
  note: z.string().optional(),
  /** The iteration that wrote them; 0 = before the run (the paper's S₀, from the decision axes alone). */
  writtenAt: z.number().int().nonnegative(),
  /** Answers the diversity check refused before this one (strategy-diversity.ts); absent when none. */
  redrawn: z.number().int().positive().optional(),
  /** The weak spots they were aimed at; empty for S₀. */
  weakSpots: z.array(WeakSpot),
  /** Exploration runs of the parent, and how many passed. */
  runs: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
});
export type ExplorationRecord = z.infer<typeof ExplorationRecord>;
