// The stat pass of a cached pool index build: one lstat per case file, in path order, on worker
// threads while the main thread merges the results with the cache (as git's preload-index stats the
// work tree on several threads). At 1,000,000 cases the lstat calls were 36–43% of the build (profiled).
//
// The files go in chunks of CHUNK, claimed in order from a shared counter by whoever is free: a
// worker, or the main thread when it reaches a chunk nobody has claimed yet (it stats that one
// itself rather than wait). A worker's results travel through a small ring of shared slots, so
// memory does not grow with the pool: chunk k goes to slot k mod RING once the main thread has freed
// it, and the main thread reads it there once the slot says k. Small pools are stat'ed inline: a
// worker's start-up (~30 ms) would cost more than it saves.
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { ListedFolder, PoolFileList } from "./pool-file-list.js";

/**
 * A file's stat as the signature needs it; `size` -1 when it is not a regular file (or is gone), -2
 * when the lstat failed otherwise (the caller's read of the file then says why).
 */
export interface StatFields {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export interface StatPass {
  /** File `i`'s stat; call with i = 0, 1, 2, … in order. */
  at(i: number): StatFields;
  close(): Promise<void>;
}

const CHUNK = 1024;
/** The young generation of a worker: with the default one, each worker's RSS grew by ~10 MB. */
const YOUNG_MB = 2;
const RING = 32;
/** A chunk not ready after this long (a worker that never started) is stat'ed inline, as is the rest. */
const OVERDUE_MS = 10_000;
/** Below this many files the stat calls run inline. */
export const STAT_WORKER_MIN_FILES = 20_000;

/**
 * `workers`: how many threads stat the files (0: inline, on the calling thread); `chunk`: files per
 * slot of the ring.
 */
export function statPass(root: string, list: PoolFileList, workers: number, chunk = CHUNK): StatPass {
  const base = join(root, "/");
  if (workers <= 0 || list.count === 0) {
    const fields: StatFields = { size: -1, mtimeMs: 0, ctimeMs: 0, ino: 0 };
    return {
      at: (i) => lstatInto(fields, base + list.pathAt(i)),
      close: async () => {},
    };
  }
  try {
    return workerPass(base, list, workers, chunk);
  } catch {
    // No worker can start here (e.g. node --permission without --allow-worker): stat inline.
    return statPass(root, list, 0, chunk);
  }
}

function workerPass(base: string, list: PoolFileList, count: number, chunk: number): StatPass {
  const ring = RING;
  const out = new Float64Array(new SharedArrayBuffer(8 * 4 * chunk * ring));
  // slot → the chunk it holds + 1 (0: free); then the stop flag; then the next chunk to claim.
  const state = new Int32Array(new SharedArrayBuffer(4 * (ring + 2)));
  const next = ring + 1;
  const workers: Worker[] = [];
  try {
    for (let w = 0; w < count; w++)
      workers.push(
        startWorker({ base, folders: list.folders, out: out.buffer, state: state.buffer, chunk, ring }),
      );
  } catch (e) {
    for (const w of workers) void w.terminate();
    throw e;
  }
  // A worker that fails sets the stop cell to 2 itself: its "error" event cannot arrive while this
  // thread waits. Then, or when a chunk is overdue (a worker that never started), the rest of the
  // files are stat'ed here: slower, never wrong.
  for (const w of workers) w.on("error", () => Atomics.store(state, ring, 2));
  const fields: StatFields = { size: -1, mtimeMs: 0, ctimeMs: 0, ino: 0 };
  let held = -1;
  /** The chunk held is being stat'ed here (claimed by this thread), not read from its slot. */
  let mine = false;
  let inline = false;
  const ready = (k: number, slot: number): boolean => {
    const since = performance.now();
    for (let v = Atomics.load(state, slot); v !== k + 1; v = Atomics.load(state, slot)) {
      if (Atomics.load(state, ring) === 2 || performance.now() - since > OVERDUE_MS) return false;
      Atomics.wait(state, slot, v, 100);
    }
    return true;
  };
  return {
    at(i) {
      const k = Math.floor(i / chunk);
      const slot = k % ring;
      if (!inline && k !== held) {
        if (held >= 0 && !mine) release(state, held % ring);
        // Every chunk before k is claimed: the counter is k when nobody has taken k yet.
        mine = Atomics.compareExchange(state, next, k, k + 1) === k;
        if (!mine) inline = !ready(k, slot);
        held = k;
      }
      if (inline || mine) return lstatInto(fields, base + list.pathAt(i));
      const at = 4 * (slot * chunk + (i % chunk));
      fields.size = out[at]!;
      fields.mtimeMs = out[at + 1]!;
      fields.ctimeMs = out[at + 2]!;
      fields.ino = out[at + 3]!;
      return fields;
    },
    async close() {
      Atomics.store(state, ring, 1);
      for (let s = 0; s < ring; s++) Atomics.notify(state, s);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function lstatInto(fields: StatFields, abs: string): StatFields {
  let st;
  try {
    st = lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    fields.size = -2;
    return fields;
  }
  fields.size = st?.isFile() ? st.size : -1;
  fields.mtimeMs = st?.mtimeMs ?? 0;
  fields.ctimeMs = st?.ctimeMs ?? 0;
  fields.ino = st?.ino ?? 0;
  return fields;
}

function startWorker(workerData: {
  base: string;
  folders: readonly ListedFolder[];
  out: SharedArrayBuffer;
  state: SharedArrayBuffer;
  chunk: number;
  ring: number;
}): Worker {
  // Everything a worker allocates (a path, a Stats object) dies at once: a small young generation
  // costs no time and keeps its memory small.
  return new Worker(WORKER_SOURCE, {
    eval: true,
    workerData,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB, maxOldGenerationSizeMb: 64 },
  });
}

function release(state: Int32Array, slot: number): void {
  Atomics.store(state, slot, 0);
  Atomics.notify(state, slot);
}

// Plain JavaScript run with `eval` (so it works the same from src/ under tsx, from dist/ and from the
// Action's bundle). It stats its chunks in order, waiting while a chunk's slot is still held.
const WORKER_SOURCE = `(() => {
const { lstatSync } = require("node:fs");
const { workerData: d } = require("node:worker_threads");
const folders = d.folders.map((f) => ({ prefix: d.base + f.name + "/", bytes: Buffer.from(f.bytes), ends: new Int32Array(f.ends), count: f.count }));
const total = folders.reduce((n, f) => n + f.count, 0);
const out = new Float64Array(d.out);
const state = new Int32Array(d.state);
try {
let f = 0, first = 0;
for (let k = Atomics.add(state, d.ring + 1, 1); k * d.chunk < total; k = Atomics.add(state, d.ring + 1, 1)) {
  const slot = k % d.ring;
  for (let v = Atomics.load(state, slot); v !== 0; v = Atomics.load(state, slot)) {
    if (Atomics.load(state, d.ring) === 1) return;
    Atomics.wait(state, slot, v, 100);
  }
  if (Atomics.load(state, d.ring) === 1) return;
  const end = Math.min(total, (k + 1) * d.chunk);
  for (let i = k * d.chunk; i < end; i++) {
    while (i >= first + folders[f].count) first += folders[f++].count;
    const { prefix, bytes, ends } = folders[f];
    const j = i - first;
    let st, failed = false;
    try {
      st = lstatSync(prefix + bytes.toString("utf8", j === 0 ? 0 : ends[j - 1], ends[j]), { throwIfNoEntry: false });
    } catch {
      failed = true;
    }
    const at = 4 * (slot * d.chunk + (i - k * d.chunk));
    out[at] = failed ? -2 : st && st.isFile() ? st.size : -1;
    out[at + 1] = st ? st.mtimeMs : 0;
    out[at + 2] = st ? st.ctimeMs : 0;
    out[at + 3] = st ? st.ino : 0;
  }
  Atomics.store(state, slot, k + 1);
  Atomics.notify(state, slot);
}
} catch {
  Atomics.store(state, d.ring, 2);
  for (let s = 0; s < d.ring; s++) Atomics.notify(state, s);
}
})();
`;
