// Seeded randomness for the pure core: docs/architecture.md forbids Math.random, so every function that
// draws takes an `Rng`. Built on pure-rand's xoroshiro128+; `derive` gives independent streams from
// a base seed and a label, so e.g. iteration t's shuffle does not depend on how many draws came before.
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(seed: number): Rng {
  const gen = xoroshiro128plus(seed | 0);
  const rng: Rng = {
    next: () => uniformFloat64(gen),
    int: (n) => {
      if (!Number.isInteger(n) || n <= 0) throw new RangeError(`rng.int needs a positive integer, got ${n}`);
      return uniformInt(gen, 0, n - 1);
    },
    chance: (p) => p > 0 && (p >= 1 || rng.next() < p),
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
  return rng;
}

/** A seed for an independent stream named `label` under `base` (FNV-1a over the label). */
export function deriveSeed(base: number, label: string): number {
  let h = 0x811c9dc5 ^ (base | 0);
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

export function deriveRng(base: number, label: string): Rng {
  return createRng(deriveSeed(base, label));
}
