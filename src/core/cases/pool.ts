// The regression pool ℛ as plain data. A `PoolIndex` holds only what sampling needs (id, category,
// skills, path) with lookups by skill and category, so drawing a sample never parses case files: the
// adapter (src/io/fsio/pool-store.ts) builds the index once per run and reads only the sampled cases.
import type { Diagnostic } from "../bank/diagnostic.js";
import type { BankFile } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import { casePath, renderCase } from "./parse-case.js";

export interface PoolEntry {
  id: string;
  category: string;
  /** Skills whose resolution this case depends on (the case–skill association of FRAMES §3.4). */
  skills: string[];
  /** Relative to the pool root: `<category>/<id>.yml`. */
  path: string;
  /** `provenance.draft: true`: not yet accepted, so never sampled by evolve (src/core/cases/draft.ts). */
  draft?: true;
  /**
   * A case with no `skills`: its diagnosis and task prompt as the index scan read them, for retrieval
   * links (core/evolve/retrieval-links.ts). Absent for an in-memory pool, whose cases are at hand.
   */
  linkText?: string;
}

export interface PoolIndex {
  /** Every entry, sorted by path so the same pool gives the same sample whatever the scan order. */
  entries: readonly PoolEntry[];
  byId: ReadonlyMap<string, PoolEntry>;
  /** Skill name → entries, each list sorted by path. */
  bySkill: ReadonlyMap<string, readonly PoolEntry[]>;
  /** Category → entries, each list sorted by path; categories sorted by name. */
  byCategory: ReadonlyMap<string, readonly PoolEntry[]>;
}

export function poolEntryOf(c: Case): PoolEntry {
  const e: PoolEntry = { id: c.id, category: c.category, skills: [...c.skills], path: casePath(c) };
  if (c.provenance.draft === true) e.draft = true;
  return e;
}

/**
 * Build the lookups. Ids are unique across the whole pool (not only within a category) because
 * anchors and exclusions name cases by id; a duplicate keeps the first by path and is reported.
 */
export function buildPoolIndex(entries: readonly PoolEntry[]): {
  index: PoolIndex;
  diagnostics: Diagnostic[];
} {
  const sorted = [...entries].sort((a, b) => compare(a.path, b.path));
  const byId = new Map<string, PoolEntry>();
  const bySkill = new Map<string, PoolEntry[]>();
  const byCategory = new Map<string, PoolEntry[]>();
  const diagnostics: Diagnostic[] = [];
  const kept: PoolEntry[] = [];
  for (const e of sorted) {
    const first = byId.get(e.id);
    if (first) {
      diagnostics.push({
        file: e.path,
        line: 0,
        severity: "error",
        code: "CASE_DUPLICATE_ID",
        message: `case id "${e.id}" is already used by ${first.path}; ids are unique across the pool`,
      });
      continue;
    }
    byId.set(e.id, e);
    kept.push(e);
    for (const s of new Set(e.skills)) push(bySkill, s, e);
    push(byCategory, e.category, e);
  }
  const sortedCategories = new Map([...byCategory.entries()].sort(([a], [b]) => compare(a, b)));
  return { index: { entries: kept, byId, bySkill, byCategory: sortedCategories }, diagnostics };
}

/** Convenience for callers that hold whole cases (tests, a freshly converted batch). */
export function indexCases(cases: readonly Case[]): { index: PoolIndex; diagnostics: Diagnostic[] } {
  return buildPoolIndex(cases.map(poolEntryOf));
}

function push<K>(map: Map<K, PoolEntry[]>, key: K, e: PoolEntry): void {
  const list = map.get(key);
  if (list) list.push(e);
  else map.set(key, [e]);
}

/** Code-point order, independent of locale, so every machine sorts the same way. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Case files ready to commit (e.g. with a frontier member's skills): `<prefix>/<category>/<id>.yml`. */
export function poolFiles(cases: readonly Case[], prefix = "regression-pool"): BankFile[] {
  const encoder = new TextEncoder();
  return cases
    .map((c) => ({
      path: `${prefix ? `${prefix}/` : ""}${casePath(c)}`,
      bytes: encoder.encode(renderCase(c)),
    }))
    .sort((a, b) => compare(a.path, b.path));
}
