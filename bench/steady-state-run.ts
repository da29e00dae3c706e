// One evolve run of a simulated world on the production path of `skillops evolve --world`: the
// simulated endpoint over HTTP, the model named by the world's model identity, the reference runner
// and the roles as the CLI builds them (worldRunner, modelDeps, worldRunInputs), runEvolution. With
// `stores` the run keeps its execution cache and model-call memo there (what the workflow's cache
// carries from run to run); without, and with `naive`, it is naive evaluation: no savings, no memo,
// no cache. Tokens are what the endpoint answered. EVERY FIGURE IS SIMULATED.
import { EvolveConfig } from "../src/core/config/config.js";
import { createMemoryCache, type EvalCache } from "../src/core/evaluate/cache.js";
import { createMemoryMemo, type ModelMemoStore } from "../src/core/evaluate/model-memo.js";
import { runConfigOf, runEvolution, type EvolveResult } from "../src/core/evolve/run.js";
import type { SpendEvent } from "../src/core/evolve/spend-phase.js";
import { worldRunner } from "../src/apps/cli/evolve/evolve-world.js";
import { modelDeps } from "../src/apps/cli/evolve/model-deps.js";
import { worldRunInputs } from "../src/apps/cli/evolve/world-run-inputs.js";
import type { ProxyEntry } from "../src/io/runners/model-proxy.js";
import { startSimEndpoint } from "../src/sim/endpoint/server.js";
import { simulatedModelOn } from "../src/sim/endpoint/simulated-model.js";
import type { World } from "../src/sim/world.js";
import { fixedClock } from "../src/vocabulary/clock.js";
import { QUIET_IO, UNSANDBOXED } from "../test/support/world-run.js";

const CLOCK = fixedClock("2026-12-07T00:00:00Z");

/** What the workflow's cache keeps between runs: the execution cache and the model-call memo. */
export interface Stores {
  cache: EvalCache;
  memo: ModelMemoStore;
}

export function newStores(): Stores {
  return { cache: createMemoryCache(), memo: createMemoryMemo() };
}

export interface SteadyRun extends EvolveResult {
  /** Every role's tokens (input + output) the endpoint answered. */
  tokens: number;
  byRole: Record<string, number>;
  spends: SpendEvent[];
}

/** `knobs`: evolve config values beside the seed (EvolveConfig), e.g. `topK`. */
export async function steadyRun(
  world: World,
  knobs: Record<string, unknown>,
  stores?: Stores,
): Promise<SteadyRun> {
  const endpoint = await startSimEndpoint({ world, clock: CLOCK });
  try {
    const model = simulatedModelOn(endpoint.baseURL, world);
    const run = {
      ...runConfigOf(EvolveConfig.parse(knobs)),
      bootstrap: 200,
      ...(stores ? {} : { savings: false, memo: false }),
    };
    // The proxy store serves the command runner only; the reference agent's reuse is the memo.
    const reuse = stores ? { memo: stores.memo, proxy: createMemoryMemo<ProxyEntry>() } : undefined;
    const runner = worldRunner(QUIET_IO, world, UNSANDBOXED, model, reuse, false);
    // The held-out figures (a simulated world's extra) are left out, as bench:lossless leaves them.
    const { inputs } = worldRunInputs(world, run);
    const spends: SpendEvent[] = [];
    const result = await runEvolution(inputs, {
      ...modelDeps(model, run, false),
      runner,
      now: CLOCK,
      ...(stores ? { cache: stores.cache } : {}),
      onSpend: (e) => spends.push(e),
    });
    const byRole: Record<string, number> = {};
    for (const r of endpoint.requests)
      byRole[r.role] = (byRole[r.role] ?? 0) + r.usage.input + r.usage.output;
    const tokens = Object.values(byRole).reduce((s, t) => s + t, 0);
    return { ...result, tokens, byRole, spends };
  } finally {
    await endpoint.close();
  }
}
