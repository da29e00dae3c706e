// The regression pool ℛ as plain data. A `PoolIndex` holds only what sampling needs (id, category,
// skills, path) with lookups by skill and category, so drawing a sample never parses case files: the
// adapter (src/io/fsio/pool-store.ts) builds the index once per run and reads only the sampled cases.
// It is columnar (one row per case, rows sorted by path): ids in one byte buffer (pool-columns.ts),
// category and skill list as numbers into interned tables, a path or link text or draft mark kept
// only where a case has one. A 1,000,000-case pool then fits in ~40 MB instead of ~250 B of objects
// per case; a sample builds a `PoolEntry` only for the rows it draws (`entryAt`).
import type { Diagnostic } from "../bank/diagnostic.js";
import type { BankFile } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import { casePath, renderCase } from "./parse-case.js";
import { IdTable, Int32Column } from "./pool-columns.js";

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
  /** How many cases (rows); rows are numbered 0..size-1 in path order. */
  readonly size: number;
  /** Row `row`'s entry, built on demand (its `skills` array is shared: do not mutate it). */
  entryAt(row: number): PoolEntry;
  idAt(row: number): string;
  categoryAt(row: number): string;
  /** The row of the case with this id, or -1. */
  rowOf(id: string): number;
  /** Rows of the cases that depend on `skill`, ascending (so sorted by path). */
  skillRows(skill: string): Int32Array;
  /** Rows of draft cases (`provenance.draft: true`), ascending. */
  draftRows(): number[];
  /** Category → its rows, ascending; categories sorted by name. */
  readonly categoryRows: ReadonlyMap<string, Int32Array>;
  /**
   * The same as objects, for callers that walk the whole pool (built once, on first use: at
   * 1,000,000 cases they cost what the columns save, so sampling never touches them).
   */
  readonly entries: readonly PoolEntry[];
  readonly byId: ReadonlyMap<string, PoolEntry>;
  /** Skill name → entries, each list sorted by path. */
  readonly bySkill: ReadonlyMap<string, readonly PoolEntry[]>;
  /** Category → entries, each list sorted by path; categories sorted by name. */
  readonly byCategory: ReadonlyMap<string, readonly PoolEntry[]>;
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
  const builder = poolIndexBuilder();
  for (const e of [...entries].sort((a, b) => compare(a.path, b.path))) builder.add(e);
  return builder.finish();
}

/** Convenience for callers that hold whole cases (tests, a freshly converted batch). */
export function indexCases(cases: readonly Case[]): { index: PoolIndex; diagnostics: Diagnostic[] } {
  return buildPoolIndex(cases.map(poolEntryOf));
}

export interface PoolIndexBuilder {
  /**
   * One case; call in ascending path order (a duplicate id is left out and reported by `finish`).
   * Its `skills` array must not change afterwards: a list is remembered by its array.
   */
  add(e: PoolEntry): void;
  finish(): { index: PoolIndex; diagnostics: Diagnostic[] };
}

/**
 * Columns filled one entry at a time, so a loader never holds an object per case. `expected`: how
 * many entries will come, when the caller knows (the columns are then allocated once, not grown);
 * `idBytes`: about how many UTF-8 bytes their ids take in all, when known (likewise).
 */
export function poolIndexBuilder(expected = 0, idBytes = 0): PoolIndexBuilder {
  const cols = new PoolColumns(expected, idBytes);
  const diagnostics: Diagnostic[] = [];
  let lastPath: string | undefined;
  return {
    add(e) {
      if (lastPath !== undefined && compare(lastPath, e.path) > 0)
        throw new Error(`pool index entries must come in ascending path order: ${e.path} after ${lastPath}`);
      lastPath = e.path;
      const first = cols.add(e);
      if (first >= 0)
        diagnostics.push({
          file: e.path,
          line: 0,
          severity: "error",
          code: "CASE_DUPLICATE_ID",
          message: `case id "${e.id}" is already used by ${cols.pathAt(first)}; ids are unique across the pool`,
        });
    },
    finish: () => ({ index: cols.finish(), diagnostics }),
  };
}

/** Interned strings (categories, skill lists): each distinct value once, named by its number. */
class Interned<T> {
  readonly values: T[] = [];
  private readonly numbers = new Map<string, number>();
  /** `value` makes the value from the key, only for a key not seen before. */
  number(key: string, value: (key: string) => T): number {
    let n = this.numbers.get(key);
    if (n === undefined) this.numbers.set(key, (n = this.values.push(value(key)) - 1));
    return n;
  }
}

/** The columns and the index over them (`PoolIndex`); `finish` seals the rows. */
class PoolColumns implements PoolIndex {
  private readonly ids: IdTable;
  private readonly categories = new Interned<string>();
  private readonly skillLists = new Interned<string[]>();
  /** An entry's skills array → its list's number: a loader that shares arrays (the cache reader) skips the join. */
  private readonly listNumbers = new WeakMap<readonly string[], number>();
  private readonly categoryOf: Int32Column;
  private readonly skillListOf: Int32Column;
  /** Only the rows whose path is not `<category>/<id>.yml`, link text or draft mark. */
  private readonly paths = new Map<number, string>();
  private readonly linkTexts = new Map<number, string>();
  private readonly drafts = new Set<number>();
  /** Skill → its rows; built by `finish` (growing a column per skill left ~2× its rows as garbage). */
  private skillRowLists = new Map<string, Int32Array>();
  private categoryColumns = new Map<string, Int32Array>();
  private objects?: ObjectViews;

  constructor(expected: number, idBytes: number) {
    this.ids = new IdTable(expected, idBytes);
    this.categoryOf = new Int32Column(expected || 256);
    this.skillListOf = new Int32Column(expected || 256);
  }

  get size(): number {
    return this.ids.size;
  }

  /** Appends `e` and returns -1, or returns the row already holding its id (nothing appended). */
  add(e: PoolEntry): number {
    const first = this.ids.add(e.id);
    if (first >= 0) return first;
    const row = this.size - 1;
    const category = this.categories.number(e.category, copyString);
    this.categoryOf.push(category);
    let list = this.listNumbers.get(e.skills);
    if (list === undefined) {
      list = this.skillLists.number(e.skills.join("\n"), () => e.skills.map(copyString));
      this.listNumbers.set(e.skills, list);
    }
    this.skillListOf.push(list);
    if (!isCasePath(e)) this.paths.set(row, copyString(e.path));
    if (e.linkText !== undefined) this.linkTexts.set(row, copyString(e.linkText));
    if (e.draft) this.drafts.add(row);
    return -1;
  }

  finish(): this {
    this.ids.trim();
    this.skillRowLists = skillRowsOf(this.skillLists.values, this.skillListOf, this.size);
    const counts = new Int32Array(this.categories.values.length);
    for (let row = 0; row < this.size; row++) counts[this.categoryOf.at(row)]!++;
    const byNumber = [...counts].map((n) => new Int32Array(n));
    const filled = new Int32Array(counts.length);
    for (let row = 0; row < this.size; row++) {
      const c = this.categoryOf.at(row);
      byNumber[c]![filled[c]!++] = row;
    }
    this.categoryColumns = new Map(
      this.categories.values
        .map((name, c) => [name, byNumber[c]!] as const)
        .sort(([a], [b]) => compare(a, b)),
    );
    return this;
  }

  idAt(row: number): string {
    return this.ids.idAt(row);
  }

  categoryAt(row: number): string {
    return this.categories.values[this.categoryOf.at(row)]!;
  }

  pathAt(row: number): string {
    return this.paths.get(row) ?? `${this.categoryAt(row)}/${this.idAt(row)}.yml`;
  }

  entryAt(row: number): PoolEntry {
    if (!(row >= 0 && row < this.size))
      throw new RangeError(`no pool row ${row} (the pool has ${this.size})`);
    const e: PoolEntry = {
      id: this.idAt(row),
      category: this.categoryAt(row),
      skills: this.skillLists.values[this.skillListOf.at(row)]!,
      path: this.pathAt(row),
    };
    if (this.drafts.has(row)) e.draft = true;
    const linkText = this.linkTexts.get(row);
    if (linkText !== undefined) e.linkText = linkText;
    return e;
  }

  rowOf(id: string): number {
    return this.ids.rowOf(id);
  }

  skillRows(skill: string): Int32Array {
    return this.skillRowLists.get(skill) ?? new Int32Array(0);
  }

  draftRows(): number[] {
    return [...this.drafts]; // added in row order
  }

  get categoryRows(): ReadonlyMap<string, Int32Array> {
    return this.categoryColumns;
  }

  get entries(): readonly PoolEntry[] {
    return this.views().entries;
  }
  get byId(): ReadonlyMap<string, PoolEntry> {
    return this.views().byId;
  }
  get bySkill(): ReadonlyMap<string, readonly PoolEntry[]> {
    return this.views().bySkill;
  }
  get byCategory(): ReadonlyMap<string, readonly PoolEntry[]> {
    return this.views().byCategory;
  }

  private views(): ObjectViews {
    if (this.objects) return this.objects;
    const entries = Array.from({ length: this.size }, (_, row) => this.entryAt(row));
    const rowsOf = (rows: Int32Array) => Array.from(rows, (row) => entries[row]!);
    this.objects = {
      entries,
      byId: new Map(entries.map((e) => [e.id, e])),
      bySkill: new Map([...this.skillRowLists].map(([s, rows]) => [s, rowsOf(rows)])),
      byCategory: new Map([...this.categoryColumns].map(([c, rows]) => [c, rowsOf(rows)])),
    };
    return this.objects;
  }
}

/**
 * Each skill's rows, ascending, sized exactly: counted per skill list first, then filled. Skills come
 * in the order they first appear (lists are numbered in that order), each once per row.
 */
function skillRowsOf(lists: readonly string[][], listOf: Int32Column, size: number): Map<string, Int32Array> {
  const numbers = new Map<string, number>();
  const names: string[] = [];
  const distinct = lists.map((list) => {
    const out: number[] = [];
    for (const s of list) {
      let n = numbers.get(s);
      if (n === undefined) numbers.set(s, (n = names.push(s) - 1));
      if (!out.includes(n)) out.push(n);
    }
    return out;
  });
  const perList = new Int32Array(lists.length);
  for (let row = 0; row < size; row++) perList[listOf.at(row)]!++;
  const counts = new Int32Array(names.length);
  distinct.forEach((skills, l) => skills.forEach((n) => (counts[n]! += perList[l]!)));
  const rows = Array.from(counts, (c) => new Int32Array(c));
  const filled = new Int32Array(names.length);
  for (let row = 0; row < size; row++)
    for (const n of distinct[listOf.at(row)]!) rows[n]![filled[n]!++] = row;
  return new Map(names.map((s, n) => [s, rows[n]!]));
}

interface ObjectViews {
  entries: PoolEntry[];
  byId: Map<string, PoolEntry>;
  bySkill: Map<string, PoolEntry[]>;
  byCategory: Map<string, PoolEntry[]>;
}

/** Whether `e.path` is `<category>/<id>.yml`, checked without building that string. */
function isCasePath(e: PoolEntry): boolean {
  const { path, category, id } = e;
  return (
    path.length === category.length + id.length + 5 &&
    path.startsWith(category) &&
    path.charCodeAt(category.length) === 0x2f &&
    path.startsWith(id, category.length + 1) &&
    path.endsWith(".yml")
  );
}

/** A copy, so a kept string does not pin the whole file text it was sliced from. */
function copyString(s: string): string {
  return (" " + s).slice(1);
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
