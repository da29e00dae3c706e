// `skillops doctor`: checks what an evaluation needs before it runs one (docs/cli.md, "doctor"):
// the runner's program, bubblewrap, the keys the config names (present or missing, never shown)
// and each model endpoint (one cheap call). Exit 1 when any check failed.
import { RUNNER_KINDS, type Config } from "../../core/config/config.js";
import { containmentOf } from "../../core/sandbox/containment.js";
import { AGENT_PRESETS, type AgentPresetName } from "../../io/runners/agent-preset.js";
import { presetFor } from "../../io/runners/agents-sdk-script.js";
import { CommandLineError, splitCommandLine } from "../../io/runners/command-line.js";
import { appendStepSummary, UsageError, type CliContext, type CliIo } from "./context.js";
import { loadConfigFile } from "./config-file.js";
import { anyFailed, doctorMarkdown, doctorText, type DoctorCheck } from "./doctor-check.js";
import { checkBubblewrap } from "./doctor-sandbox.js";
import { checkProgram, type ProgramTarget } from "./doctor-program.js";
import { checkEndpoint, type EndpointTarget, type Wire } from "./doctor-endpoint.js";

export interface DoctorFlags {
  config: string;
  runner?: string;
  agentCmd?: string;
}

const isPreset = (kind: string): kind is AgentPresetName =>
  (AGENT_PRESETS as readonly string[]).includes(kind);

function programTarget(
  runner: string,
  config: Config,
  agentCmd: string | undefined,
): ProgramTarget | undefined {
  let own: string[] | undefined;
  try {
    own = agentCmd === undefined ? undefined : splitCommandLine(agentCmd);
  } catch (e) {
    throw e instanceof CommandLineError ? new UsageError(e.message) : e;
  }
  if (isPreset(runner)) {
    const preset = presetFor(runner, config.evaluate.agent);
    const command = own ?? config.evaluate.agent.command ?? preset.defaultCommand;
    return { runner, command, preset };
  }
  const command = own ?? config.evaluate.agentCommand;
  if (runner === "command" || (runner === "kernel" && config.evaluate.kernel.agent === "command"))
    return command?.length ? { runner, command } : undefined;
  return undefined;
}

/** skillops' own roles' endpoint, and the preset's when it has its own (Anthropic, another URL). */
function endpointTargets(runner: string, config: Config, env: CliIo["env"]): EndpointTarget[] {
  const out: EndpointTarget[] = [];
  if (config.models.provider === "openai") {
    // The roles' client reads models.baseURL only (io/llm/openai.ts), never OPENAI_BASE_URL.
    out.push({
      label: "model endpoint",
      url: config.models.baseURL ?? "https://api.openai.com/v1",
      urlFrom: "models.baseURL",
      keyEnv: config.models.apiKeyEnv,
      wire: "chat",
      model: config.models.roles.agent.model,
    });
  }
  if (!isPreset(runner)) return out;
  const preset = presetFor(runner, config.evaluate.agent);
  const up = preset.upstream(env);
  const wire = preset.modelRoutes[0] as Wire;
  const t = {
    label: "agent's model endpoint",
    url: up.url,
    keyEnv: up.keyEnv,
    wire,
    model: config.evaluate.agent.model,
  };
  const urlFrom = up.keyEnv === "ANTHROPIC_API_KEY" ? "ANTHROPIC_BASE_URL" : "OPENAI_BASE_URL";
  const same = out.some(
    (o) => o.url === t.url && o.keyEnv === t.keyEnv && o.wire === t.wire && o.model === t.model,
  );
  return same ? out : [...out, { ...t, urlFrom }];
}

/** Each key variable the checks need: present or missing, never its value. */
function keyChecks(targets: readonly EndpointTarget[], env: CliIo["env"]): DoctorCheck[] {
  const names = [...new Set(targets.map((t) => t.keyEnv))];
  return names.map((name) =>
    env[name]
      ? { check: `key ${name}`, status: "ok", detail: "set (value not shown)" }
      : {
          check: `key ${name}`,
          status: "fail",
          detail: "not set",
          fix: `export ${name}=… (in Actions: a repository secret passed in the step's env:)`,
        },
  );
}

export async function diagnose(io: CliIo, config: Config, flags: DoctorFlags): Promise<DoctorCheck[]> {
  const runner = flags.runner ?? config.evaluate.runner;
  const containment = containmentOf(config.evaluate, io.env);
  const checks: DoctorCheck[] = [{ check: "runner", status: "ok", detail: runner }];
  const program = programTarget(runner, config, flags.agentCmd);
  if (program) checks.push(...(await checkProgram(program, containment, io.cwd)));
  checks.push(await checkBubblewrap(containment));
  const targets = endpointTargets(runner, config, io.env);
  if (targets.length === 0)
    checks.push({ check: "model endpoint", status: "skip", detail: "models.provider is sim (no endpoint)" });
  checks.push(...keyChecks(targets, io.env));
  for (const t of targets) checks.push(await checkEndpoint(t, io.env));
  return checks;
}

export async function runDoctor(ctx: CliContext, flags: DoctorFlags, json: boolean, explicit: boolean) {
  const { io } = ctx;
  if (flags.runner !== undefined && !(RUNNER_KINDS as readonly string[]).includes(flags.runner))
    throw new UsageError(`--runner must be one of ${RUNNER_KINDS.join(", ")}, got "${flags.runner}"`);
  const config = await loadConfigFile(io, flags.config, explicit);
  const checks = await diagnose(io, config, flags);
  io.stdout(json ? `${JSON.stringify({ ok: !anyFailed(checks), checks }, null, 2)}\n` : doctorText(checks));
  await appendStepSummary(io, doctorMarkdown(checks));
  const failed = checks.filter((c) => c.status === "fail").map((c) => c.check);
  if (failed.length)
    io.stderr(
      `error: ${failed.length} doctor check(s) failed: ${failed.join(", ")}; each one's fix is above\n`,
    );
  return failed.length ? 1 : 0;
}
