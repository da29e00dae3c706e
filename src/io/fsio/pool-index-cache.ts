// The pool index cache (`.skillops-cache/pool-index.tsv`): one line per case file, sorted by path,
//   path TAB stat TAB sha256 TAB id TAB category TAB skills (comma-separated) TAB "draft" or nothing
//   TAB link text
// (an unlinked case's diagnosis and prompt on one line, for retrieval links; empty for a linked case)
// after a version line. `stat` is the file's size, mtime, ctime and inode (file-signature.ts), or "-"
// when the file was too fresh to trust them: a file whose stat is unchanged is not read again, any
// other is hashed and its entry reused only when the bytes hash to its sha256.
// Line-oriented so that a load holds one chunk at a time instead of the whole file or a JSON object
// per case; read in chunks and rewritten only from the first line that changed, so an unchanged pool
// of 1,000,000 cases costs one streamed read of its cache and no write. A missing, corrupt or
// older-version cache is simply rebuilt.
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { CaseSummary } from "../../core/cases/case-summary.js";
import { compare, type PoolEntry } from "../../core/cases/pool.js";

const HEADER = "skillops-pool-index\t4";
/** A field holding one of these cannot be written on a line; its entry is just not cached. */
const UNSAFE = /[\t\n\r,]/;
// Small enough that a chunk's lines die young: with 1 MiB (~6,500 lines) they outlived the young generation,
// and at 1,000,000 cases the promoted lines grew the old generation by ~100 MB between collections.
const CHUNK = 1 << 16;
/** Distinct skills fields remembered while reading (a pool with more only makes more arrays). */
const MAX_SKILL_LISTS = 4096;

export interface CachedEntry extends CaseSummary {
  sha256: string;
  /** file-signature.ts's signature, or "-" (never trusted: the file is hashed). */
  stat: string;
}

/** A cache line as read: a pool entry as it is (its `skills` array is shared between lines: do not mutate it). */
export type CachedPoolEntry = CachedEntry & PoolEntry;

/** The cache as read: entries looked up by path in ascending order (a merge with the sorted file list). */
export interface PoolIndexCache {
  /** The cached line for `path`, when there is one. Call with paths in ascending order. */
  lookup(path: string): { entry: CachedPoolEntry; line: string } | undefined;
  /** Bytes of the file up to the end of the last line `lookup` returned (at first, of the header). */
  readonly lastEnd: number;
  /** True while every line up to the last one returned was returned (none skipped or damaged). */
  readonly unbroken: boolean;
  /** Reads the rest; true when a line was skipped or left over. */
  skippedAny(): boolean;
  close(): void;
}

/** The cache file's lines, a chunk at a time, with the byte offset after each. */
function lineReader(fd: number): { next(): string | undefined; offset: number } {
  const queue: string[] = [];
  let head = 0;
  let rest = Buffer.alloc(0);
  let position = 0;
  let eof = false;
  // One read buffer for the whole file (what is kept is copied out of it): a fresh 1 MiB per chunk
  // was 160 MB of garbage for a 1,000,000-case cache.
  const buf = Buffer.allocUnsafe(CHUNK);
  const state = {
    offset: 0,
    next(): string | undefined {
      while (head === queue.length && !eof) {
        const n = readSync(fd, buf, 0, CHUNK, position);
        position += n;
        eof = n === 0;
        const all = Buffer.concat([rest, buf.subarray(0, n)]);
        const end = eof ? all.length : all.lastIndexOf(0x0a) + 1;
        rest = Buffer.from(all.subarray(end));
        queue.length = head = 0;
        if (end > 0) queue.push(...all.toString("utf8", 0, end).split("\n"));
        if (queue.at(-1) === "") queue.pop();
      }
      const line = queue[head++];
      if (line !== undefined) state.offset += Buffer.byteLength(line) + 1;
      return line;
    },
  };
  return state;
}

export function readPoolIndexCache(file: string): PoolIndexCache | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  const lines = lineReader(fd);
  if (lines.next() !== HEADER) {
    closeSync(fd);
    return undefined;
  }
  let lastEnd = lines.offset;
  let pending = lines.next();
  let unbroken = true;
  // Each distinct skills field once (a pool has few distinct lists): no array per line.
  const skillLists = new Map<string, string[]>();
  return {
    get lastEnd() {
      return lastEnd;
    },
    get unbroken() {
      return unbroken;
    },
    lookup(path) {
      // Both sides are sorted by path: skip the cached lines of files that are gone.
      while (pending !== undefined && compare(pathOf(pending), path) < 0) {
        unbroken = false;
        pending = lines.next();
      }
      const line = pending;
      if (line === undefined || pathOf(line) !== path) return undefined;
      const entry = parseLine(line, path, skillLists);
      lastEnd = lines.offset;
      pending = lines.next();
      if (!entry) unbroken = false;
      return entry && { entry, line };
    },
    skippedAny() {
      return !unbroken || pending !== undefined;
    },
    close: () => closeSync(fd),
  };
}

const pathOf = (line: string) => line.slice(0, line.indexOf("\t"));
const copyString = (s: string) => (" " + s).slice(1);

/** The tab positions of the line being parsed (7 on a sound line). */
const tabs = new Int32Array(7);

function parseLine(
  line: string,
  path: string,
  skillLists: Map<string, string[]>,
): CachedPoolEntry | undefined {
  // Fields by their tabs rather than `split`: no array, and no string for a field not kept.
  let n = 0;
  for (let at = line.indexOf("\t"); at >= 0; at = line.indexOf("\t", at + 1)) {
    if (n === 7) return undefined; // damaged (too many fields): the file is re-read
    tabs[n++] = at;
  }
  // Damaged (too few fields, or an empty one of stat, sha256, id, category): the file is re-read.
  if (n !== 7 || tabs[0]! + 1 === tabs[1] || tabs[1]! + 1 === tabs[2]) return undefined;
  if (tabs[2]! + 1 === tabs[3] || tabs[3]! + 1 === tabs[4]) return undefined;
  const field = (k: number) => line.slice(tabs[k - 1]! + 1, tabs[k]);
  const skillsField = field(5);
  let skills = skillLists.get(skillsField);
  if (skills === undefined) {
    if (skillLists.size >= MAX_SKILL_LISTS) skillLists.clear();
    // Copied: a slice of the line would keep its whole chunk of the file alive as long as the map.
    skillLists.set(copyString(skillsField), (skills = skillsField ? skillsField.split(",") : []));
  }
  const entry: CachedPoolEntry = {
    stat: field(1),
    sha256: field(2),
    id: field(3),
    category: field(4),
    skills,
    path,
  };
  if (tabs[6]! - tabs[5]! === 6 && line.startsWith("draft", tabs[5]! + 1)) entry.draft = true;
  if (skills.length === 0) entry.linkText = line.slice(tabs[6]! + 1);
  return entry;
}

/** The cache line for one file, or undefined when a field cannot be written on a line. */
export function poolIndexCacheLine(path: string, e: CachedEntry): string | undefined {
  const fields = [path, e.stat, e.sha256, e.id, e.category, ...e.skills];
  if (fields.some((f) => f === "" || UNSAFE.test(f)) || /[\t\n\r]/.test(e.linkText ?? "")) return undefined;
  const row = [
    path,
    e.stat,
    e.sha256,
    e.id,
    e.category,
    e.skills.join(","),
    e.draft ? "draft" : "",
    e.linkText ?? "",
  ];
  return row.join("\t");
}

/**
 * Writes the new cache only when it differs from the old one: lines the old cache already holds, in
 * order from its start, are not written until a line differs, and then copied from the old file in
 * one piece. Temp file + rename, like the rest of the cache.
 */
export function poolIndexCacheWriter(
  file: string,
  old: PoolIndexCache | undefined,
): { add(line: string | undefined, reused: boolean): void; finish(): boolean } {
  const tmp = `${file}.${process.pid}.tmp`;
  let fd: number | undefined;
  let cleanEnd = old?.lastEnd ?? 0;
  let batch: string[] = [];
  const flush = () => {
    if (fd !== undefined && batch.length) writeSync(fd, `${batch.join("\n")}\n`);
    batch = [];
  };
  const open = () => {
    mkdirSync(dirname(file), { recursive: true });
    fd = openSync(tmp, "w");
    if (old) copyPrefix(file, fd, cleanEnd);
    else writeSync(fd, `${HEADER}\n`);
  };
  return {
    /** `line` for the file just looked up (undefined: none can be written); `reused`: the old line as is. */
    add(line, reused) {
      if (fd === undefined && reused && old?.unbroken) {
        cleanEnd = old.lastEnd; // the old file already holds it
        return;
      }
      if (fd === undefined) open();
      if (line !== undefined) batch.push(line);
      if (batch.length >= 4096) flush();
    },
    finish() {
      old?.close();
      if (fd === undefined && old && !old.skippedAny()) return false;
      if (fd === undefined) open();
      flush();
      closeSync(fd!);
      try {
        renameSync(tmp, file);
      } catch (e) {
        rmSync(tmp, { force: true });
        throw e;
      }
      return true;
    },
  };
}

/** The old cache's first `end` bytes (its header and the lines kept unchanged) into `fd`. */
function copyPrefix(file: string, fd: number, end: number): void {
  const from = openSync(file, "r");
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    for (let at = 0; at < end;) {
      const n = readSync(from, buf, 0, Math.min(CHUNK, end - at), at);
      if (n === 0) break;
      writeSync(fd, buf, 0, n);
      at += n;
    }
  } finally {
    closeSync(from);
  }
}
