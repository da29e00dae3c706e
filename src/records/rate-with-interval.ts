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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Files written before `total` existed (run records, bank.yml) spelled the overall rate as
 * `passRate`, `interval` ({low, high} or [low, high]) and `cases`; this lifts them into `total` so
 * they still load. `countOf` supplies n where the old shape had no case count (the run record's
 * baseline). Anything else passes through untouched, for the schema to judge.
 */
export function liftLegacyTotal(
  raw: unknown,
  countOf?: (rest: Record<string, unknown>) => number | undefined,
): unknown {
  if (!isRecord(raw) || "total" in raw || !("passRate" in raw)) return raw;
  const { passRate, interval, cases, ...rest } = raw;
  const [low, high] = Array.isArray(interval)
    ? interval
    : isRecord(interval)
      ? [interval.low, interval.high]
      : [undefined, undefined];
  const n = cases ?? countOf?.(rest);
  return { total: { rate: passRate, low, high, n }, ...rest };
}
