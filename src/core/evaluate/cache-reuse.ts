// Does a run start warm? A layer over the execution cache that tells hits on what an earlier run or
// job stored from hits on what this process stored, and says why each execution that ran found
// nothing. The store holds only hashed keys, so beside each execution it keeps three markers (this
// runner has runs, this case with this runner, these skills with this runner): on a miss, the first
// absent marker is the reason. Markers are ordinary entries, so they merge, shard and travel with the
// cache (actions/cache) like the executions they describe.
import type { CacheReuse, ColdReason } from "../../records/cache-reuse.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { CACHE_KEY_VERSION, type CacheKeyInput, type EvalCache } from "./cache.js";
import type { RunResult } from "./runner.js";

const MARKER: RunResult = { output: null, trace: [], usage: { input: 0, output: 0, cached: 0 } };

/** The marker keys of one execution's key parts, most general first. */
function markersOf(input: CacheKeyInput): { reason: ColdReason; key: string }[] {
  const mark = (what: string, part: unknown) =>
    sha256Hex(canonicalJson({ marker: what, settings: input.settingsKey, part }));
  // In the order shown, as the execution's key has them (cache.ts).
  const skills = input.skills.map((s) => [s.name, s.source]);
  const files = input.files ?? {};
  const kase = { id: input.case.id, prompt: input.case.task.prompt, files };
  return [
    // A store written under another key form holds nothing this run can use: it reads as cold.
    { reason: "cold-cache", key: sha256Hex(canonicalJson({ marker: "any", v: CACHE_KEY_VERSION })) },
    { reason: "changed-runner", key: mark("runner", null) },
    { reason: "new-case", key: mark("case", kase) },
    { reason: "new-skills", key: mark("skills", { kase, skills }) },
  ];
}

/**
 * The first marker the store lacks names the reason. The runs of a case and skills this process
 * already ran for share the reason of its first run (run index 1 is not "more runs" of run 0).
 */
async function coldReason(
  markers: readonly { reason: ColdReason; key: string }[],
  made: ReadonlyMap<string, ColdReason>,
  inner: EvalCache,
): Promise<ColdReason> {
  const first = made.get(markers[markers.length - 1]!.key);
  if (first) return first;
  for (const m of markers) if (!made.has(m.key) && (await inner.get(m.key)) === undefined) return m.reason;
  return "more-runs";
}

export interface ReuseTracker {
  cache: EvalCache;
  tally(): CacheReuse;
}

/** Wraps `inner`; what passes through the returned cache is counted in `tally()`. */
export function trackReuse(inner: EvalCache): ReuseTracker {
  const storedHere = new Set<string>();
  /** Markers this process wrote, with the reason of the execution that wrote them. */
  const made = new Map<string, ColdReason>();
  const reuse: CacheReuse = { warm: 0, repeated: 0, ran: {} };
  const cache: EvalCache = {
    get: (key) => inner.get(key),
    put: async (key, value) => {
      storedHere.add(key);
      await inner.put(key, value);
    },
    ...(inner.claim ? { claim: (key: string) => inner.claim!(key) } : {}),
    async seen(key, input, how) {
      if (how === "hit") {
        if (storedHere.has(key)) reuse.repeated++;
        else reuse.warm++;
        return;
      }
      const markers = markersOf(input);
      const reason = await coldReason(markers, made, inner);
      reuse.ran[reason] = (reuse.ran[reason] ?? 0) + 1;
      // Only what was stored is held: a transient failure or a refusal leaves no marker.
      if (!storedHere.has(key)) return;
      for (const m of markers)
        if (!made.has(m.key)) {
          made.set(m.key, reason);
          await inner.put(m.key, MARKER);
        }
    },
  };
  return { cache, tally: () => ({ ...reuse, ran: { ...reuse.ran } }) };
}
