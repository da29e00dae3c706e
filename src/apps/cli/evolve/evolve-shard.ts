// `skillops evolve --shard i/N --shard-out DIR` (docs/workflows.md "Sharded evaluation"): evaluates
// this shard's slice of the measurement in <out>/pending.json into DIR and exits 0. It reads the
// candidate, the cases and the runs from that file (pending-file.ts) and builds only the runner
// (and the judge and command scorer that score its runs): no role model is asked anything and the
// run is not replayed, so a model that answers differently in each job cannot lead a shard astray.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import pLimit from "p-limit";
import type { Config } from "../../../core/config/config.js";
import type { EvalCache } from "../../../core/evaluate/cache.js";
import { formatShard, inShard } from "../../../core/evaluate/shard.js";
import { evaluateSlice, SpecMismatch, type SliceDeps } from "../../../core/evolve/shard-slice.js";
import { createOpenAIModel } from "../../../io/llm/openai.js";
import { withSimulatedModel } from "../../../sim/endpoint/simulated-model.js";
import type { RunConfig } from "../../../records/run-record.js";
import type { CliIo } from "../context.js";
import type { EvolveFlags } from "./evolve-flags.js";
import { commandScorer, runnerKind, simulatedWorld } from "./evolve-inputs.js";
import { scaleCache, scaleReuse, type ScaleMode } from "./evolve-scale.js";
import { worldRunner } from "./evolve-world.js";
import { chooseRunner, type Reuse } from "./runner-choice.js";
import { caseRoots } from "./case-roots.js";
import { PENDING_FILE, PendingFileError, specOf, type Pending } from "./pending-file.js";

interface ShardJob {
  out: string;
  mode: Extract<ScaleMode, { kind: "shard" }>;
  pending: Pending;
  simulated: boolean;
  concurrency: number;
  /** The run's settings: its seed (a world generated over --bank) and whether it reuses model calls. */
  run: Pick<RunConfig, "seed" | "memo">;
}

export async function runShard(io: CliIo, f: EvolveFlags, config: Config, job: ShardJob): Promise<number> {
  const { out, mode } = job;
  const pool = pLimit(job.concurrency);
  const reuse = job.run.memo !== false ? scaleReuse(out, mode) : undefined;
  const cache = scaleCache(out, mode);
  try {
    return await shardSlice(io, f, config, job, { reuse, cache, pool });
  } finally {
    await Promise.all([cache.close(), reuse?.close()]);
  }
}

/** The shard's slice, evaluated through the stores runShard opened (and closes). */
async function shardSlice(
  io: CliIo,
  f: EvolveFlags,
  config: Config,
  job: ShardJob,
  stores: { reuse: Reuse | undefined; cache: EvalCache; pool: ReturnType<typeof pLimit> },
): Promise<number> {
  const { mode, pending } = job;
  const spec = specOf(pending);
  const { reuse, cache, pool } = stores;
  const base = {
    cache,
    limit: <T>(fn: () => Promise<T>) => pool(fn),
    parallel: job.concurrency,
  };
  const slice = (deps: Omit<SliceDeps, keyof typeof base>) =>
    evaluateSlice(spec, (id) => inShard(id, mode.shard), { ...base, ...deps }).catch((e: unknown) => {
      if (!(e instanceof SpecMismatch)) throw e;
      throw new PendingFileError(`${join(f.out, PENDING_FILE)}: ${e.message}; nothing was evaluated`);
    });
  let done: { mine: number; of: number };
  if (job.simulated) {
    const { world, kernel } = await simulatedWorld(io, f, job.run.seed);
    done = await withSimulatedModel(
      (model) => slice({ runner: worldRunner(io, world, config, model, reuse, kernel), judge: model }),
      world,
    );
  } else {
    const m = createOpenAIModel(config.models, { env: io.env });
    const runner = chooseRunner(runnerKind(f, config), { config, io, model: () => m, reuse });
    done = await slice({
      runner,
      judge: m,
      runCommand: commandScorer(io, config, caseRoots(io, f, config, pending.accepted)),
    });
  }
  // The folder exists even when none of the measurement's cases fell to this shard (a small one,
  // such as a site check of 2 cases), since the merge step lists every shard's folder. Only now: a
  // pending file refused above leaves nothing behind.
  await mkdir(mode.shardOut, { recursive: true });
  io.stderr(
    `shard ${formatShard(mode.shard)}: evaluated ${done.mine} of the pending measurement's ${done.of} case(s) into ${mode.shardOut}\n`,
  );
  return 0;
}
