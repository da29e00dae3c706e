// `skillops evolve --world FILE` (or `--model sim` over a bank): a simulated world's run on the
// production path, as the demo runs it. The simulated endpoint is served in process over HTTP and
// plays the agent, the judge and every role; the engine reaches it through the real `openai` client
// (src/sim/endpoint/). A kernel world (`--runner kernel`) has the reference agent write ModelNew
// from the world's candidate solutions and our Python harness judge every solution for real.
// Everything but the harness's figures is simulated.
import type { Nogood } from "../../../records/nogood.js";
import type { Config } from "../../../core/config/config.js";
import { runEvolution, type EvolveResult } from "../../../core/evolve/run.js";
import type { RunConfig } from "../../../records/run-record.js";
import { withSimulatedModel } from "../../../sim/endpoint/simulated-model.js";
import { worldRunInputs } from "./world-run-inputs.js";
import type { World } from "../../../sim/world.js";
import { UsageError, type CliIo } from "../context.js";
import type { SharedDeps } from "./shared-deps.js";
import { modelDeps } from "./model-deps.js";
import { chooseRunner, type Reuse } from "./runner-choice.js";
import type { OpenAIModel } from "../../../io/llm/openai.js";
import type { Runner } from "../../../core/evaluate/runner.js";
import { simulatedSpeedupOf } from "../../../sim/kernel-speedup.js";

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

/** `kernel`: the kernel runner around the reference agent; else the reference agent alone. */
export function worldRunner(
  io: CliIo,
  world: World,
  config: Config,
  model: OpenAIModel,
  reuse: Reuse | undefined,
  kernel: boolean,
): Runner {
  // The reference agent writes ModelNew, whatever evaluate.kernel.agent says: the world is its model.
  const runnerConfig: Config = kernel
    ? {
        ...config,
        evaluate: { ...config.evaluate, kernel: { ...config.evaluate.kernel, agent: "reference" } },
      }
    : config;
  return chooseRunner(kernel ? "kernel" : "reference", {
    config: runnerConfig,
    io,
    model: () => model,
    reuse,
    simulatedSpeedup: simulatedSpeedupOf(world.kernel),
  });
}

export async function runWorld(
  io: CliIo,
  world: World,
  config: Config,
  run: RunConfig,
  deps: SharedDeps,
  nogoods: readonly Nogood[],
  kernel: boolean,
): Promise<EvolveResult> {
  return withSimulatedModel((model) => {
    const { reuse, ...shared } = deps;
    const runner = worldRunner(io, world, config, model, reuse, kernel);
    const { inputs, heldOut } = worldRunInputs(world, run, nogoods);
    return runEvolution(inputs, { ...shared, ...modelDeps(model, run, false), runner }, { heldOut });
  }, world);
}
