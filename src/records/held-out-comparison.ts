// A frontier member against the deployed bank P₀ on the run's confirmation set: the cases held back
// from selection (core/evolve/hold-back.ts), as the run record's `frontier[].heldOutTest` keeps it. The
// in-sample comparison on the cases the member was chosen on stays in `vsBaseline`, as the selection
// figures. docs/run-record.md.
import { z } from "zod";
import { BaselineComparison } from "./baseline-comparison.js";

/** "Significant" means p below this (McNemar's, Holm-adjusted on held-out cases). */
export const SIGNIFICANCE_LEVEL = 0.05;

export const HeldOutComparison = BaselineComparison.extend({
  /** Of `cases`, how many were held-back evolution cases (the rest are regression-pool cases). */
  evolutionCases: z.number().int().nonnegative(),
  /** `p` Holm-adjusted across the run's compared members (`members` of them). */
  holmP: z.number().min(0).max(1),
  members: z.number().int().positive(),
  /**
   * False when too few cases were held back for any outcome to reach the 5% level after Holm (every
   * case better still would not): the PR says so instead of a p-value.
   */
  tested: z.boolean(),
});
export type HeldOutComparison = z.infer<typeof HeldOutComparison>;

/** The run's confirmation set: which cases were held back, and the seed that drew them. */
export const ConfirmationSet = z.strictObject({
  /** Share of each category held back (RunConfig `holdBack`). */
  share: z.number().min(0).max(0.5),
  /** Seed of the draw: the run's seed and the deployed bank's hash (hold-back.ts), so runs rotate. */
  seed: z.number().int(),
  /** Held-back evolution case ids. */
  cases: z.array(z.string()),
  /** Held-back regression-pool case ids. */
  pool: z.array(z.string()),
  /**
   * Cases the share drew. Below 6 (too few for any test to reach 5%) nothing is held back: `cases` and
   * `pool` are empty and selection used every case.
   */
  drawn: z.number().int().nonnegative(),
});
export type ConfirmationSet = z.infer<typeof ConfirmationSet>;
