// The runner of an agent preset (agent-preset.ts, docs/agents.md): per run, a private work folder
// that is the agent's working directory, the bank installed where the agent looks for skills, the
// case's files beside it, the agent started contained (spawnCapped) with its model calls through
// the recording proxy, and its structured output mapped to a run result. A missing binary or an
// unsupported version stops the evaluation; a crash or output in another format fails the run with
// the stderr tail and is never cached (`transient`): it says nothing about the skills.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { RunInput, RunResult, Runner } from "../../core/evaluate/runner.js";
import { SystemicError } from "../../core/llm/model.js";
import { isFormatError } from "../../core/evaluate/agent-output/agent-parse.js";
import type { Containment } from "../../core/sandbox/containment.js";
import { ZERO_TOKENS } from "../../records/tokens.js";
import { describeFailure, killedEvent, spawnCapped, type SpawnResult } from "./spawn-capped.js";
import { withTempDir, writeFiles, writeSkills } from "./skills-dir.js";
import type { AgentPreset } from "./agent-preset.js";
import { checkAgentVersion } from "./agent-version.js";
import { withShipped } from "./shipped-agent.js";
import {
  withInfrastructureVerdict,
  withProxyUsage,
  withRunProxy,
  type ProxyExtras,
  type RunProxyOptions,
} from "./run-proxy.js";

export interface AgentRunnerOptions {
  preset: AgentPreset;
  /** The command that starts the agent; absent = the preset's default (`claude`, `codex`, …). */
  command?: readonly string[] | undefined;
  model?: string | undefined;
  timeoutMs: number;
  maxOutputBytes: number;
  containment: Containment;
  modelProxy: RunProxyOptions;
  /** Where a warning goes (a version outside the tested range), once per runner; absent = nowhere. */
  warn?: ((line: string) => void) | undefined;
}

const STDERR_SHOWN = 1000;
const tail = (r: SpawnResult) => r.stderrTail.slice(-STDERR_SHOWN).trim() || "(empty)";

export function createAgentRunner(opts: AgentRunnerOptions): Runner {
  const command = opts.command?.length ? opts.command : opts.preset.defaultCommand;
  let version: Promise<string> | undefined;
  const settings = { agent: opts.preset.name, command, model: opts.model ?? null };
  return {
    name: opts.preset.name,
    settingsKey: JSON.stringify(settings),
    run: async (input) => {
      // Checked once per evaluation, before the first run; the version joins nothing cached, so
      // upgrading the agent is seen by --version only: docs/agents.md says to clear the cache then.
      version ??= checkAgentVersion(opts.preset, command, opts.containment, (l) => opts.warn?.(l));
      await version;
      const root = process.getuid?.() === 0;
      const env = (base: string, token: string) => opts.preset.proxyEnv(base, token, { root });
      const agent = { env, routes: opts.preset.modelRoutes };
      return withRunProxy(opts.modelProxy, opts.containment, input, agent, async (extras, proxy) =>
        withInfrastructureVerdict(
          withProxyUsage(await runOnce(opts, command, input, extras), proxy, true),
          proxy,
        ),
      );
    },
  };
}

function runOnce(
  opts: AgentRunnerOptions,
  command: readonly string[],
  input: RunInput,
  extras: ProxyExtras,
): Promise<RunResult> {
  const p = opts.preset;
  return withTempDir("skillops-agent-", async (dir) => {
    const workDir = join(dir, "work");
    const skillsDir = join(workDir, p.skillsFolder);
    await mkdir(skillsDir, { recursive: true });
    await writeSkills(skillsDir, input.skills, input.skillFiles);
    await writeFiles(workDir, input.files);
    const prompt = input.hint ? `${input.case.task.prompt}\n\n${input.hint}` : input.case.task.prompt;
    const contract = JSON.stringify({
      case: { id: input.case.id, prompt, files: input.files },
      ...{ skillsDir, workDir, runIndex: input.runIndex },
    });
    const { argv, readOnly } = await withShipped(p, command, dir);
    const r = await spawnCapped([...argv, ...p.args(opts.model, extras.baseURL)], {
      stdin: p.stdin(prompt, contract),
      timeoutMs: opts.timeoutMs,
      maxOutputBytes: opts.maxOutputBytes,
      cwd: workDir,
      contain: opts.containment,
      view: { writable: [workDir], readOnly, ...extras.view },
      env: extras.env,
    });
    return resultOf(opts, r, new Set(input.skills.map((s) => s.name)));
  });
}

function resultOf(opts: AgentRunnerOptions, r: SpawnResult, installed: ReadonlySet<string>): RunResult {
  const p = opts.preset;
  const killed = killedEvent(p.name, r);
  const extra = killed ? [killed] : [];
  const failed = (error: string, transient: boolean): RunResult => ({
    ...{ output: null, trace: extra, usage: ZERO_TOKENS, error },
    ...(transient ? { transient: true } : {}),
  });
  if (r.startError) throw new SystemicError(`${p.name}: cannot start: ${r.startError}`, "config");
  if (r.timedOut || r.overflow) return failed(describeFailure(p.name, r, opts)!, false);
  if (r.exitCode !== 0)
    return failed(
      `${p.name} crashed (exit code ${r.exitCode ?? `signal ${r.signal}`}); stderr tail: ${tail(r)}`,
      true,
    );
  const parsed = p.parse(r.stdout, installed);
  if (isFormatError(parsed)) return failed(`${parsed.formatError}; stderr tail: ${tail(r)}`, true);
  return { ...parsed, trace: [...parsed.trace, ...extra] };
}
