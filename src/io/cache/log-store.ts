// An append-only, content-addressed store: each process appends its entries to one segment file of
// its own (`<dir>/<stamp>-<pid>-<rand>.log`), so a run writes O(1) files however many entries it
// stores, and concurrent writers never share a file. A line is `<key> <checksum> <json>\n`, written
// in one append; on first use the index (key → segment, offset, length) is rebuilt by scanning every
// segment, and a torn or damaged line (a killed writer, a bad restore) is skipped as a miss. Entries
// of the older one-file-per-entry layout (`<dir>/<key[0..2]>/<key>.json`) are still read.
import { randomBytes } from "node:crypto";
import { type FileHandle, mkdir, open, readdir, readFile, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "../../vocabulary/sha256.js";

const KEY = /^[0-9a-f]{64}$/;
const SEGMENT = /\.log$/;
const SUM_CHARS = 16;
/** Bytes before the payload: key, space, checksum, space. */
const HEAD = 64 + 1 + SUM_CHARS + 1;
const NEWLINE = 0x0a;
/** More segments than this on open are merged into one, so many short runs do not pile up files. */
export const COMPACT_AT = 16;

export interface LogStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
}

interface Location {
  segment: number;
  offset: number;
  length: number;
}

function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`cache key must be a sha256 hex digest, got ${JSON.stringify(key)}`);
}

const checksum = (payload: string) => sha256Hex(payload).slice(0, SUM_CHARS);

/** One record line: key, checksum of the payload, payload. */
export function logLine(key: string, value: unknown): string {
  const payload = JSON.stringify(value);
  return `${key} ${checksum(payload)} ${payload}\n`;
}

/** The payload of one line read back, or undefined when the line is damaged or not this key's. */
function parseLine<T>(line: string, key: string): T | undefined {
  if (line.slice(0, 64) !== key || line[64] !== " " || line[HEAD - 1] !== " ") return undefined;
  const payload = line.slice(HEAD).replace(/\n$/, "");
  if (checksum(payload) !== line.slice(65, 65 + SUM_CHARS)) return undefined;
  try {
    return JSON.parse(payload) as T;
  } catch {
    return undefined;
  }
}

/**
 * Indexes every complete line of a segment whose head is a key (the last line of a key wins), reading
 * the file in chunks; a torn last line (no newline yet) is left out.
 */
async function indexSegment(fh: FileHandle, segment: number, index: Map<string, Location>): Promise<void> {
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
      // A line begun in an earlier chunk has its key read back from the file.
      const key =
        start < position ? await readKeyAt(fh, start) : chunk.toString("latin1", lineStart, lineStart + 64);
      if (length > HEAD && KEY.test(key)) index.set(key, { segment, offset: start, length });
      start = position + i + 1;
      lineStart = i + 1;
    }
    position += bytesRead;
  }
}

async function readKeyAt(fh: FileHandle, offset: number): Promise<string> {
  const head = Buffer.alloc(64);
  const { bytesRead } = await fh.read(head, 0, 64, offset);
  return head.toString("latin1", 0, bytesRead);
}

async function legacyEntry<T>(dir: string, key: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, key.slice(0, 2), `${key}.json`), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    const entry = JSON.parse(text) as { key?: string; result?: T };
    // A corrupt or foreign entry is a miss: the work simply runs again.
    return entry.key === key && entry.result ? entry.result : undefined;
  } catch {
    return undefined;
  }
}

const segmentName = () => `${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString("hex")}.log`;

/** The name of a segment no process is writing (pid 0): a compaction's or a merge's output. */
export const closedSegmentName = () => segmentName().replace(/-\d+-/, "-0-");

async function listSegments(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [] as string[];
    throw err;
  });
  return names.filter((n) => SEGMENT.test(n)).sort();
}

export function createLogStore<T>(dir: string): LogStore<T> {
  const handles: FileHandle[] = [];
  const index = new Map<string, Location>();
  let opened: Promise<void> | undefined;
  let own: { segment: number; size: number } | undefined;
  let writes: Promise<unknown> = Promise.resolve();

  const addSegment = async (path: string, flags: string) => {
    const fh = await open(path, flags);
    handles.push(fh);
    return handles.length - 1;
  };
  const openAll = async () => {
    await compactSegments(dir);
    for (const name of await listSegments(dir)) {
      const segment = await addSegment(join(dir, name), "r").catch(ignoreVanished);
      if (segment !== undefined) await indexSegment(handles[segment]!, segment, index);
    }
  };
  const ensureOpen = () => (opened ??= openAll());

  const append = async (key: string, line: Buffer) => {
    if (!own) {
      await mkdir(dir, { recursive: true });
      own = { segment: await addSegment(join(dir, segmentName()), "a+"), size: 0 };
    }
    await handles[own.segment]!.write(line);
    index.set(key, { segment: own.segment, offset: own.size, length: line.length });
    own.size += line.length;
  };

  return {
    async get(key) {
      checkKey(key);
      await ensureOpen();
      const at = index.get(key);
      if (!at) return legacyEntry<T>(dir, key);
      return parseLine<T>(await readLine(handles[at.segment]!, at), key);
    },
    async put(key, value) {
      checkKey(key);
      await ensureOpen();
      const line = Buffer.from(logLine(key, value), "utf8");
      // One write at a time, so the offsets recorded in the index are the ones written.
      const done = writes.then(() => append(key, line));
      writes = done.catch(() => undefined);
      await done;
    },
  };
}

/** A segment merged away by another process between listing and opening is simply not there. */
function ignoreVanished(err: NodeJS.ErrnoException): undefined {
  if (err.code === "ENOENT") return undefined;
  throw err;
}

async function readLine(fh: FileHandle, at: Location): Promise<string> {
  const buf = Buffer.alloc(at.length);
  await fh.read(buf, 0, at.length, at.offset);
  return buf.toString("utf8");
}

/**
 * Merges the segments into one when there are more than COMPACT_AT, keeping the last valid line of
 * each key. Only segments of writers that have ended are merged (a live writer's segment is left
 * alone); the merged file is renamed into place before the merged ones are removed, so no entry is
 * ever absent from the folder. Holds only the index in memory, not the entries.
 */
export async function compactSegments(dir: string): Promise<void> {
  const names = (await listSegments(dir)).filter((n) => !writerAlive(n));
  if (names.length <= COMPACT_AT) return;
  const target = join(dir, closedSegmentName());
  const out = await open(`${target}.tmp`, "w");
  try {
    await eachValidLine(dir, names, async (line) => {
      await out.write(line);
    });
  } finally {
    await out.close();
  }
  await rename(`${target}.tmp`, target);
  for (const name of names) await unlink(join(dir, name)).catch(ignoreVanished);
}

/**
 * Every valid entry of a store's segments (the last line of a key wins), key → payload (JSON text);
 * damaged lines are left out, as a read would miss them. For `cache merge` (merge-stores.ts).
 */
export async function readEntries(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await eachValidLine(dir, await listSegments(dir), async (line, key) => {
    out.set(key, line.slice(HEAD).replace(/\n$/, ""));
  });
  return out;
}

/** The last valid line of each key across the named segments, in index order; holds only the index. */
async function eachValidLine(
  dir: string,
  names: readonly string[],
  visit: (line: string, key: string) => Promise<void>,
): Promise<void> {
  const handles: FileHandle[] = [];
  const index = new Map<string, Location>();
  try {
    for (const name of names) {
      const fh = await open(join(dir, name), "r").catch(ignoreVanished);
      if (!fh) continue;
      handles.push(fh);
      await indexSegment(fh, handles.length - 1, index);
    }
    for (const [key, at] of index) {
      const line = await readLine(handles[at.segment]!, at);
      if (parseLine(line, key) !== undefined) await visit(line, key);
    }
  } finally {
    await Promise.all(handles.map((h) => h.close()));
  }
}

/**
 * Moves the segments this process wrote in `from` into `to` (a run handing its last, unfinished
 * iteration's executions to the shard store, docs/workflows.md "Sharded evaluation").
 */
export async function moveOwnSegments(from: string, to: string): Promise<number> {
  const own = (await listSegments(from)).filter((n) => n.split("-")[1] === String(process.pid));
  if (own.length) await mkdir(to, { recursive: true });
  for (const name of own) await rename(join(from, name), join(to, name));
  return own.length;
}

/** Whether the process that names a segment still runs here (pid 0: a merged segment, no writer). */
function writerAlive(name: string): boolean {
  const pid = Number(name.split("-")[1]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return pid === process.pid;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
