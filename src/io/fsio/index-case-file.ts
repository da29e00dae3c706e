// One case file as the pool index sees it: read synchronously (under load, 100,000 small reads through
// libuv's thread pool took 30-40 s against ~5 s in a plain loop), hashed, and summarised by a line scan
// (src/core/cases/case-summary.ts). Only a file the scan cannot read falls back to the full parse here;
// every other check of the schema happens when the case is sampled (`readCases`).
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { flatLinkText, summarizeCase, type CaseSummary } from "../../core/cases/case-summary.js";
import { linkTextOf } from "../../core/evolve/retrieval-links.js";
import { parseCase } from "../../core/cases/parse-case.js";
import { poolEntryOf, type PoolEntry } from "../../core/cases/pool.js";

const UTF8 = new TextDecoder("utf-8", { fatal: true });

export interface IndexedFile {
  entry?: PoolEntry;
  sha256?: string;
  diagnostics: Diagnostic[];
  /** True when this file needed the full YAML parse (the scan could not read it). */
  fullParse: boolean;
}

/**
 * Index `rel` (relative to `root`). `cached` is what the cache holds for this path; it is used only
 * when the bytes hash to the same sha256.
 */
export function indexCaseFile(
  root: string,
  rel: string,
  maxBytes: number,
  hashed: boolean,
  cached?: { sha256: string } & CaseSummary,
): IndexedFile & { fromCache: boolean } {
  const fail = (code: string, message: string) => ({
    diagnostics: [{ file: rel, line: 0, severity: "error" as const, code, message }],
    fullParse: false,
    fromCache: false,
  });
  const read = readBounded(join(root, rel), maxBytes, scratchFor(maxBytes));
  if (read === "symlink")
    return fail("POOL_SYMLINK", "symbolic links are not followed in the regression pool");
  if (typeof read === "number")
    return fail("CASE_TOO_LARGE", `${read} bytes is over the ${maxBytes}-byte limit for a case file`);
  // The hash serves only the cache: without one, it is not computed.
  const sha256 = hashed ? createHash("sha256").update(read).digest("base64url") : undefined;
  if (cached && cached.sha256 === sha256)
    return { entry: cachedEntry(cached, rel), sha256, diagnostics: [], fullParse: false, fromCache: true };
  let text: string;
  try {
    text = UTF8.decode(read);
  } catch {
    return fail("CASE_ENCODING", "not valid UTF-8 text");
  }
  return { ...summarizeFile(text, rel), sha256, fromCache: false };
}

/** The pool entry a cache line holds for `rel`. */
function cachedEntry(cached: CaseSummary, rel: string): PoolEntry {
  const { id, category, skills, draft, linkText } = cached;
  const entry: PoolEntry = { id, category, skills, path: rel };
  if (draft) entry.draft = draft;
  if (linkText !== undefined) entry.linkText = linkText;
  return entry;
}

function summarizeFile(text: string, rel: string): IndexedFile {
  const quick = summarizeCase(text);
  // A summary that disagrees with `<category>/<id>.yml` goes to the parser too, which words the
  // mismatch (id or category, with its line); so does any shape the scan does not read.
  if (quick && rel === `${quick.category}/${quick.id}.yml`)
    return { entry: { ...quick, path: rel }, diagnostics: [], fullParse: false };
  const r = parseCase(text, rel);
  const entry = r.case && { ...poolEntryOf(r.case), path: rel };
  if (entry && r.case && entry.skills.length === 0) entry.linkText = flatLinkText(linkTextOf(r.case));
  return { entry, diagnostics: r.diagnostics, fullParse: true };
}

/**
 * One buffer reused for every file of an index build: a fresh Buffer per file was most of the
 * build's garbage (and of its peak RSS). Its contents are only valid until the next read.
 */
let scratch: Buffer | undefined;
function scratchFor(maxBytes: number): Buffer {
  if (!scratch || scratch.length < maxBytes + 1) scratch = Buffer.allocUnsafe(maxBytes + 1);
  return scratch;
}

/**
 * The file's bytes; its size when over `maxBytes`; "symlink" for a symbolic link (never followed).
 * With `into` (at least maxBytes + 1 long), the bytes are read into it (one read, no fstat) and the
 * result is a view of it.
 */
export function readBounded(abs: string, maxBytes: number, into?: Buffer): Buffer | number | "symlink" {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ELOOP") return "symlink";
    throw e;
  }
  try {
    if (into) return readInto(fd, into, maxBytes);
    const size = fstatSync(fd).size;
    if (size > maxBytes) return size;
    const buf = Buffer.allocUnsafe(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

function readInto(fd: number, into: Buffer, maxBytes: number): Buffer | number {
  let off = 0;
  for (let n = 1; n > 0 && off <= maxBytes; off += n) n = readSync(fd, into, off, maxBytes + 1 - off, off);
  return off > maxBytes ? fstatSync(fd).size : into.subarray(0, off);
}
