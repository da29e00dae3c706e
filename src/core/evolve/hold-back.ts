// The confirmation set (docs/engine.md "Held-out confirmation"): before anything is measured, a seeded
// share of each category's evolution cases and of its regression-pool cases is held back. Selection
// never sees them (E₀, the diagnosers, the gate's sample, the frontier's comparisons); once P* is
// chosen, every member and P₀ are measured on them, and the PR's paired test runs there
// (confirm.ts). The seed is the run's (its seed and the deployed bank), so each run holds back others.
import type { Case } from "../../records/case.js";
import type { PoolEntry, PoolIndex } from "../cases/pool.js";
import { deriveSeed, createRng, type Rng } from "../../vocabulary/rng.js";

/** Pool cases held back at most, whatever the share: each is measured once per member at the end. */
export const HELD_BACK_POOL_CAP = 60;

/**
 * The fewest held-back cases any test could find significant (McNemar's smallest p, every case better,
 * below 5%: 6). A draw below it holds nothing back: selection keeps every case, since the PR would say
 * "not enough held-out cases to test" whatever they showed.
 */
export const MIN_HELD_BACK = 6;

export interface HeldBack {
  /** The seed the split was drawn with (recorded, so the split can be recomputed). */
  seed: number;
  share: number;
  /** Held-back evolution cases, in input order. */
  cases: readonly Case[];
  /** Held-back pool entries (never evolution cases), sorted by id. */
  pool: readonly PoolEntry[];
  /** Cases the share drew; when below MIN_HELD_BACK none are held back (`cases` and `pool` empty). */
  drawn: number;
}

/**
 * Per category, ⌊share · count⌋ cases, drawn by the seeded shuffle: a category with fewer than 1/share
 * cases keeps them all, so no category loses the cases that anchor its floor.
 */
export function holdBack(o: {
  cases: readonly Case[];
  pool: PoolIndex;
  share: number;
  seed: number;
  bank: string;
}): { selection: Case[]; heldBack: HeldBack } {
  const seed = deriveSeed(o.seed, `hold-back:${o.bank}`);
  const rng = createRng(seed);
  const held = new Set(drawPerCategory(o.cases, o.share, rng).map((c) => c.id));
  const evolutionIds = new Set(o.cases.map((c) => c.id));
  const poolOnly = o.pool.entries.filter((e) => !evolutionIds.has(e.id) && !e.draft);
  const fromPool = drawPerCategory(poolOnly, o.share, rng);
  const pool = (
    fromPool.length > HELD_BACK_POOL_CAP ? rng.shuffle(fromPool).slice(0, HELD_BACK_POOL_CAP) : fromPool
  )
    .slice()
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const drawn = held.size + pool.length;
  if (drawn < MIN_HELD_BACK)
    return { selection: [...o.cases], heldBack: { seed, share: o.share, cases: [], pool: [], drawn } };
  return {
    selection: o.cases.filter((c) => !held.has(c.id)),
    heldBack: { seed, share: o.share, cases: o.cases.filter((c) => held.has(c.id)), pool, drawn },
  };
}

/** Every held-back id, evolution and pool: what the loop's pool must never offer. */
export function heldBackIds(h: HeldBack): Set<string> {
  return new Set([...h.cases.map((c) => c.id), ...h.pool.map((e) => e.id)]);
}

/** Nothing held back (a run with `holdBack` 0 or absent). */
export const NOTHING_HELD_BACK = (seed: number): HeldBack => ({
  seed,
  share: 0,
  cases: [],
  pool: [],
  drawn: 0,
});

function drawPerCategory<T extends { id: string; category: string }>(
  items: readonly T[],
  share: number,
  rng: Rng,
): T[] {
  const byCategory = new Map<string, T[]>();
  for (const x of items) byCategory.set(x.category, [...(byCategory.get(x.category) ?? []), x]);
  const out: T[] = [];
  for (const category of [...byCategory.keys()].sort()) {
    const list = byCategory.get(category)!;
    const ordered = list.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    out.push(...rng.shuffle(ordered).slice(0, Math.floor(share * list.length + 1e-9)));
  }
  return out;
}
