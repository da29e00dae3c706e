// The pool index cache (`.skillops-cache/pool-index.tsv`): one line per case file, sorted by path,
//   path TAB sha256 TAB id TAB category TAB skills (comma-separated) TAB "draft" or nothing TAB link text
// (an unlinked case's diagnosis and prompt on one line, for retrieval links; empty for a linked case)
// after a version line. Line-oriented so that a cached load holds one string and slices of it instead
// of a JSON object per case: at 100,000 cases a cached load with the JSON map this replaces peaked
// at 206-276 MB, with this at about 170 MB (bench/pool.ts, tsx's ~100 MB included). An entry is used only when the file's bytes hash to its sha256, so an
// edited file is always re-read; a missing, corrupt or older-version cache is simply rebuilt.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { CaseSummary } from "../../core/cases/case-summary.js";
import { compare } from "../../core/cases/pool.js";

const HEADER = "skillops-pool-index\t3";
/** A field holding one of these cannot be written on a line; its entry is just not cached. */
const UNSAFE = /[\t\n\r,]/;

export interface CachedEntry extends CaseSummary {
  sha256: string;
}

/** The cache as read: entries looked up by path in ascending order (a merge with the sorted file list). */
export interface PoolIndexCache {
  /** The cached line for `path`, when there is one. Call with paths in ascending order. */
  lookup(path: string): { entry: CachedEntry; line: string } | undefined;
  size: number;
}

export async function readPoolIndexCache(file: string): Promise<PoolIndexCache | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined || !text.startsWith(`${HEADER}\n`)) return undefined;
  const lines = text.slice(HEADER.length + 1).split("\n");
  if (lines.at(-1) === "") lines.pop();
  let cursor = 0;
  return {
    size: lines.length,
    lookup(path) {
      // Both sides are sorted by path: skip the cached lines of files that are gone.
      while (cursor < lines.length && compare(pathOf(lines[cursor]!), path) < 0) cursor++;
      const line = lines[cursor];
      if (line === undefined || pathOf(line) !== path) return undefined;
      cursor++;
      const entry = parseLine(line);
      return entry && { entry, line };
    },
  };
}

const pathOf = (line: string) => line.slice(0, line.indexOf("\t"));

function parseLine(line: string): CachedEntry | undefined {
  const f = line.split("\t");
  if (f.length !== 7 || !f[1] || !f[2] || !f[3]) return undefined; // damaged: the file is re-read
  const entry: CachedEntry = { sha256: f[1], id: f[2], category: f[3], skills: f[4] ? f[4].split(",") : [] };
  if (f[5] === "draft") entry.draft = true;
  if (entry.skills.length === 0) entry.linkText = f[6]!;
  return entry;
}

/** The cache line for one file, or undefined when a field cannot be written on a line. */
export function poolIndexCacheLine(path: string, e: CachedEntry): string | undefined {
  const fields = [path, e.sha256, e.id, e.category, ...e.skills];
  if (fields.some((f) => f === "" || UNSAFE.test(f)) || /[\t\n\r]/.test(e.linkText ?? "")) return undefined;
  const row = [
    path,
    e.sha256,
    e.id,
    e.category,
    e.skills.join(","),
    e.draft ? "draft" : "",
    e.linkText ?? "",
  ];
  return row.join("\t");
}

/** Write the lines (already sorted by path) atomically: temp file + rename, like the rest of the cache. */
export async function writePoolIndexCache(file: string, lines: readonly string[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${HEADER}\n${lines.join("\n")}${lines.length ? "\n" : ""}`);
  await rename(tmp, file);
}
