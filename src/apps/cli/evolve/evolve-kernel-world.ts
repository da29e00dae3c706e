// `skillops evolve --runner kernel --world examples/kernels/world.yml`: a kernel world's run. The
// simulated endpoint plays the agent (it writes ModelNew from the world's candidate solutions,
// src/sim/endpoint/kernel-agent.ts), the reference agent talks to it over HTTP with the real OpenAI
// client, and our Python harness judges every solution for real (the kernel runner). The evolve
// roles are the world's in-process ones. Everything but the harness's figures is simulated.
import type { Nogood } from "../../../records/nogood.js";
import type { Config } from "../../../core/config/config.js";
import type { EvolveResult } from "../../../core/evolve/run.js";
import type { RunConfig } from "../../../records/run-record.js";
import { withSimulatedModel } from "../../../sim/endpoint/simulated-model.js";
import { runSimulatedEvolution, type SimDeps } from "../../../sim/run.js";
import type { World } from "../../../sim/world.js";
import { UsageError, type CliIo } from "../context.js";
import { chooseRunner } from "./runner-choice.js";

/** Which runner a world's run uses: a kernel world needs `--runner kernel`, and only it takes one. */
export function checkWorldRunner(world: World, runner: string | undefined, file: string): boolean {
  if (world.kernel && runner !== "kernel")
    throw new UsageError(
      `--world ${file} is a kernel world (its answers are judged by the harness): run it with --runner kernel`,
    );
  if (runner !== undefined && runner !== "kernel")
    throw new UsageError(
      `--runner ${runner} does not apply to a simulated world: its agent is simulated (only --runner kernel, with a kernel world)`,
    );
  if (runner === "kernel" && !world.kernel)
    throw new UsageError(
      `--runner kernel needs a kernel world (one with a \`kernel\` section, like examples/kernels/world.yml); ${file} has none`,
    );
  return runner === "kernel";
}

export async function runKernelWorld(
  io: CliIo,
  world: World,
  config: Config,
  run: RunConfig,
  deps: SimDeps,
  nogoods: readonly Nogood[] = [],
): Promise<EvolveResult> {
  return withSimulatedModel((model) => {
    // The reference agent writes ModelNew here, whatever evaluate.kernel.agent says: the world is its model.
    const kernelConfig: Config = {
      ...config,
      evaluate: { ...config.evaluate, kernel: { ...config.evaluate.kernel, agent: "reference" } },
    };
    const runner = chooseRunner("kernel", { config: kernelConfig, io, model: () => model });
    return runSimulatedEvolution(world, run, { ...deps, ledger: model.ledger }, nogoods, runner);
  }, world);
}
