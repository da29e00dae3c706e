// Partition (Algorithm 1, line 7): reshuffle the cases with seed base + t and cut them into
// disjoint batches of |B|, so correlated failures meet in fresh combinations every iteration.
import { createRng } from "../../vocabulary/rng.js";

/** N = ⌈|items| / batchSize⌉ disjoint batches covering `items`; the last one may be short. */
export function partition<T>(items: readonly T[], batchSize: number, seed: number): T[][] {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batch size must be a positive integer, got ${batchSize}`);
  const shuffled = createRng(seed).shuffle(items);
  const batches: T[][] = [];
  for (let i = 0; i < shuffled.length; i += batchSize) batches.push(shuffled.slice(i, i + batchSize));
  return batches;
}

/** The shuffle seed of iteration t (FRAMES Table 3: per-iteration seed = base + iteration). */
export function iterationSeed(base: number, t: number): number {
  return base + t;
}
