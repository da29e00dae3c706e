// The segments of a store folder (log-store.ts) and their index: key → (segment, offset, length) for
// entries and hash → the same for parts, rebuilt by scanning the segments' complete lines. Only the
// index is held in memory; a value is read from disk when asked for, its parts with it.
// Files from outside (a restored cache, a merged shard) are checked as they are read: a part whose
// text does not hash to its key is not served, nor any entry that needs it, and a key two segments
// hold with different values is a conflict, served from neither; each is counted and reported once
// (a process warning), and the work runs again (docs/security.md "Files from outside").
import { randomBytes } from "node:crypto";
import { type FileHandle, open, readdir } from "node:fs/promises";
import { HEAD, lineKind, parseRecord } from "./log-line.js";
import { joinValue, partRefs } from "./log-parts.js";
import { type Location, LocationTable } from "./location-table.js";

export type { Location } from "./location-table.js";

const SEGMENT = /\.log$/;
const NEWLINE = 0x0a;
/** Part texts kept in memory after a read (UTF-16 code units, all together), so hits skip the disk. */
const PART_CACHE_CHARS = 1 << 21;

export interface SegmentIndex {
  /** Opens a segment (indexing its lines when reading); undefined when it vanished meanwhile. */
  addSegment(path: string, flags: "r" | "a+"): Promise<number | undefined>;
  /** Records a line this process appended. */
  noteLine(key: string, at: Location): void;
  has(key: string): boolean;
  /** The keys of the indexed entries, in index order. */
  keys(): IterableIterator<string>;
  partCount(): number;
  /** An entry's value, its parts joined back; undefined when absent, damaged or missing a part. */
  read(key: string): Promise<unknown>;
  /** Parts refused (damaged, or not their content address) and keys refused as conflicts, so far. */
  refused(): { parts: number; conflicts: number };
  handle(segment: number): FileHandle;
  close(): Promise<void>;
}

export function segmentName(): string {
  return `${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString("hex")}.log`;
}

/** The name of a segment no process is writing (pid 0): a compaction's or a merge's output. */
export const closedSegmentName = () => segmentName().replace(/-\d+-/, "-0-");

export async function listSegments(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [] as string[];
    throw err;
  });
  return names.filter((n) => SEGMENT.test(n)).sort();
}

/** A segment merged away by another process between listing and opening is simply not there. */
export function ignoreVanished(err: NodeJS.ErrnoException): undefined {
  if (err.code === "ENOENT") return undefined;
  throw err;
}

/** Reported once per process and key: a warning a run's log shows, without flooding it. */
const reported = new Set<string>();
function report(what: string, key: string): void {
  if (reported.has(`${what}:${key}`)) return;
  reported.add(`${what}:${key}`);
  process.emitWarning(`${what} ${key.slice(0, 12)}: not served, the work runs again`, "SkillopsCacheWarning");
}

/**
 * Keys indexed from more than one segment, with every location, compared before one is served: the
 * same line everywhere is served, different ones are a conflict (counted in `refused`).
 */
function repeatedKeys(readAt: (at: Location) => Promise<string>, refused: { conflicts: number }) {
  const repeated = new Map<string, Location[]>();
  return {
    note(key: string, before: Location | undefined, at: Location): void {
      if (before && before.segment !== at.segment)
        repeated.set(key, [...(repeated.get(key) ?? [before]), at]);
    },
    forget: (key: string) => repeated.delete(key),
    async agreed(key: string): Promise<boolean> {
      const at = repeated.get(key);
      if (!at) return true;
      const lines = await Promise.all(at.map(readAt));
      if (lines.every((l) => l.slice(64) === lines[0]!.slice(64))) return true;
      refused.conflicts++;
      report("cache key with different values in two segments:", key);
      return false;
    },
  };
}

/** A part's text by hash: recently read ones from memory, else its line, refused unless it is its content address. */
function partReader(parts: LocationTable, handles: readonly FileHandle[], refused: { parts: number }) {
  const recent = recentParts();
  return async (hash: string): Promise<string | undefined> => {
    const hit = recent.get(hash);
    if (hit !== undefined) return hit;
    const at = parts.get(hash);
    if (!at) return undefined;
    const text = parseRecord(await readLine(handles[at.segment]!, at), hash, "P");
    if (typeof text !== "string") {
      refused.parts++;
      report("cache part damaged or not its content address:", hash);
      return undefined;
    }
    recent.keep(hash, text);
    return text;
  };
}

export function createSegmentIndex(): SegmentIndex {
  const handles: FileHandle[] = [];
  const entries = new LocationTable();
  const parts = new LocationTable();
  const refused = { parts: 0, conflicts: 0 };
  const repeated = repeatedKeys((at) => readLine(handles[at.segment]!, at), refused);
  const note = (key: string, at: Location) => {
    if (at.kind === "P") return parts.set(key, at);
    repeated.note(key, entries.get(key), at);
    entries.set(key, at);
  };
  const readPart = partReader(parts, handles, refused);

  return {
    async addSegment(path, flags) {
      const fh = await open(path, flags).catch(ignoreVanished);
      if (!fh) return undefined;
      handles.push(fh);
      if (flags === "r") await indexSegment(fh, handles.length - 1, note);
      return handles.length - 1;
    },
    // What this process writes is its own measurement: it replaces what the segments disagreed on.
    noteLine: (key, at) => {
      if (at.kind !== "P") repeated.forget(key);
      (at.kind === "P" ? parts : entries).set(key, at);
    },
    has: (key) => entries.has(key),
    keys: () => entries.keys(),
    partCount: () => parts.size,
    async read(key) {
      const at = entries.get(key);
      if (!at || !(await repeated.agreed(key))) return undefined;
      const skeleton = parseRecord(await readLine(handles[at.segment]!, at), key, at.kind);
      if (skeleton === undefined || at.kind === " ") return skeleton;
      const texts = new Map<string, string>();
      for (const hash of partRefs(skeleton)) {
        const text = await readPart(hash);
        if (text === undefined) return undefined;
        texts.set(hash, text);
      }
      return joinValue(skeleton, texts);
    },
    refused: () => ({ ...refused }),
    handle: (segment) => handles[segment]!,
    close: async () => {
      await Promise.all(handles.map((h) => h.close()));
    },
  };
}

/** The part texts read last, up to PART_CACHE_CHARS together; the least recently read go first. */
function recentParts() {
  const texts = new Map<string, string>();
  let chars = 0;
  return {
    get(hash: string): string | undefined {
      const text = texts.get(hash);
      if (text === undefined) return undefined;
      texts.delete(hash);
      texts.set(hash, text);
      return text;
    },
    keep(hash: string, text: string): void {
      if (text.length > PART_CACHE_CHARS) return;
      for (const [old, t] of texts) {
        if (chars + text.length <= PART_CACHE_CHARS) break;
        texts.delete(old);
        chars -= t.length;
      }
      texts.set(hash, text);
      chars += text.length;
    },
  };
}

async function readLine(fh: FileHandle, at: Location): Promise<string> {
  const buf = Buffer.alloc(at.length);
  await fh.read(buf, 0, at.length, at.offset);
  return buf.toString("utf8");
}

/**
 * Indexes every complete line of a segment whose head is a record's (the last line of a key wins),
 * reading the file in chunks; a torn last line (no newline yet) is left out.
 */
async function indexSegment(
  fh: FileHandle,
  segment: number,
  note: (key: string, at: Location) => void,
): Promise<void> {
  const chunk = Buffer.alloc(1 << 20);
  let start = 0;
  let position = 0;
  for (;;) {
    const { bytesRead } = await fh.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) return;
    let lineStart = Math.max(start - position, 0);
    for (let i = 0; i < bytesRead; i++) {
      if (chunk[i] !== NEWLINE) continue;
      const length = position + i + 1 - start;
      if (length > HEAD) {
        // A line begun in an earlier chunk has its head read back from the file.
        const head =
          start < position ? await readHeadAt(fh, start) : chunk.subarray(lineStart, lineStart + HEAD);
        const kind = lineKind(head.toString("latin1"));
        // The key as a string of its own: a slice of the head would keep the whole head in memory.
        if (kind) note(head.toString("latin1", 0, 64), { segment, offset: start, length, kind });
      }
      start = position + i + 1;
      lineStart = i + 1;
    }
    position += bytesRead;
  }
}

async function readHeadAt(fh: FileHandle, offset: number): Promise<Buffer> {
  const head = Buffer.alloc(HEAD);
  const { bytesRead } = await fh.read(head, 0, HEAD, offset);
  return head.subarray(0, bytesRead);
}
