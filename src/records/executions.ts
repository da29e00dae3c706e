// What a run's evaluation executed and what its savings spared (the run record's `executions`).
import { z } from "zod";
import { CacheReuse } from "./cache-reuse.js";

export const Executions = z.strictObject({
  /** Agent executions actually run. */
  run: z.number().int().nonnegative(),
  savedByCache: z.number().int().nonnegative(),
  savedByEarlyStop: z.number().int().nonnegative(),
  savedBySequentialRejection: z.number().int().nonnegative(),
  /** What the run would have executed with none of the savings (every case × n, every evaluation). */
  naive: z.number().int().nonnegative(),
  /**
   * Evaluation spend: agent and judge tokens (input + output) the run paid for, beside what naive
   * FRAMES evaluation of the same candidates would have paid (every case × n, nothing reused; runs
   * the savings skipped are counted at their case's mean). Deployment cost is `cost`, never this.
   */
  modelTokens: z
    .strictObject({ spent: z.number().nonnegative(), naive: z.number().nonnegative() })
    .optional(),
  /** Which executions came warm from an earlier run's cache, and why the rest ran (cache-reuse.ts). */
  reuse: CacheReuse.optional(),
});
export type Executions = z.infer<typeof Executions>;
