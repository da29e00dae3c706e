// How one `skillops evolve` job takes part in a run spread over jobs (docs/workflows.md "Sharded
// evaluation" and "Runs that outlive a job"). Three modes:
// - single (evolve.shards 1): the whole run here, handed to a continuation at the job budget;
// - step (--shards N > 1): also stops at each measurement whose executions are not at hand, and
//   writes it to <out>/pending.json for N shard jobs;
// - shard (--shard i/N): evaluates its slice of the cases of the measurement in <out>/pending.json
//   into --shard-out (evolve-shard.ts), from that file alone: no role is asked, nothing replayed.
// Executions the shards made are read through the cache's `claim` (<out>/shard-cache, merged with
// `skillops cache merge`), so they count as this run's own, exactly as in one long job.
import { join, resolve } from "node:path";
import { readFile, rm, writeFile } from "node:fs/promises";
import type { Config } from "../../../core/config/config.js";
import type { EvalCache } from "../../../core/evaluate/cache.js";
import { formatShard, type Shard } from "../../../core/evaluate/shard.js";
import { shardFlag } from "../shard-flag.js";
import type { Checkpoint } from "../../../core/evolve/checkpoint.js";
import type { FanOut, PlannedMeasurement } from "../../../core/evolve/fan-out.js";
import { createDiskCache, createDiskMemo, createDiskProxyStore } from "../../../io/cache/cache-store.js";
import type { Reuse } from "./runner-choice.js";
import type { Closable, LogStore } from "../../../io/cache/log-store.js";
import { UsageError, type CliIo } from "../context.js";
import { num, type EvolveFlags } from "./evolve-flags.js";
import { PENDING_FILE, pendingOf, writePending, type Pending } from "./pending-file.js";

export const SERVED_FILE = "served.json";
export const CONTINUATION_FILE = "continuation.json";
/** Executions this run's shards made and it has not read yet (the target of `cache merge`). */
export const SHARD_CACHE = "shard-cache";

export type ScaleMode =
  | { kind: "single"; jobBudgetMinutes: number }
  | { kind: "step"; shards: number; jobBudgetMinutes: number }
  | { kind: "shard"; shard: Shard; shardOut: string };

/** The mode the flags and the config ask for; contradictions are usage errors. */
export function scaleMode(io: CliIo, f: EvolveFlags, config: Config): ScaleMode {
  if (f.shard !== undefined) {
    const shard = shardFlag(f.shard);
    if (!f.shardOut) throw new UsageError("--shard needs --shard-out DIR, the cache folder the shard writes");
    for (const [flag, set] of [
      ["--fresh", f.fresh],
      ["--git", f.git],
      ["--github", f.github],
    ] as const)
      if (set)
        throw new UsageError(
          `--shard evaluates the measurement pending in --out and writes only --shard-out: drop ${flag}`,
        );
    return { kind: "shard", shard, shardOut: resolve(io.cwd, f.shardOut) };
  }
  if (f.shardOut)
    throw new UsageError("--shard-out is the folder a shard job writes: pass it with --shard i/N");
  const shards = num("shards", f.shards, { int: true, min: 1, max: 256 }) ?? config.evolve.shards;
  const jobBudgetMinutes =
    num("job-budget-minutes", f.jobBudgetMinutes, { min: 0 }) ?? config.evolve.jobBudgetMinutes;
  return shards > 1 ? { kind: "step", shards, jobBudgetMinutes } : { kind: "single", jobBudgetMinutes };
}

async function readServed(out: string): Promise<string[]> {
  const text = await readFile(join(out, SERVED_FILE), "utf8").catch(() => undefined);
  return text === undefined ? [] : (JSON.parse(text) as string[]);
}

/**
 * `--continue RUN` and `--shard` work on one run's files: a checkpoint or pending measurement of
 * another run is refused before anything is written.
 */
export function checkSameRun(
  f: EvolveFlags,
  mode: ScaleMode,
  found: { checkpoint?: Checkpoint; pending?: Pending; continuation?: { runId: string } },
): void {
  const inOut = found.checkpoint?.state.runId ?? found.pending?.runId;
  if (f.continue !== undefined) {
    if (f.fresh) throw new UsageError("--continue resumes the run in --out; --fresh would discard it");
    if (inOut === undefined)
      throw new UsageError(
        `--continue ${f.continue}: --out ${f.out} holds no checkpoint or pending measurement`,
      );
    if (inOut !== f.continue)
      throw new UsageError(
        `--continue ${f.continue}: the checkpoint in --out ${f.out} is from run ${inOut}, another run; nothing was changed`,
      );
  }
  if (mode.kind !== "shard") return;
  const p = found.pending;
  if (!p) throw new UsageError(`--shard: --out ${f.out} holds no pending measurement (${PENDING_FILE})`);
  // Before the baseline is measured there is no checkpoint yet: the hand-over names the run.
  const [file, run] = found.checkpoint
    ? ["the checkpoint", found.checkpoint.state.runId]
    : [CONTINUATION_FILE, found.continuation?.runId];
  if (run !== undefined && run !== p.runId)
    throw new UsageError(`--shard: ${PENDING_FILE} is from run ${p.runId} but ${file} from run ${run}`);
  if (p.shards !== mode.shard.count)
    throw new UsageError(
      `--shard ${formatShard(mode.shard)}: the pending measurement was handed to ${p.shards} shards`,
    );
}

/** Reading from each store in turn; writing to `own` (a shard's own folder, or the run's). */
function layered<T>(read: readonly LogStore<T>[], own: LogStore<T>): LogStore<T> {
  return {
    async get(key) {
      for (const store of read) {
        const hit = await store.get(key);
        if (hit !== undefined) return hit;
      }
      return undefined;
    },
    put: (key, value) => own.put(key, value),
    close: () => closeAll([...read, own]),
  };
}

/** Closes each store once (`own` is often one of the read stores). */
async function closeAll(stores: readonly Closable[]): Promise<void> {
  await Promise.all([...new Set(stores)].map((s) => s.close()));
}

/** The run's execution cache, with the shards' executions to claim; a shard writes only its own folder. */
export function scaleCache(out: string, mode: ScaleMode): EvalCache & Closable {
  const main = createDiskCache(join(out, "cache"));
  const shards = createDiskCache(join(out, SHARD_CACHE));
  const own = mode.kind === "shard" ? createDiskCache(mode.shardOut) : main;
  const store = mode.kind === "shard" ? layered([main, own], own) : main;
  return {
    get: (k) => store.get(k),
    put: (k, v) => store.put(k, v),
    claim: (k) => shards.get(k),
    close: () => closeAll([main, shards, own]),
  };
}

/**
 * The stores of reused model calls: read from the run's and from those the shards' executions left
 * (merged into <out>/shard-cache), so a child's run reuses its parent's calls wherever the parent
 * ran, as in one job; written to the run's, or by a shard to its own folder.
 */
export function scaleReuse(out: string, mode: ScaleMode): Reuse & Closable {
  const stores = <T>(make: (dir: string) => LogStore<T>, sub: string) => {
    const read = [make(join(out, "cache", sub)), make(join(out, SHARD_CACHE, sub))];
    const own = mode.kind === "shard" ? make(join(mode.shardOut, sub)) : read[0]!;
    return layered(mode.kind === "shard" ? [...read, own] : read, own);
  };
  const memo = stores(createDiskMemo, "memo");
  const proxy = stores(createDiskProxyStore, "proxy");
  return { memo, proxy, close: () => closeAll([memo, proxy]) };
}

/** The step job stopped before a measurement and handed it to its shards. */
export class MeasurementHandedOut extends Error {
  constructor(readonly pending: Pending) {
    super(`measurement ${pending.measurement.slice(0, 12)} handed to ${pending.shards} shards`);
  }
}

async function allAtHand(m: PlannedMeasurement, cache: EvalCache): Promise<boolean> {
  for (const key of await m.keys())
    if ((await cache.get(key)) === undefined && (await cache.claim?.(key)) === undefined) return false;
  return true;
}

/**
 * Step mode: a measurement the shards already served, or whose every run is at hand, is measured
 * here; any other stops the run before it. A served one whose early stop left runs out runs them here.
 * `pending` is <out>/pending.json as the job read it at the start (evolve.ts runFiles).
 */
export async function stepFanOut(
  out: string,
  shards: number,
  cache: EvalCache,
  pending: Pending | undefined,
): Promise<FanOut> {
  const served = new Set(await readServed(out));
  if (pending) {
    served.add(pending.measurement);
    await writeFile(join(out, SERVED_FILE), `${JSON.stringify([...served])}\n`);
    await rm(join(out, PENDING_FILE));
  }
  return {
    async before(m) {
      if (served.has(m.id) || (await allAtHand(m, cache))) return;
      const p = pendingOf(await m.spec(), { runId: m.runId, afterIteration: m.t, measurement: m.id, shards });
      await writePending(out, p);
      throw new MeasurementHandedOut(p);
    },
  };
}
