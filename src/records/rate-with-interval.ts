// The one shape of a measured pass rate: the rate, its 95% bootstrap interval and the number of
// cases it was measured on. Run records, eval records, bank.yml, reports and PR bodies all use it.
import { z } from "zod";

export const RateWithInterval = z.strictObject({
  rate: z.number().min(0).max(1),
  low: z.number().min(0).max(1),
  high: z.number().min(0).max(1),
  n: z.number().int().nonnegative(),
});
export type RateWithInterval = z.infer<typeof RateWithInterval>;
