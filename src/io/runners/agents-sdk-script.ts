// Which form of the Agents SDK agent skillops ships runs for `--runner agents-sdk`
// (`evaluate.agent.script`, docs/agents.md): the Python script on openai-agents, or the JavaScript
// one on @openai/agents. The JavaScript form imports skillops' own @openai/agents, resolved here on
// the host: the script runs from a copy in the run's folder, so its node_modules folder is named to
// it (`--sdk-from`) and bound read-only into the sandbox.
import { createRequire } from "node:module";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentPresetConfig } from "../../core/config/runner-config.js";
import { PRESETS, type AgentPreset, type AgentPresetName } from "./agent-preset.js";

/** The JavaScript Agents SDK agent skillops ships (src/io/runners/agents-sdk-agent.mjs). */
export const AGENTS_SDK_JS_SCRIPT = fileURLToPath(new URL("./agents-sdk-agent.mjs", import.meta.url));

/** The outermost node_modules folder holding skillops' @openai/agents (and its dependencies), if any. */
export function agentsSdkModules(): string | undefined {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve("@openai/agents");
  } catch {
    return undefined;
  }
  const parts = entry.split(sep);
  const at = parts.indexOf("node_modules");
  return at > 0 ? parts.slice(0, at + 1).join(sep) : undefined;
}

/** The agents-sdk preset running the JavaScript script, with the SDK folder it needs. */
function agentsSdkJs(base: AgentPreset): AgentPreset {
  const modules = agentsSdkModules();
  return {
    ...base,
    defaultCommand: ["node", AGENTS_SDK_JS_SCRIPT, ...(modules ? ["--sdk-from", modules] : [])],
    shipped: AGENTS_SDK_JS_SCRIPT,
    shippedNeeds: modules ? [modules] : [],
    // @openai/agents, as the script's --version prints it.
    tested: { from: [0, 20, 0], to: [0, 20, 0] },
    minVersion: [0, 1, 0],
    install: "npm install @openai/agents (skillops depends on it; reinstall skillops)",
  };
}

/** The preset `name` as the config's agent settings pick it (`script` applies to agents-sdk only). */
export function presetFor(name: AgentPresetName, agent: Pick<AgentPresetConfig, "script">): AgentPreset {
  const p = PRESETS[name];
  return name === "agents-sdk" && agent.script === "js" ? agentsSdkJs(p) : p;
}
