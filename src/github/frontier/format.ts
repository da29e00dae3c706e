// Number formatting shared by the PR body and the check run. Fixed locale so output is the same
// on every machine (golden files).
import type { RateWithInterval } from "../../vocabulary/rate-with-interval.js";

export function percent(rate: number, digits = 1): string {
  return `${(rate * 100).toFixed(digits)}%`;
}

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

/** "85.0% (75.1–92.3%, n=40)". */
export function rateWithInterval(r: RateWithInterval): string {
  return `${percent(r.rate)} (${(r.low * 100).toFixed(1)}–${percent(r.high)}, n=${r.n})`;
}
