// The Wilson score interval for k successes in n trials. Where every case agreed (all pass or all
// fail) the bootstrap interval collapses to a point; Wilson's does not, so a display can say how
// little n = 3 proves instead of printing 100.0–100.0%.
import type { RateWithInterval } from "../../records/rate-with-interval.js";
import type { Interval } from "./metrics.js";
import { percent } from "../../vocabulary/percent.js";

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

export function wilsonInterval(successes: number, n: number, z = Z95): Interval {
  if (!Number.isInteger(n) || n <= 0)
    throw new RangeError(`wilsonInterval: n must be a positive integer, got ${n}`);
  if (!(successes >= 0 && successes <= n))
    throw new RangeError(`wilsonInterval: successes must be in [0, ${n}], got ${successes}`);
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Why an interval that collapsed to a point (every case scored the same) is not certainty, or
 * undefined when it did not collapse: "3 of 3 passed; every case agreed, so the bootstrap interval
 * is a point; Wilson 95%: 43.9–100.0%".
 */
export function degenerateIntervalNote(r: RateWithInterval): string | undefined {
  if (r.n === 0 || r.high - r.low > 1e-12) return undefined;
  if (r.rate !== 0 && r.rate !== 1)
    return `every one of ${r.n} cases scored ${percent(r.rate)}, so the bootstrap interval is a point, n=${r.n}`;
  const passed = r.rate * r.n;
  const [low, high] = wilsonInterval(passed, r.n);
  return `${passed} of ${r.n} passed; every case agreed, so the bootstrap interval is a point; Wilson 95%: ${percent(low, { bare: true })}–${percent(high)}`;
}
