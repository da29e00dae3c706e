// A frontier member against the deployed bank P₀ on the same evolution cases (FRAMES §A.7.2), as the
// run record's `frontier[].vsBaseline` keeps it (docs/run-record.md). A case counts as passed when its
// pass@k is 1, as R* (`resolved`) counts it; the interval is of the pass-rate difference itself.
import { z } from "zod";

export const BaselineComparison = z.strictObject({
  /** Cases both were measured on (the evolution cases). */
  cases: z.number().int().nonnegative(),
  /** Cases the member passes and P₀ fails. */
  better: z.number().int().nonnegative(),
  /** Cases P₀ passes and the member fails. */
  worse: z.number().int().nonnegative(),
  /** Two-sided McNemar exact p on `better` vs `worse`; 1 when no case differs. */
  p: z.number().min(0).max(1),
  /** Mean pass@k of the member minus P₀'s over the cases. */
  difference: z.number().min(-1).max(1),
  /** Two-sided 95% paired-bootstrap interval of `difference` (seeded from the run's seed and the member). */
  lo: z.number().min(-1).max(1),
  hi: z.number().min(-1).max(1),
});
export type BaselineComparison = z.infer<typeof BaselineComparison>;
