// `skillops cache merge`: the union of several cache folders (the shards of one evaluation,
// docs/workflows.md "Sharded evaluation") into one. Every store folder inside a source (the execution
// cache at its root, `memo/`, `proxy/`) is merged into the same place under the target. Shards write
// disjoint keys, so a key two sources hold with different values means they were not shards of one
// evaluation: that is an error, and nothing is written. Otherwise the new entries (with their parts)
// go into one new segment per store folder, written then renamed, so an interrupted merge leaves
// nothing half-written. Values are compared by the sha256 of their canonical JSON, so the plan holds
// one digest per key, not the entries; the entries are read again, one at a time, to be written.
import { readdir, rename, mkdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { closedSegmentName } from "./log-segments.js";
import { eachEntry, writeSegment } from "./log-store.js";

export class MergeConflictError extends Error {}
export class MergeSourceError extends Error {}

export interface MergeSummary {
  /** Store folder (relative; "" = the root) → entries added to the target. */
  added: Record<string, number>;
  /** Entries the target already held with the same value. */
  already: number;
}

interface Conflict {
  store: string;
  key: string;
  first: string;
  second: string;
}

/** The folders under `root` (itself included) that hold segments, relative to it. */
async function storeFolders(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name.endsWith(".log"))) out.push(relative(root, dir));
    for (const e of entries) if (e.isDirectory()) await walk(join(dir, e.name));
  };
  await walk(root);
  return out;
}

async function checkSource(dir: string): Promise<void> {
  const s = await stat(dir).catch(() => undefined);
  if (!s?.isDirectory()) throw new MergeSourceError(`${dir}: no such cache folder`);
}

const digest = (value: unknown) => sha256Hex(canonicalJson(value));

/** Key → digest of each valid entry of a store folder. */
async function digests(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await eachEntry(dir, async (key, value) => {
    out.set(key, digest(value));
  });
  return out;
}

/** What each store folder gains (key → the source to copy it from), or every conflict found. */
async function plan(sources: readonly string[], into: string) {
  const stores = new Set<string>();
  for (const src of sources) for (const s of await storeFolders(src)) stores.add(s);
  const additions = new Map<string, Map<string, { digest: string; from: string }>>();
  const conflicts: Conflict[] = [];
  let already = 0;
  for (const store of [...stores].sort()) {
    const target = await digests(join(into, store));
    const fresh = new Map<string, { digest: string; from: string }>();
    for (const src of sources) {
      for (const [key, d] of await digests(join(src, store))) {
        const held = target.get(key);
        const seen = held !== undefined ? { digest: held, from: into } : fresh.get(key);
        if (!seen) fresh.set(key, { digest: d, from: src });
        else if (seen.digest !== d) conflicts.push({ store, key, first: seen.from, second: src });
        else if (held !== undefined) already++;
      }
    }
    additions.set(store, fresh);
  }
  return { additions, conflicts, already };
}

export async function mergeStores(sources: readonly string[], into: string): Promise<MergeSummary> {
  for (const src of sources) await checkSource(src);
  const { additions, conflicts, already } = await plan(sources, into);
  if (conflicts.length > 0) {
    const shown = conflicts
      .slice(0, 3)
      .map((c) => `key ${c.key.slice(0, 16)}… in ${c.store || "."}: ${c.first} and ${c.second} differ`);
    throw new MergeConflictError(
      `${conflicts.length} conflicting key(s), nothing merged: ${shown.join("; ")}${conflicts.length > 3 ? "; …" : ""} (shards of one evaluation never disagree: were these caches made with different inputs?)`,
    );
  }
  const added: Record<string, number> = {};
  for (const [store, fresh] of additions) {
    added[store] = fresh.size;
    if (fresh.size === 0) continue;
    const dir = join(into, store);
    await mkdir(dir, { recursive: true });
    const file = join(dir, closedSegmentName());
    await writeSegment(`${file}.tmp`, async (put) => {
      for (const src of sources)
        await eachEntry(join(src, store), async (key, value) => {
          const add = fresh.get(key);
          // The first source holding a key supplies it, as the plan chose.
          if (add?.from === src) await put(key, value);
        });
    });
    await rename(`${file}.tmp`, file);
  }
  return { added, already };
}
