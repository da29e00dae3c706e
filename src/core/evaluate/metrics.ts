// Pure statistics for evaluation records: the unbiased pass@k estimator (Chen et al. 2021), seeded
// percentile bootstrap intervals over cases, a paired bootstrap of a difference, and McNemar's exact
// test (FRAMES §A.7.2).
import { createRng } from "../../vocabulary/rng.js";

/** pass@k = 1 − C(n−c, k) / C(n, k), computed as a stable product (no big binomials). */
export function passAtK(n: number, c: number, k: number): number {
  for (const [name, v] of [
    ["n", n],
    ["c", c],
    ["k", k],
  ] as const) {
    if (!Number.isInteger(v) || v < 0)
      throw new RangeError(`passAtK: ${name} must be a non-negative integer, got ${v}`);
  }
  if (k < 1 || k > n) throw new RangeError(`passAtK: need 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  if (c > n) throw new RangeError(`passAtK: successes c=${c} exceed runs n=${n}`);
  if (n - c < k) return 1;
  let fail = 1;
  for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i;
  return 1 - fail;
}

/**
 * The smallest number of successes after which pass@k is 1 whatever the remaining runs do
 * (n − c < k). With n = k that is the first success.
 */
export function successesForCertainPass(n: number, k: number): number {
  return n - k + 1;
}

/**
 * A case's runs as early stop would have executed them: in run order, up to the run at which pass@k
 * became certain. The same whether the case was early-stopped or run in full, so what is read from
 * runs through it cannot depend on the savings (docs/engine.md "Evaluation savings").
 */
export function earlyStopPrefix<R extends { runIndex: number; pass: boolean }>(
  runs: readonly R[],
  n: number,
  k: number,
): R[] {
  const stopAt = successesForCertainPass(n, k);
  const out: R[] = [];
  let successes = 0;
  for (const r of [...runs].sort((a, b) => a.runIndex - b.runIndex)) {
    if (successes >= stopAt) break;
    out.push(r);
    if (r.pass) successes++;
  }
  return out;
}

export interface BootstrapOptions {
  /** Resamples; 10,000 by default. */
  B?: number;
  seed: number;
  /** Two-sided level; 0.05 gives a 95% interval. */
  alpha?: number;
}

export type Interval = [number, number];

export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (pos - lo);
}

function resampleMeans(
  n: number,
  B: number,
  seed: number,
  statistic: (idx: Uint32Array) => number,
): number[] {
  const rng = createRng(seed);
  const out = new Array<number>(B);
  const idx = new Uint32Array(n);
  for (let b = 0; b < B; b++) {
    for (let i = 0; i < n; i++) idx[i] = rng.int(n);
    out[b] = statistic(idx);
  }
  return out.sort((x, y) => x - y);
}

/** Percentile bootstrap interval of the mean over cases. An empty list gives [0, 0]. */
export function bootstrapInterval(values: readonly number[], opts: BootstrapOptions): Interval {
  const { B = 10_000, seed, alpha = 0.05 } = opts;
  if (values.length === 0) return [0, 0];
  const n = values.length;
  const means = resampleMeans(n, B, seed, (idx) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[idx[i]!]!;
    return s / n;
  });
  return [quantile(means, alpha / 2), quantile(means, 1 - alpha / 2)];
}

export interface PairedBootstrap {
  /** Mean of a − b over the paired cases. */
  difference: number;
  ci: Interval;
  /** Share of resamples where a − b ≤ 0 (a one-sided bootstrap p-value for "a is better"). */
  pNotBetter: number;
}

/** Paired bootstrap of mean(a) − mean(b) over the same cases (resampling cases, keeping pairs). */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  opts: BootstrapOptions,
): PairedBootstrap {
  if (a.length !== b.length)
    throw new RangeError(`pairedBootstrap: ${a.length} vs ${b.length} values; pairs must align`);
  const { B = 10_000, seed, alpha = 0.05 } = opts;
  const d = a.map((x, i) => x - b[i]!);
  if (d.length === 0) return { difference: 0, ci: [0, 0], pNotBetter: 1 };
  const n = d.length;
  const means = resampleMeans(n, B, seed, (idx) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[idx[i]!]!;
    return s / n;
  });
  const notBetter = means.filter((m) => m <= 0).length;
  return {
    difference: mean(d),
    ci: [quantile(means, alpha / 2), quantile(means, 1 - alpha / 2)],
    pNotBetter: notBetter / B,
  };
}

/**
 * McNemar's exact test on discordant pairs: b = cases only A passes, c = cases only B passes.
 * Two-sided p-value of Binomial(b + c, 1/2); 1 when there is no discordant case.
 */
export function mcnemarExact(b: number, c: number): number {
  for (const v of [b, c])
    if (!Number.isInteger(v) || v < 0)
      throw new RangeError(`mcnemarExact: counts must be non-negative integers, got ${b}, ${c}`);
  const m = b + c;
  if (m === 0) return 1;
  const lo = Math.min(b, c);
  // Sum P(X = i) for i ≤ lo in log space so large m does not overflow.
  let logC = 0; // log C(m, 0)
  let tail = 0;
  const log2m = m * Math.log(2);
  for (let i = 0; i <= lo; i++) {
    if (i > 0) logC += Math.log(m - i + 1) - Math.log(i);
    tail += Math.exp(logC - log2m);
  }
  return Math.min(1, 2 * tail);
}
