// Number formatting shared by the PR body and the check run. Fixed locale so output is the same
// on every machine (golden files).
import { degenerateIntervalNote } from "../../evaluate/wilson-interval.js";
import type { RateWithInterval } from "../../../records/rate-with-interval.js";
import { percent } from "../../../vocabulary/percent.js";

/** A difference of two rates in percentage points, always signed ("+2.9 pp", "−1.0 pp", "±0.0 pp"). */
export function points(delta: number): string {
  const v = Math.round(delta * 1000) / 10;
  if (v === 0) return "±0.0 pp";
  return `${v > 0 ? "+" : "−"}${Math.abs(v).toFixed(1)} pp`;
}

export function count(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** A relative change ("−12.5%", "+3.0%"); undefined base gives "—". */
export function relative(value: number, base: number): string {
  if (!(base > 0)) return "—";
  const v = Math.round(((value - base) / base) * 1000) / 10;
  if (v === 0) return "±0.0%";
  return `${v > 0 ? "+" : "−"}${Math.abs(v).toFixed(1)}%`;
}

export function dollars(v: number): string {
  if (v === 0) return "$0";
  return v < 0.01 ? `$${v.toFixed(4)}` : `$${v.toFixed(3)}`;
}

/**
 * "85.0% (75.1–92.3%, n=40)". A bootstrap interval that collapsed to a point (every case scored the
 * same) would read as certainty, so it says why instead (degenerateIntervalNote).
 */
export function rateWithInterval(r: RateWithInterval): string {
  const note = degenerateIntervalNote(r);
  if (note) return `${percent(r.rate)} (${note})`;
  return `${percent(r.rate)} (${percent(r.low, { bare: true })}–${percent(r.high)}, n=${r.n})`;
}

/** A gate rate with the n it was judged on; n is absent when the gate was given no counts. */
export function rateOnCases(rate: number, n: number | undefined): string {
  return n === undefined ? `${percent(rate)} (n not recorded)` : `${percent(rate)} (n=${n})`;
}

const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;

/** "5 feedback cases and 11 regression cases": counted apart, never one number for both. */
export function casesPhrase(feedbackCases: number, regressionCases: number): string {
  const feedback = plural(feedbackCases, "feedback case");
  return regressionCases > 0 ? `${feedback} and ${plural(regressionCases, "regression case")}` : feedback;
}
