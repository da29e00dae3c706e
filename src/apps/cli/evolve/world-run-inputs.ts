// The engine's inputs for a run on a simulated world (labelled simulated), built from the world's
// bank, cases and hashes (sim/world-inputs.ts); the held-out cases stay outside the run.
import type { Case } from "../../../records/case.js";
import type { EvolveInputs } from "../../../core/evolve/context.js";
import type { Nogood } from "../../../records/nogood.js";
import type { RunConfig } from "../../../records/run-record.js";
import { type World } from "../../../sim/world.js";
import { worldInputs, worldHashes } from "../../../sim/world-inputs.js";

/** A run on the world: the engine's inputs (labelled simulated) and the held-out cases it never sees. */
export function worldRunInputs(
  world: World,
  config: RunConfig,
  nogoods: readonly Nogood[] = [],
): { inputs: EvolveInputs; heldOut: Case[] } {
  const w = worldInputs(world);
  const inputs: EvolveInputs = {
    bank: w.bank,
    cases: w.cases,
    pool: w.pool,
    categories: world.categories,
    config,
    simulated: true,
    inputs: worldHashes(world, w),
    ...(nogoods.length > 0 ? { nogoods } : {}),
  };
  return { inputs, heldOut: w.heldOut };
}
