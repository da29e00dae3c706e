// An append-only, content-addressed store: each process appends its entries to one segment file of
// its own (`<dir>/<stamp>-<pid>-<rand>.log`), so a run writes O(1) files however many entries it
// stores, and concurrent writers never share a file. A line is `<key> <checksum><kind><payload>\n`
// (log-line.ts); an entry's long strings are kept once per segment as part lines it refers to by
// hash (log-parts.ts), so a transcript that repeats the skills' text costs its own bytes only. On
// first use the index (key → segment, offset, length, for entries and parts) is rebuilt by scanning
// every segment, and a torn or damaged line (a killed writer, a bad restore) is skipped as a miss.
// Segments of the first format (no parts) and entries of the older one-file-per-entry layout
// (`<dir>/<key[0..2]>/<key>.json`) are still read.
import { mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { checkKey } from "./log-line.js";
import {
  closedSegmentName,
  createSegmentIndex,
  listSegments,
  segmentName,
  ignoreVanished,
  type SegmentIndex,
} from "./log-segments.js";
import { createSegmentWriter, type SegmentWriter } from "./segment-writer.js";

export { logLine } from "./log-line.js";

/** What a disk store adds to its port: `close`, which the command that opened it calls at its end. */
export type Closable = Pick<LogStore<unknown>, "close">;

/** More segments than this on open are merged into one, so many short runs do not pile up files. */
export const COMPACT_AT = 16;

export interface LogStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  /**
   * Closes the segment files this store holds open (a later get or put opens them again). A command
   * calls it when it ends: left to the garbage collector, an open FileHandle is closed with a warning
   * (Node's DEP0137), as happens when the CLI runs in-process.
   */
  close(): Promise<void>;
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

/** Opens and indexes the named segments of `dir` (those that vanished meanwhile are left out). */
async function indexSegments(dir: string, names: readonly string[]): Promise<SegmentIndex> {
  const index = createSegmentIndex();
  try {
    for (const name of names) await index.addSegment(join(dir, name), "r");
  } catch (err) {
    await index.close();
    throw err;
  }
  return index;
}

export function createLogStore<T>(dir: string): LogStore<T> {
  let opened: Promise<SegmentIndex> | undefined;
  let writer: Promise<SegmentWriter> | undefined;

  const ensureOpen = () =>
    (opened ??= (async () => {
      await compactSegments(dir);
      return indexSegments(dir, await listSegments(dir));
    })());
  const ownWriter = (index: SegmentIndex) =>
    (writer ??= (async () => {
      await mkdir(dir, { recursive: true });
      const segment = (await index.addSegment(join(dir, segmentName()), "a+"))!;
      return createSegmentWriter(index.handle(segment), segment, index.noteLine);
    })());

  return {
    async get(key) {
      checkKey(key);
      const index = await ensureOpen();
      if (!index.has(key)) return legacyEntry<T>(dir, key);
      return (await index.read(key)) as T | undefined;
    },
    async put(key, value) {
      checkKey(key);
      const index = await ensureOpen();
      await (await ownWriter(index)).put(key, value);
    },
    async close() {
      const index = opened;
      opened = undefined;
      writer = undefined;
      // An index that failed to open closed its own handles (indexSegments).
      await (await index?.catch(() => undefined))?.close();
    },
  };
}

/**
 * Merges the segments into one when there are more than COMPACT_AT, keeping the last valid entry of
 * each key with the parts it refers to (first-format entries are rewritten with parts). Only segments
 * of writers that have ended are merged (a live writer's segment is left alone); the merged file is
 * renamed into place before the merged ones are removed, so no entry is ever absent from the folder.
 * Holds only the index in memory, and one entry at a time.
 */
export async function compactSegments(dir: string): Promise<void> {
  const names = (await listSegments(dir)).filter((n) => !writerAlive(n));
  if (names.length <= COMPACT_AT) return;
  const target = join(dir, closedSegmentName());
  await writeSegment(`${target}.tmp`, (put) => eachEntry(dir, put, names));
  await rename(`${target}.tmp`, target);
  for (const name of names) await unlink(join(dir, name)).catch(ignoreVanished);
}

/** Writes a new segment at `path` with the entries `fill` puts (for a compaction or a merge). */
export async function writeSegment(
  path: string,
  fill: (put: (key: string, value: unknown) => Promise<void>) => Promise<void>,
): Promise<void> {
  const out = await open(path, "w");
  try {
    const writer = createSegmentWriter(out, 0);
    await fill((key, value) => writer.put(key, value));
  } finally {
    await out.close();
  }
}

/**
 * Every valid entry of a store's segments (all of them, or the named ones), its parts joined back,
 * the last line of a key winning; damaged entries are left out, as a read would miss them. One
 * entry in memory at a time.
 */
export async function eachEntry(
  dir: string,
  visit: (key: string, value: unknown) => Promise<void>,
  names?: readonly string[],
): Promise<void> {
  const index = await indexSegments(dir, names ?? (await listSegments(dir)));
  try {
    for (const key of index.keys()) {
      const value = await index.read(key);
      if (value !== undefined) await visit(key, value);
    }
  } finally {
    await index.close();
  }
}

/**
 * Moves the segments this process wrote in `from` into `to` (a run handing its last, unfinished
 * iteration's executions to the shard store, docs/workflows.md "Sharded evaluation"). Each segment
 * holds the parts its entries refer to, so the entries read whole in `to`.
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
