// The `command` runner: the user's own agent behind a command, so skillops plugs into an existing
// agent system without a rebuild. Contract (docs/agent-command.md): spawned as an argument array,
// never through a shell; one JSON object on stdin; one JSON object on stdout.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { RunInput, RunResult, Runner } from "../../core/evaluate/runner.js";
import { SystemicError } from "../../core/llm/model.js";
import { ZERO_TOKENS } from "../../records/tokens.js";
import { describeFailure, killedEvent, spawnCapped } from "./spawn-capped.js";
import { withTempDir, writeSkills } from "./skills-dir.js";
import { withProxyUsage, withRunProxy, type ProxiedAgent, type RunProxyOptions } from "./run-proxy.js";
import type { Containment } from "../../core/sandbox/containment.js";
import type { SpawnView } from "../sandbox/contained-command.js";

export interface CommandRunnerOptions {
  command: readonly string[];
  timeoutMs: number;
  maxOutputBytes: number;
  cwd?: string;
  /** How the agent is contained; its environment is the allowlist, never ours (docs/security.md). */
  containment: Containment;
  /** Extra text for the cache key, e.g. the agent's version or model; the command itself is always in. */
  settings?: string;
  /**
   * Start a recording proxy per run in front of this endpoint and pass its URL to the agent as
   * OPENAI_BASE_URL and SKILLOPS_MODEL_URL (model-proxy.ts); `store` memoises its answers. The proxy
   * holds the real key (`apiKey`); the agent gets a per-run token only the proxy accepts.
   */
  modelProxy?: RunProxyOptions;
}

export const AgentAnswer = z.object({
  output: z.unknown(),
  usage: z
    .object({
      input_tokens: z.number().int().nonnegative(),
      output_tokens: z.number().int().nonnegative(),
      cached_tokens: z.number().int().nonnegative().optional(),
    })
    .optional(),
  trace: z.array(z.unknown()).optional(),
});

/** Accepts the trace events we know, keeps anything else as a note. */
function toTrace(raw: readonly unknown[] | undefined): RunResult["trace"] {
  return (raw ?? []).map((e) => {
    const o = (e ?? {}) as Record<string, unknown>;
    if (o.type === "skill-loaded" && typeof o.skill === "string")
      return { type: "skill-loaded", skill: o.skill };
    if (o.type === "section-read" && typeof o.skill === "string" && typeof o.section === "string")
      return { type: "section-read", skill: o.skill, section: o.section };
    if (o.type === "script-ran" && typeof o.skill === "string" && typeof o.script === "string") {
      return {
        type: "script-ran",
        skill: o.skill,
        script: o.script,
        exitCode: typeof o.exitCode === "number" ? o.exitCode : null,
      };
    }
    return { type: "note", text: typeof e === "string" ? e : JSON.stringify(e) };
  });
}

export function parseAgentAnswer(stdout: string): RunResult {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch (err) {
    const shown = stdout.trim().slice(0, 200);
    return {
      output: null,
      trace: [],
      usage: ZERO_TOKENS,
      error: `agent stdout is not one JSON object (${(err as Error).message}): ${shown || "(empty)"}`,
    };
  }
  const contract = (why: string): RunResult => ({
    output: null,
    trace: [],
    usage: ZERO_TOKENS,
    error: `agent answer does not follow the contract: ${why}`,
  });
  if (typeof json !== "object" || json === null || Array.isArray(json) || !("output" in json))
    return contract("missing key `output`");
  const parsed = AgentAnswer.safeParse(json);
  if (!parsed.success) return contract(z.prettifyError(parsed.error));
  const u = parsed.data.usage;
  return {
    output: parsed.data.output,
    trace: toTrace(parsed.data.trace),
    usage: u ? { input: u.input_tokens, output: u.output_tokens, cached: u.cached_tokens ?? 0 } : ZERO_TOKENS,
  };
}

export function createCommandRunner(opts: CommandRunnerOptions): Runner {
  if (opts.command.length === 0)
    throw new SystemicError(
      "the command runner needs an agent command (evaluate.agentCommand or --agent-cmd)",
      "config",
    );
  return {
    name: "command",
    settingsKey: JSON.stringify({ command: opts.command, settings: opts.settings ?? null }),
    run: (input: RunInput) => (opts.modelProxy ? runThroughProxy(opts, input) : runOnce(opts, input)),
  };
}

/**
 * The command agent's side of the proxy: an OpenAI-compatible client, so chat completions and the
 * Responses API (docs/agent-command.md); no other call reaches the endpoint with the key.
 */
export const COMMAND_AGENT: ProxiedAgent = {
  env: (baseURL, token) => ({ OPENAI_BASE_URL: baseURL, SKILLOPS_MODEL_URL: baseURL, OPENAI_API_KEY: token }),
  routes: ["chat", "responses"],
};

/** One run with its own proxy: the proxy's token counts replace the agent's own when it was used. */
function runThroughProxy(opts: CommandRunnerOptions, input: RunInput): Promise<RunResult> {
  return withRunProxy(opts.modelProxy!, opts.containment, input, COMMAND_AGENT, async (extras, proxy) =>
    withProxyUsage(await runOnce(opts, input, extras), proxy),
  );
}

interface RunExtras {
  env?: Record<string, string>;
  view?: Pick<SpawnView, "proxy">;
}

/** The skills (read-only inside a sandbox) and a private working folder (the agent's to write). */
function runOnce(opts: CommandRunnerOptions, input: RunInput, extras: RunExtras = {}): Promise<RunResult> {
  return withTempDir("skillops-run-", async (dir) => {
    const skillsDir = join(dir, "skills");
    const workDir = join(dir, "work");
    // Unsandboxed, the agent's HOME and TMPDIR are in the run's folder too: one folder to make and
    // remove per execution instead of two (issue 33: the harness near the cost of a bare spawn).
    const home = opts.containment.sandbox === "none" ? join(dir, "home") : undefined;
    await Promise.all([workDir, skillsDir, ...(home ? [home] : [])].map((d) => mkdir(d)));
    await writeSkills(skillsDir, input.skills, input.skillFiles);
    const stdin = JSON.stringify({
      case: { id: input.case.id, prompt: input.case.task.prompt, files: input.files },
      skillsDir,
      workDir,
      runIndex: input.runIndex,
    });
    const r = await spawnCapped(opts.command, {
      stdin,
      timeoutMs: opts.timeoutMs,
      maxOutputBytes: opts.maxOutputBytes,
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      contain: opts.containment,
      view: { writable: [workDir], readOnly: [skillsDir], ...extras.view },
      ...(extras.env ? { env: extras.env } : {}),
      ...(home ? { home } : {}),
    });
    const failure = describeFailure("agent command", r, opts);
    if (r.startError)
      throw new SystemicError(`${failure} (command: ${JSON.stringify(opts.command)})`, "config");
    const killed = killedEvent("agent command", r);
    const extra = killed ? [killed] : [];
    if (failure) return { output: null, trace: extra, usage: ZERO_TOKENS, error: failure };
    const answer = parseAgentAnswer(r.stdout);
    return { ...answer, trace: [...answer.trace, ...extra] };
  });
}
