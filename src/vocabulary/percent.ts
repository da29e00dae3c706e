// How every display writes a rate as a percentage: "87.1%". Fixed digits, no locale, so reports, PR
// bodies, the dashboard and the CLI print the same figure the same way on every machine.

export interface PercentOptions {
  /** Decimal places; 1 unless said. */
  digits?: number;
  /** Leave off the % sign: the low end of a range, "75.1–92.3%". */
  bare?: boolean;
  /** `rate` is a count out of this whole: shown as 100·rate/of, rounded once. */
  of?: number;
}

/** A rate in [0, 1] (or a part `of` a whole) as a percentage. */
export function percent(rate: number, o: PercentOptions = {}): string {
  const value = o.of === undefined ? rate * 100 : (100 * rate) / o.of;
  return `${value.toFixed(o.digits ?? 1)}${o.bare ? "" : "%"}`;
}
