// Which agent runner a command uses: `reference` (the built-in agent), `command` (the user's own
// agent), `kernel` (our harness around either), or a preset for an agent teams deploy
// (`claude-code`, `codex`, `agents-sdk`; docs/agents.md). Shared by `eval` and `evolve`.
import type { Config } from "../../../core/config/config.js";
import type { Runner } from "../../../core/evaluate/runner.js";
import { createCommandRunner } from "../../../io/runners/command.js";
import { createAgentRunner } from "../../../io/runners/agent-runner.js";
import { AGENT_PRESETS, type AgentPresetName } from "../../../io/runners/agent-preset.js";
import { presetFor } from "../../../io/runners/agents-sdk-script.js";
import { CommandLineError, splitCommandLine } from "../../../io/runners/command-line.js";
import { createKernelRunner, kernelRunnerOptions } from "../../../io/runners/kernel.js";
import type { SimulatedSpeedup } from "../../../core/evaluate/kernel-score.js";
import { createReferenceRunner } from "../../../io/runners/reference.js";
import type { ModelMemoStore } from "../../../core/evaluate/model-memo.js";
import type { ProxyStore } from "../../../io/runners/model-proxy.js";
import type { OpenAIModel } from "../../../io/llm/openai.js";
import { rateGateFor } from "../../../io/llm/rate-gate.js";
import { containmentOf } from "../../../core/sandbox/containment.js";
import { UsageError, type CliIo } from "../context.js";

export interface RunnerChoice {
  /** `--agent-cmd 'CMD ARGS'`, overriding `evaluate.agentCommand`. */
  agentCmd?: string | undefined;
  config: Config;
  io: CliIo;
  /** The model, created only when the reference agent needs it (so `command` needs no API key). */
  model: () => OpenAIModel;
  /** Model-call reuse (evolve only; absent = none, the proxy still counts tokens). */
  reuse?: Reuse | undefined;
  /** A kernel world's simulated speedups (kernel runner only; src/sim/kernel-speedup.ts). */
  simulatedSpeedup?: SimulatedSpeedup | undefined;
}

/** The stores of reused model calls: the reference agent's memo and the command runner's proxy. */
export interface Reuse {
  memo: ModelMemoStore;
  proxy: ProxyStore;
}

/** `--agent-cmd` split into an argument array, or undefined when not given. */
function agentCmdArgv(agentCmd: string | undefined): string[] | undefined {
  if (agentCmd === undefined) return undefined;
  try {
    return splitCommandLine(agentCmd);
  } catch (e) {
    if (e instanceof CommandLineError) throw new UsageError(e.message);
    throw e;
  }
}

const isPreset = (kind: string): kind is AgentPresetName =>
  (AGENT_PRESETS as readonly string[]).includes(kind);

/** An agent preset: `--agent-cmd` or `evaluate.agent.command` replaces the agent's own command. */
function presetRunner(kind: AgentPresetName, c: RunnerChoice): Runner {
  const ev = c.config.evaluate;
  const preset = presetFor(kind, ev.agent);
  const upstream = preset.upstream(c.io.env);
  return createAgentRunner({
    preset,
    command: agentCmdArgv(c.agentCmd) ?? ev.agent.command,
    model: ev.agent.model,
    timeoutMs: ev.timeoutMs,
    maxOutputBytes: ev.maxOutputBytes,
    containment: containmentOf(ev, c.io.env),
    warn: (line) => c.io.stderr(`warning: ${line}\n`),
    modelProxy: {
      upstream: upstream.url,
      apiKey: c.io.env[upstream.keyEnv],
      maxAnswerBytes: ev.modelProxy.maxAnswerBytes,
      // Another provider's limits are not models.rateLimit's: only its 429s and 503s are waited out.
      gate: rateGateFor(upstream.url, { maxWaitMs: c.config.models.rateLimit.maxWaitMs }),
      ...(c.reuse ? { store: c.reuse.proxy } : {}),
    },
  });
}

export function chooseRunner(kind: string, c: RunnerChoice): Runner {
  const ev = c.config.evaluate;
  const containment = containmentOf(ev, c.io.env);
  if (isPreset(kind)) return presetRunner(kind, c);
  if (kind === "command") {
    const command = agentCmdArgv(c.agentCmd) ?? ev.agentCommand;
    if (!command?.length)
      throw new UsageError(
        "--runner command needs --agent-cmd 'CMD ARGS' (or evaluate.agentCommand in the config)",
      );
    // The agent runs from the working directory, contained, with none of our credentials: its model
    // calls go through a recording proxy that holds the key and adds it upstream (docs/security.md).
    const upstream = c.io.env.OPENAI_BASE_URL ?? c.config.models.baseURL ?? "https://api.openai.com/v1";
    return createCommandRunner({
      command,
      timeoutMs: ev.timeoutMs,
      maxOutputBytes: ev.maxOutputBytes,
      cwd: c.io.cwd,
      containment,
      modelProxy: {
        upstream,
        gate: rateGateFor(upstream, c.config.models.rateLimit),
        apiKey: c.io.env[c.config.models.apiKeyEnv],
        maxAnswerBytes: ev.modelProxy.maxAnswerBytes,
        ...(c.reuse ? { store: c.reuse.proxy } : {}),
      },
    });
  }
  if (kind === "reference") {
    if (c.agentCmd !== undefined) throw new UsageError("--agent-cmd only applies to --runner command");
    const m = c.model();
    return createReferenceRunner({
      model: m,
      modelSettings: m.settingsKey("agent"),
      maxTurns: ev.maxTurns,
      scriptTimeoutMs: ev.timeoutMs,
      maxOutputBytes: ev.maxOutputBytes,
      containment,
      ...(c.reuse ? { memo: c.reuse.memo } : {}),
    });
  }
  if (kind === "kernel") {
    // The kernel runner wraps the agent that writes ModelNew (evaluate.kernel.agent) with our harness.
    const agent = c.agentCmd !== undefined ? "command" : ev.kernel.agent;
    return createKernelRunner({
      agent: chooseRunner(agent, c),
      ...kernelRunnerOptions(ev),
      containment,
      ...(c.simulatedSpeedup ? { simulatedSpeedup: c.simulatedSpeedup } : {}),
    });
  }
  throw new UsageError(
    `--runner must be reference, command, kernel, claude-code, codex or agents-sdk, got "${kind}"`,
  );
}
