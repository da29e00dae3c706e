// The regression pool ℛ as the loop sees it: the index (all that sampling and anchor selection need)
// and the cases read so far. An in-memory pool (a simulated world, tests) holds every case; a lazy
// pool (the CLI's, over src/io/fsio/pool-store.ts) reads a case's file only when it is sampled or chosen
// as an anchor, so a run never parses the whole pool before its first iteration.
import type { Diagnostic } from "../bank/diagnostic.js";
import type { Case } from "../../records/case.js";
import { buildPoolIndex, indexCases, type PoolEntry, type PoolIndex } from "../cases/pool.js";

export interface PoolCases {
  index: PoolIndex;
  /** Cases read so far, by id: every case of an in-memory pool; the sampled and anchor cases of a lazy one. */
  byId: ReadonlyMap<string, Case>;
  /** The entries' cases, in order, each file read once. Throws, naming the file, when one is invalid. */
  load(entries: readonly PoolEntry[]): Promise<Case[]>;
  /**
   * The cases `load` has returned so far, in the order first returned: the pool cases this run has
   * put in front of a model (sampled for a gate, chosen as a rewrite's anchors). The same for both
   * kinds of pool, so the in-loop audit (audit-cases.ts) does not depend on where the pool lives.
   */
  loaded(): readonly Case[];
}

/** Reads pool entries' files in full (pool-store `readCases` bound to the pool's folder). */
export type PoolReader = (
  entries: readonly PoolEntry[],
) => Promise<{ cases: Case[]; diagnostics: Diagnostic[] }>;

/** A sampled pool case that cannot be used: the run stops rather than evaluate on a broken case. */
export class PoolCaseError extends Error {}

export function inMemoryPool(cases: readonly Case[]): PoolCases {
  const { index } = indexCases(cases);
  const byId = new Map(cases.map((c) => [c.id, c]));
  const loaded = new Map<string, Case>();
  const pick = (entries: readonly PoolEntry[]) => {
    const out = entries.map((e) => byId.get(e.id)).filter((c): c is Case => c !== undefined);
    for (const c of out) loaded.set(c.id, c);
    return out;
  };
  return {
    index,
    byId,
    load: (entries) => Promise.resolve(pick(entries)),
    loaded: () => [...loaded.values()],
  };
}

/**
 * A pool read on demand. `check` sees each case as it is first read (start.ts refuses one whose
 * scorers the run lacks, as it does up front for an in-memory pool).
 */
export function lazyPool(
  index: PoolIndex,
  read: PoolReader,
  check?: (cases: readonly Case[]) => void,
): PoolCases {
  const byId = new Map<string, Case>();
  return {
    index,
    byId,
    async load(entries) {
      const missing = entries.filter((e) => !byId.has(e.id));
      if (missing.length > 0) {
        const r = await read(missing);
        const errors = r.diagnostics.filter((d) => d.severity === "error");
        if (errors.length > 0) {
          const first = errors[0]!;
          throw new PoolCaseError(
            `regression pool: ${errors.length} sampled case file(s) invalid, first: ${first.file}:${first.line}: ${first.message} (the index scan accepted it; run skillops validate on the pool)`,
          );
        }
        check?.(r.cases);
        for (const c of r.cases) byId.set(c.id, c);
      }
      return entries.map((e) => byId.get(e.id)).filter((c): c is Case => c !== undefined);
    },
    loaded: () => [...byId.values()],
  };
}

/** The loop's pool from what the inputs hold: a list of cases, or a pool already read lazily. */
export function poolCasesOf(pool: readonly Case[] | PoolCases): PoolCases {
  return isPoolCases(pool) ? pool : inMemoryPool(pool);
}

export function isPoolCases(pool: readonly Case[] | PoolCases): pool is PoolCases {
  return !Array.isArray(pool);
}

/**
 * The pool without `ids` (the held-back confirmation cases, hold-back.ts): its index, sampling and
 * anchors never offer them, and nothing it loads or has loaded includes them.
 */
export function withoutCases(pool: PoolCases, ids: ReadonlySet<string>): PoolCases {
  if (ids.size === 0) return pool;
  const keep = <T extends { id: string }>(xs: readonly T[]) => xs.filter((x) => !ids.has(x.id));
  const byId = new Map([...pool.byId].filter(([id]) => !ids.has(id)));
  return {
    index: buildPoolIndex(keep(pool.index.entries)).index,
    byId,
    load: async (entries) => {
      const cases = await pool.load(keep(entries));
      for (const c of cases) byId.set(c.id, c);
      return cases;
    },
    loaded: () => keep(pool.loaded()),
  };
}
