// A whole evolution run on a simulated world in process, for the fast engine tests and the benches:
// the model-free agent (agent.ts) and roles (roles.ts) stand in for the model, so no endpoint is
// started. The product runs a world through the simulated endpoint instead (src/apps/cli/evolve/evolve-world.ts).
import type { Nogood } from "../../../src/records/nogood.js";
import type { EvolveDeps, EvolveInputs } from "../../../src/core/evolve/context.js";
import { runEvolution, type EvolveResult } from "../../../src/core/evolve/run.js";
import type { RunConfig } from "../../../src/records/run-record.js";
import { worldRunInputs } from "../../../src/apps/cli/evolve/world-run-inputs.js";
import type { World } from "../../../src/sim/world.js";
import { createSimAgent } from "./agent.js";
import { createSimRoles, type SimRoleOptions } from "./roles.js";

export type SimDeps = Omit<EvolveDeps, "roles" | "runner">;

export async function runSimulatedEvolution(
  world: World,
  config: RunConfig,
  deps: SimDeps,
  nogoods: readonly Nogood[] = [],
  /** The agent; default the world's model-free one. */
  runner: EvolveDeps["runner"] = createSimAgent(world),
  roleOptions: SimRoleOptions = {},
): Promise<EvolveResult & { inputs: EvolveInputs }> {
  const { inputs, heldOut } = worldRunInputs(world, config, nogoods);
  const result = await runEvolution(
    inputs,
    { ...deps, roles: createSimRoles(world, roleOptions), runner },
    { heldOut },
  );
  return { ...result, inputs };
}
