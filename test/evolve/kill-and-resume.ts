// The kill-and-resume harness of the resume tests: a run whose agent dies mid-run ("killed", as a
// job timeout would stop it), its last checkpoint kept as the disk would keep it (read back from
// JSON), and the same run resumed from it with the execution cache that survived the kill, as the
// disk cache does. Each test then compares the resumed record with an uninterrupted run's.
import { expect } from "vitest";
import { createMemoryCache, type EvalCache } from "../../src/core/evaluate/cache.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import type { Checkpoint } from "../../src/core/evolve/checkpoint.js";

export interface DyingDeps {
  runner: Runner;
  cache: EvalCache;
  checkpoint: (cp: Checkpoint) => Promise<void>;
}

export async function killAndResume<R>(opts: {
  /** The run's agent, wrapped to die. */
  runner: Runner;
  /** Die at this agent execution (1-based), or at the first one after a checkpoint this accepts. */
  killAt: number | ((cp: Checkpoint) => boolean);
  /** The run to kill, with the dying runner, the cache and the checkpoint sink. */
  start: (deps: DyingDeps) => Promise<unknown>;
  /** The same run again, resumed from the last checkpoint with the cache. */
  resume: (deps: { cache: EvalCache; resume: Checkpoint }) => Promise<R>;
}): Promise<{ last: Checkpoint; resumed: R }> {
  const { killAt } = opts;
  const cache = createMemoryCache();
  let last: Checkpoint | undefined;
  let calls = 0;
  let dying = false;
  const runner: Runner = {
    ...opts.runner,
    run: async (input) => {
      if (++calls === killAt || dying) throw new Error("killed");
      return opts.runner.run(input);
    },
  };
  const checkpoint = async (cp: Checkpoint) => {
    last = JSON.parse(JSON.stringify(cp)) as Checkpoint;
    if (typeof killAt === "function") dying = killAt(cp);
  };
  await expect(opts.start({ runner, cache, checkpoint })).rejects.toThrow("killed");
  expect(last).toBeDefined();
  return { last: last!, resumed: await opts.resume({ cache, resume: structuredClone(last!) }) };
}
