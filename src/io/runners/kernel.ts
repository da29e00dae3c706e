// The `kernel` runner: an agent (any other Runner) answers a KernelBench-format task with ModelNew
// source; our Python harness then checks it against the case's reference (torch.allclose over fresh
// inputs) and, on a GPU, times both. The output is the harness's KernelResult, which the `kernel`
// rubric item scores against the case's threshold. docs/kernel.md.
import { extractSolution } from "../kernel/extract-solution.js";
import { describeKernelResult, type KernelResult } from "../../records/kernel-result.js";
import { NoTorchError, resolvePython } from "../kernel/python.js";
import { runHarness, type HarnessOptions } from "../kernel/run-harness.js";
import type { EvaluateConfig } from "../../core/config/config.js";
import { SystemicError } from "../../core/llm/model.js";
import type { RunInput, RunResult, Runner } from "../../core/evaluate/runner.js";
import type { SimulatedSpeedup } from "../../core/evaluate/kernel-score.js";

export interface KernelRunnerOptions extends Omit<HarnessOptions, "python"> {
  /** Who writes ModelNew: the reference agent, the user's command agent, or a fixed answer in tests. */
  agent: Runner;
  /** Interpreter with torch; default SKILLOPS_PYTHON, else the first of /usr/bin/python3, python3 that imports torch. */
  python?: string;
  /** Name of the case file holding the task (Model, get_inputs, get_init_inputs). */
  referenceFile?: string;
  /** A simulated world's speedups (src/sim/kernel-speedup.ts): a correct answer's reward is its figure, not the clock's. */
  simulatedSpeedup?: SimulatedSpeedup;
}

/** The runner's options from `.github/skillops.yml` (`evaluate.kernel`, plus the shared timeout and output cap). */
export function kernelRunnerOptions(ev: EvaluateConfig): Omit<KernelRunnerOptions, "agent" | "containment"> {
  const k = ev.kernel;
  return {
    device: k.device,
    referenceFile: k.referenceFile,
    trials: k.trials,
    warmup: k.warmup,
    iters: k.iters,
    timeoutMs: ev.timeoutMs,
    maxOutputBytes: ev.maxOutputBytes,
    ...(k.python ? { python: k.python } : {}),
    ...(k.tolerance !== undefined ? { tolerance: k.tolerance } : {}),
  };
}

export function createKernelRunner(opts: KernelRunnerOptions): Runner {
  const { agent, referenceFile = "reference.py", python: pythonOption, simulatedSpeedup, ...harness } = opts;
  let python: string | undefined;
  const interpreter = (): string => {
    if (python) return python;
    try {
      python = resolvePython(pythonOption).python;
      return python;
    } catch (err) {
      if (err instanceof NoTorchError) throw new SystemicError(err.message, "config");
      throw err;
    }
  };
  const settings = {
    device: harness.device ?? "auto",
    trials: harness.trials ?? 5,
    iters: harness.iters ?? 100,
    tolerance: harness.tolerance ?? null,
    timing: harness.timing ?? true,
  };
  return {
    name: "kernel",
    settingsKey: `kernel:${JSON.stringify(settings)}:${agent.settingsKey}${simulatedSpeedup ? `:simulated-speedup:${simulatedSpeedup.key}` : ""}`,
    async run(input: RunInput): Promise<RunResult> {
      const reference = input.files[referenceFile];
      if (reference === undefined) {
        return {
          output: null,
          trace: [],
          usage: { input: 0, output: 0, cached: 0 },
          error: `kernel case ${input.case.id} has no ${referenceFile} among its files`,
        };
      }
      const python = interpreter();
      const answer = await agent.run(input);
      if (answer.error) return answer;
      const solution = extractSolution(answer.output);
      if (!solution.ok) return { ...answer, output: null, error: solution.reason };
      const result = await runHarness(reference, solution.source, { ...harness, python });
      if (!simulatedSpeedup) return toRunResult(answer, result);
      const speedup = simulatedSpeedup.of(input.case.id, solution.source);
      return toRunResult(answer, withSimulatedSpeedup(result, speedup));
    },
  };
}

function toRunResult(answer: RunResult, result: KernelResult): RunResult {
  const trace = [
    ...answer.trace,
    { type: "note" as const, text: `kernel harness: ${describeKernelResult(result)}` },
  ];
  const base: RunResult = { output: result, trace, usage: answer.usage };
  // A wrong answer is a scored result (reward 0); a crash or a broken task is a failed run.
  if (
    result.status === "solution-error" ||
    result.status === "reference-error" ||
    result.status === "harness-error"
  ) {
    return {
      ...base,
      error: `kernel ${result.status} at ${result.stage ?? "?"}: ${result.error ?? "no message"}`,
    };
  }
  return base;
}

/** The verdict marked simulated; a correct one's reward is the world's speedup (the harness still judged correctness). */
function withSimulatedSpeedup(result: KernelResult, speedup: number | undefined): KernelResult {
  if (result.status !== "correct" || !result.correct || speedup === undefined)
    return { ...result, simulated: true };
  return {
    ...result,
    simulated: true,
    simulatedSpeedup: speedup,
    reward: speedup,
    rewardBasis: "correctness x simulated speedup (the simulated world's figure; the clock is not used)",
  };
}
