// The runner of an agent preset (agent-preset.ts, docs/agents.md): per run, a private work folder
// that is the agent's working directory, the bank installed where the agent looks for skills, the
// case's files beside it, the agent started contained (spawnCapped) with its model calls through
// the recording proxy, and its structured output mapped to a run result. A missing binary or an
// unsupported version stops the evaluation; a crash or output in another format fails the run with
// the stderr tail and is never cached (`transient`): it says nothing about the skills.
import { copyFile, mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import type { RunInput, RunResult, Runner } from "../../core/evaluate/runner.js";
import { SystemicError } from "../../core/llm/model.js";
import { isFormatError } from "../../core/evaluate/agent-output/agent-parse.js";
import type { Containment } from "../../core/sandbox/containment.js";
import { ZERO_TOKENS } from "../../records/tokens.js";
import { describeFailure, killedEvent, spawnCapped, type SpawnResult } from "./spawn-capped.js";
import { withTempDir, writeFiles, writeSkills } from "./skills-dir.js";
import { parseVersion, versionBelow, type AgentPreset } from "./agent-preset.js";
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
      version ??= checkVersion(opts, command);
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

/**
 * The command with the file skillops ships for it (the Agents SDK script) copied into `dir`: inside
 * a sandbox, skillops' own folder may be hidden (under HOME, as in an Actions runner's _actions).
 */
async function withShipped(p: AgentPreset, command: readonly string[], dir: string) {
  if (!p.shipped || !command.includes(p.shipped)) return { argv: [...command], readOnly: [] };
  const folder = join(dir, "agent");
  await mkdir(folder);
  const copy = join(folder, basename(p.shipped));
  await copyFile(p.shipped, copy);
  return { argv: command.map((a) => (a === p.shipped ? copy : a)), readOnly: [folder] };
}

/** `<command> --version`: a missing binary, an unreadable or too old version is a configuration error. */
async function checkVersion(opts: AgentRunnerOptions, command: readonly string[]): Promise<string> {
  const p = opts.preset;
  const r = await withTempDir("skillops-agent-version-", async (dir) => {
    const { argv, readOnly } = await withShipped(p, command, dir);
    return spawnCapped([...argv, ...p.versionArgs], {
      timeoutMs: 30_000,
      maxOutputBytes: 64 * 1024,
      contain: opts.containment,
      view: { writable: [], readOnly },
    });
  });
  const shown = JSON.stringify(command);
  if (r.startError)
    throw new SystemicError(
      `${p.name}: cannot start ${shown}: ${r.startError}; install it with \`${p.install}\` (docs/agents.md)`,
      "config",
    );
  const failure = describeFailure(`${p.name} --version`, r, { timeoutMs: 30_000, maxOutputBytes: 64 * 1024 });
  if (failure)
    throw new SystemicError(`${p.name}: ${shown} ${p.versionArgs.join(" ")} failed: ${failure}`, "config");
  const line = r.stdout.trim().split("\n")[0] ?? "";
  const v = parseVersion(line);
  if (!v)
    throw new SystemicError(
      `${p.name}: ${shown} printed no version (${JSON.stringify(line.slice(0, 200))}); stderr tail: ${tail(r)}`,
      "config",
    );
  if (versionBelow(v, p.minVersion))
    throw new SystemicError(
      `${p.name}: version ${v.join(".")} is not supported; the preset needs ${p.minVersion.join(".")} or later (docs/agents.md)`,
      "config",
    );
  return v.join(".");
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
