// How a `skillops evolve` job that does not finish its run ends (evolve-scale.ts has the modes): at
// the job budget or before a measurement handed to shards it writes <out>/continuation.json and exits
// 3, for a continuation job (`--continue RUN`) to resume (a shard job's end is evolve-shard.ts's).
// The workflow reads the exit status and the file (docs/workflows.md).
import { join } from "node:path";
import { rm, writeFile } from "node:fs/promises";
import { z } from "zod";
import { JobBudgetReached } from "../../../core/evolve/job-budget.js";
import { moveOwnSegments } from "../../../io/cache/log-store.js";
import { formatBytes, readJsonFile } from "../../../io/fsio/read-json-file.js";
import type { CliIo } from "../context.js";
import { CONTINUATION_FILE, MeasurementHandedOut, SERVED_FILE, SHARD_CACHE } from "./evolve-scale.js";
import { PENDING_FILE } from "./pending-file.js";

/** Exit status of a job that hands its run on. */
export const EXIT_CONTINUE = 3;

export const Continuation = z.strictObject({
  runId: z.string(),
  reason: z.enum(["job-budget", "evaluate"]),
  /** Jobs this run has taken so far, this one included. */
  part: z.number().int().min(1),
  /** The last iteration the checkpoint holds. */
  afterIteration: z.number().int().nonnegative(),
  /** Jobs the whole run will likely take, from the iterations per job so far (the dashboard's "run 2 of ~N"). */
  estimatedParts: z.number().int().min(1),
  /** With reason evaluate: the measurement waiting in pending.json and how many shards evaluate it. */
  measurement: z.string().optional(),
  shards: z.number().int().optional(),
});
export type Continuation = z.infer<typeof Continuation>;

/** Over this, continuation.json is refused unread: the real one is a few hundred bytes. */
export const CONTINUATION_MAX_BYTES = 64 * 1024;

/** continuation.json is there but torn, not JSON, or not a continuation; the file is left as it is. */
export class ContinuationFileError extends Error {}

/**
 * The continuation file of the job before this one, if this job continues a run (absent: none). A
 * file that cannot be read as one throws ContinuationFileError, saying which and why: the caller
 * decides whether the run can go on without it (its checkpoint holds the run; the file only counts parts).
 */
export async function readContinuation(out: string): Promise<Continuation | undefined> {
  const path = join(out, CONTINUATION_FILE);
  const read = await readJsonFile(path, Continuation, CONTINUATION_MAX_BYTES);
  if (read.kind === "absent") return undefined;
  if (read.kind === "read") return read.value;
  throw new ContinuationFileError(
    read.kind === "too large"
      ? `${path} is ${formatBytes(read.size)}, over the ${formatBytes(read.cap)} cap for a continuation; it was not read`
      : read.kind === "not JSON"
        ? `${path} is not JSON, torn or edited (${read.problem})`
        : `${path} is not a continuation: ${read.problem}`,
  );
}

/** This part plus the iterations left at the pace so far (at least one more job). */
export function estimatedParts(part: number, t: number, maxIterations: number): number {
  const perPart = Math.max(t, 1) / part;
  return part + Math.max(1, Math.ceil(Math.max(0, maxIterations - t) / perPart));
}

/** A finished run (or --fresh) leaves no hand-over files behind. */
export async function clearHandOver(out: string): Promise<void> {
  for (const name of [CONTINUATION_FILE, PENDING_FILE, SERVED_FILE])
    await rm(join(out, name), { force: true });
}

interface HandOverContext {
  io: CliIo;
  maxIterations: number;
  out: string;
  /** --out as given, for messages. */
  shown: string;
  json: boolean;
  /** The continuation file found when this job started. */
  before: Continuation | undefined;
}

/** The exit status for a hand-over, or undefined when `e` is none (the caller rethrows). */
export async function handOver(h: HandOverContext, e: unknown): Promise<number | undefined> {
  const part = (h.before?.part ?? 0) + 1;
  const estimate = (t: number) => estimatedParts(part, t, h.maxIterations);
  let next: Continuation;
  if (e instanceof JobBudgetReached)
    next = { runId: e.runId, reason: "job-budget", part, afterIteration: e.t, estimatedParts: estimate(e.t) };
  else if (e instanceof MeasurementHandedOut) {
    // This job's executions of the unfinished iteration are the run's, not yet read by its state:
    // the continuation claims them as the shards' (so each is counted once, as in one job).
    await moveOwnSegments(join(h.out, "cache"), join(h.out, SHARD_CACHE));
    const { runId, measurement, shards, afterIteration } = e.pending;
    next = {
      runId,
      reason: "evaluate",
      part,
      afterIteration,
      estimatedParts: estimate(afterIteration),
      measurement,
      shards,
    };
  } else return undefined;
  await writeFile(join(h.out, CONTINUATION_FILE), `${JSON.stringify(next, null, 2)}\n`);
  const why =
    next.reason === "job-budget"
      ? `the job's time budget is reached after iteration ${next.afterIteration}`
      : `a measurement of ${e instanceof MeasurementHandedOut ? e.pending.cases.length : 0} case(s) waits for ${next.shards} shard jobs (${join(h.shown, PENDING_FILE)})`;
  h.io.stderr(
    `run ${next.runId}, part ${part}: ${why}; continuing: skillops evolve … --out ${h.shown} --continue ${next.runId}\n`,
  );
  if (h.json) h.io.stdout(`${JSON.stringify({ outcome: "continue", ...next }, null, 2)}\n`);
  return EXIT_CONTINUE;
}
