// The JavaScript form of the shipped Agents SDK agent (src/io/runners/agents-sdk-agent.mjs) as
// skillops starts it: from a copy outside any node_modules, it finds @openai/agents only through
// `--sdk-from` (the folder agents-sdk-script.ts resolves on the host), and without it says how to
// install the SDK; `evaluate.agent.script` takes python or js only. The end-to-end run through the
// sandbox and the proxy is test/e2e/agent-agents-sdk.test.ts.
import { spawnSync } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateConfigText } from "../../src/apps/app/config-load.js";
import { AGENTS_SDK_JS_SCRIPT, agentsSdkModules, presetFor } from "../../src/io/runners/agents-sdk-script.js";
import { PRESETS } from "../../src/io/runners/agent-preset.js";

let dir: string;
let copy: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-sdk-js-"));
  copy = join(dir, "agents-sdk-agent.mjs");
  await copyFile(AGENTS_SDK_JS_SCRIPT, copy);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const node = (...args: string[]) => spawnSync(process.execPath, [copy, ...args], { encoding: "utf8" });

describe("the JavaScript Agents SDK agent", () => {
  it("run from a copy with no SDK beside it, refuses and says how to install it", () => {
    const r = node("--version");
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("cannot find @openai/agents: install it (npm install @openai/agents)");
  });

  it("finds skillops' own SDK through --sdk-from and prints its version", () => {
    const modules = agentsSdkModules();
    expect(modules).toMatch(/node_modules$/);
    const r = node("--version", "--sdk-from", modules!);
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("@openai/agents 0.20.0");
  });

  it("is what agents-sdk runs with script: js, its SDK folder bound read-only; python keeps the Python script", () => {
    const js = presetFor("agents-sdk", { script: "js" });
    expect(js.defaultCommand).toEqual(["node", AGENTS_SDK_JS_SCRIPT, "--sdk-from", agentsSdkModules()]);
    expect(js.shippedNeeds).toEqual([agentsSdkModules()]);
    expect(presetFor("agents-sdk", { script: "python" })).toBe(PRESETS["agents-sdk"]);
    expect(presetFor("codex", { script: "js" })).toBe(PRESETS.codex);
  });

  it("evaluate.agent.script takes python or js, and names them otherwise", () => {
    const bad = validateConfigText("evaluate:\n  runner: agents-sdk\n  agent:\n    script: ruby\n");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.join("\n")).toMatch(/`evaluate\.agent\.script`: .*"python".*"js"/);
  });
});
