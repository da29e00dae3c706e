// The agents teams deploy, as presets of the command runner (docs/agents.md): where each looks for
// skills, how it starts non-interactively with structured output, how it reaches the model through
// our proxy, and how its output maps to a run result. The runner is agent-runner.ts.
import { fileURLToPath } from "node:url";
import type { AgentParse, Installed } from "../../core/evaluate/agent-output/agent-parse.js";
import { parseClaudeStream } from "../../core/evaluate/agent-output/claude-code-stream.js";
import { parseCodexExec } from "../../core/evaluate/agent-output/codex-exec.js";
import { answerOf } from "../../core/evaluate/agent-output/skill-use.js";
import { parseAgentAnswer } from "./command.js";
import type { ModelRoute } from "../../core/sandbox/model-route.js";

export type Version = readonly [number, number, number];

export const AGENT_PRESETS = ["claude-code", "codex", "agents-sdk"] as const;
export type AgentPresetName = (typeof AGENT_PRESETS)[number];

export interface AgentPreset {
  name: AgentPresetName;
  /** The command that starts the agent when the config names none. */
  defaultCommand: readonly string[];
  /** Where the bank is installed, relative to the run's work folder (the agent's working directory). */
  skillsFolder: string;
  /** Arguments that make the command print its version, and the oldest version the preset accepts. */
  versionArgs: readonly string[];
  /** Known not to work below this: refused. */
  minVersion: Version;
  /** The versions the preset was tested on (docs/agents.md); outside them a run warns, once. */
  tested: { from: Version; to: Version };
  /**
   * Arguments after the command: non-interactive, structured output, the model when one is set;
   * `proxy` is the recording proxy's base URL (ends in /v1), for an agent configured by arguments.
   */
  args(model: string | undefined, proxy: string): string[];
  /** What goes on the agent's stdin: the prompt, or our contract's JSON for the Agents SDK script. */
  stdin(prompt: string, contract: string): string;
  /** The model calls the proxy forwards for it (model-route.ts); any other request gets a 403. */
  modelRoutes: readonly ModelRoute[];
  /**
   * The variables that send the agent's model calls through our proxy (`base` ends in /v1), and any
   * the program needs to run headless; `host.root`: skillops runs as uid 0.
   */
  proxyEnv(base: string, token: string, host: { root: boolean }): Record<string, string>;
  /** Where the proxy forwards to, and the variable naming the real key. */
  upstream(env: Record<string, string | undefined>): { url: string; keyEnv: string };
  parse(stdout: string, installed: Installed): AgentParse;
  /** A file skillops ships that the default command runs (copied into each run's folder). */
  shipped?: string;
  /** Host folders the shipped file needs, bound read-only (the JavaScript SDK's node_modules). */
  shippedNeeds?: readonly string[];
  /** Install hint for a missing binary. */
  install: string;
}

const openaiUpstream = (env: Record<string, string | undefined>) => ({
  url: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
  keyEnv: "OPENAI_API_KEY",
});

/** Our provider's id in Codex's config (`openai` is reserved for its built-in one). */
export const CODEX_PROVIDER = "skillops";

/**
 * Codex's `-c key=value` config overrides (values are TOML) that send it through our proxy: a custom
 * model provider speaking the Responses API (the only wire API current Codex accepts) over plain
 * HTTP, since the proxy carries no WebSocket, with the per-run token read from OPENAI_API_KEY; and
 * its bundled system skills off, so it sees the candidate bank only.
 */
export function codexOverrides(proxy: string): string[] {
  const p = `model_providers.${CODEX_PROVIDER}`;
  return [
    `model_provider="${CODEX_PROVIDER}"`,
    `${p}.name="skillops proxy"`,
    `${p}.base_url=${JSON.stringify(proxy)}`,
    `${p}.env_key="OPENAI_API_KEY"`,
    `${p}.wire_api="responses"`,
    `${p}.supports_websockets=false`,
    "skills.bundled.enabled=false",
  ].flatMap((o) => ["-c", o]);
}

/** The Agents SDK agent skillops ships (src/io/runners/agents-sdk-agent.py). */
export const AGENTS_SDK_SCRIPT = fileURLToPath(new URL("./agents-sdk-agent.py", import.meta.url));

export const PRESETS: Record<AgentPresetName, AgentPreset> = {
  "claude-code": {
    name: "claude-code",
    // Anthropic Messages only (POST /v1/messages?beta=true); count_tokens and the rest are refused.
    modelRoutes: ["messages"],
    defaultCommand: ["claude"],
    skillsFolder: ".claude/skills",
    versionArgs: ["--version"],
    minVersion: [2, 0, 20],
    tested: { from: [2, 1, 197], to: [2, 1, 197] },
    // bypassPermissions: nobody answers prompts in a headless run; skillops' sandbox is the boundary.
    args: (model) => [
      ...["-p", "--output-format", "stream-json", "--verbose", "--permission-mode", "bypassPermissions"],
      ...(model ? ["--model", model] : []),
    ],
    stdin: (prompt) => prompt,
    // Claude Code appends /v1/messages to ANTHROPIC_BASE_URL and sends ANTHROPIC_API_KEY as x-api-key.
    // As root it refuses bypassPermissions unless IS_SANDBOX=1 (exactly "1"): our sandbox is the
    // boundary. Its bundled skills are turned off so it sees the candidate bank only.
    proxyEnv: (base, token, host) => ({
      ANTHROPIC_BASE_URL: base.replace(/\/v1$/, ""),
      ANTHROPIC_API_KEY: token,
      CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: "1",
      ...(host.root ? { IS_SANDBOX: "1" } : {}),
    }),
    upstream: (env) => ({
      url: `${(env.ANTHROPIC_BASE_URL ?? "https://api.anthropic.com").replace(/\/$/, "")}/v1`,
      keyEnv: "ANTHROPIC_API_KEY",
    }),
    parse: parseClaudeStream,
    install: "npm install -g @anthropic-ai/claude-code",
  },
  codex: {
    name: "codex",
    // The Responses API over plain HTTP: its WebSocket upgrade gets a 426, /v1/models a 403.
    modelRoutes: ["responses"],
    defaultCommand: ["codex"],
    skillsFolder: ".agents/skills",
    versionArgs: ["--version"],
    minVersion: [0, 50, 0],
    tested: { from: [0, 171, 0], to: [0, 171, 0] },
    // Codex's own sandbox cannot nest in ours (bubblewrap); ours contains it instead.
    args: (model, proxy) => [
      ...["exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox"],
      ...codexOverrides(proxy),
      ...(model ? ["--model", model] : []),
      "-",
    ],
    stdin: (prompt) => prompt,
    // Read through the provider's env_key (codexOverrides); OPENAI_BASE_URL is no longer read by Codex.
    proxyEnv: (_base, token) => ({ OPENAI_API_KEY: token }),
    upstream: openaiUpstream,
    parse: parseCodexExec,
    install: "npm install -g @openai/codex",
  },
  "agents-sdk": {
    name: "agents-sdk",
    // The shipped script uses chat completions; a team's own script may keep the SDK's Responses.
    modelRoutes: ["chat", "responses"],
    defaultCommand: ["python3", AGENTS_SDK_SCRIPT],
    shipped: AGENTS_SDK_SCRIPT,
    skillsFolder: "skills",
    versionArgs: ["--version"],
    minVersion: [0, 1, 0],
    // openai-agents (Python), as the shipped script's --version prints it.
    tested: { from: [0, 22, 0], to: [0, 22, 0] },
    args: (model) => (model ? ["--model", model] : []),
    stdin: (_prompt, contract) => contract,
    proxyEnv: (base, token) => ({ OPENAI_BASE_URL: base, OPENAI_API_KEY: token, SKILLOPS_MODEL_URL: base }),
    upstream: openaiUpstream,
    // A string answer is read as the other presets read theirs: JSON, also inside a ```json fence.
    parse: (stdout) => {
      const r = parseAgentAnswer(stdout);
      return typeof r.output === "string" ? { ...r, output: answerOf(r.output) } : r;
    },
    install: "pip install openai-agents",
  },
};

/** The first x.y.z in a --version line, or undefined. */
export function parseVersion(text: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function versionBelow(v: readonly number[], min: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) if (v[i]! !== min[i]!) return v[i]! < min[i]!;
  return false;
}

/** The tested range as people read it: `2.1.197`, or `0.1.0 to 0.2.0`. */
export function testedRange(p: AgentPreset): string {
  const [from, to] = [p.tested.from.join("."), p.tested.to.join(".")];
  return from === to ? from : `${from} to ${to}`;
}

/** Whether `v` lies outside the versions the preset was tested on. */
export function outsideTested(v: Version, p: AgentPreset): boolean {
  return versionBelow(v, p.tested.from) || versionBelow(p.tested.to, v);
}
