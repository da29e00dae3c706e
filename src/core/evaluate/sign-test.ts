// The sign test over paired runs (one pair per seed: an arm and the reference on the same world and
// run seed): how many seeds the arm won, lost or tied, and the exact two-sided binomial p of the
// wins against the losses. It is McNemar's exact test on the discordant pairs, so it shares that
// code; the power is what makes "undetermined" honest: how often this many seeds would have shown a
// real difference at the level the correction demands.
import { mcnemarExact } from "./metrics.js";

/** Two-sided exact sign-test p: ties carry no sign and are left out; 1 when every pair ties. */
export function signTestP(wins: number, losses: number): number {
  return mcnemarExact(wins, losses);
}

/** log C(n, x), summed so that large n does not overflow. */
function logChoose(n: number, x: number): number {
  let s = 0;
  for (let i = 1; i <= x; i++) s += Math.log(n - x + i) - Math.log(i);
  return s;
}

/**
 * The chance that `seeds` untied pairs give a two-sided sign-test p ≤ `alpha` when the arm truly
 * wins a seed with probability `winRate` (Σ over the rejecting win counts of the binomial mass).
 */
export function signTestPower(seeds: number, alpha: number, winRate: number): number {
  if (!Number.isInteger(seeds) || seeds < 0)
    throw new RangeError(`signTestPower: seeds must be a non-negative integer, got ${seeds}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`signTestPower: alpha must be in (0, 1), got ${alpha}`);
  if (!(winRate >= 0 && winRate <= 1))
    throw new RangeError(`signTestPower: winRate must be in [0, 1], got ${winRate}`);
  let power = 0;
  for (let x = 0; x <= seeds; x++) {
    if (signTestP(x, seeds - x) > alpha) continue;
    const q = x === 0 ? 0 : x * Math.log(winRate);
    const r = x === seeds ? 0 : (seeds - x) * Math.log(1 - winRate);
    power += Math.exp(logChoose(seeds, x) + q + r);
  }
  return Math.min(1, power);
}

/** The fewest untied seeds whose power reaches `target`, or undefined when `max` seeds do not. */
export function seedsForPower(
  alpha: number,
  winRate: number,
  target: number,
  max = 1000,
): number | undefined {
  for (let n = 1; n <= max; n++) if (signTestPower(n, alpha, winRate) >= target) return n;
  return undefined;
}
