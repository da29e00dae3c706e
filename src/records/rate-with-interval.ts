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

/** A candidate's pass rates, over every case and per category: run record members and bank.yml. */
export const PassRates = z.strictObject({
  total: RateWithInterval,
  perCategory: z.record(z.string(), RateWithInterval),
});
export type PassRates = z.infer<typeof PassRates>;
