// The recording proxy of the command runner: a small Node agent using the real `openai` client talks
// to OPENAI_BASE_URL, which is the proxy; the proxy forwards to the simulated endpoint, counts the
// tokens, and replays a repeated run — plain and streamed — without a model call.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryMemo } from "../../src/core/evaluate/model-memo.js";
import { createCommandRunner } from "../../src/io/runners/command.js";
import type { ProxyEntry } from "../../src/io/runners/model-proxy.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { TEST_CONTAINMENT } from "../support/containment.js";
import { REPO_ROOT } from "../support/repo-root.js";

const AGENT = fileURLToPath(new URL("./fixtures/proxy-agent.mjs", import.meta.url));
const world = generateWorld({ seed: 31, rules: 4 });
const skills = worldBank(world).skills;
const k = world.evolution[0]!.case;

let endpoint: SimEndpoint | undefined;
afterEach(async () => endpoint?.close());

async function setup(args: string[]) {
  endpoint = await startSimEndpoint({ world, clock: fixedClock("2026-11-30T00:00:00Z") });
  const store = createMemoryMemo<ProxyEntry>();
  const runner = createCommandRunner({
    command: [process.execPath, AGENT, ...args],
    // From the checkout, as a team's agent runs: its node_modules stay visible in the sandbox.
    cwd: REPO_ROOT,
    timeoutMs: 20_000,
    maxOutputBytes: 100_000,
    containment: TEST_CONTAINMENT,
    modelProxy: { upstream: endpoint.baseURL, store },
  });
  return { runner, store, input: { case: k, skills, runIndex: 0, files: {} } };
}

const agentUsage = (e: SimEndpoint) =>
  e.requests
    .filter((r) => r.role === "agent")
    .reduce((s, r) => ({ input: s.input + r.usage.input, output: s.output + r.usage.output }), {
      input: 0,
      output: 0,
    });

describe("the command runner's recording proxy", () => {
  it.each([
    ["plain", []],
    ["streamed", ["--stream"]],
  ])(
    "%s: counts tokens from the answers, not the agent's claim, and replays a repeated run",
    async (_, args) => {
      const { runner, store, input } = await setup(args);
      const first = await runner.run(input);
      expect(first.error).toBeUndefined();
      expect(first.usageSource).toBe("proxy");
      // The agent assembled a final answer from the (streamed) deltas.
      expect(typeof first.output).toBe("string");
      const paid = agentUsage(endpoint!);
      expect(paid.input).toBeGreaterThan(1);
      // The agent claims 1 + 1 tokens; the proxy's count is what the endpoint reported.
      expect({ input: first.usage.input, output: first.usage.output }).toEqual(paid);
      expect(store.size()).toBeGreaterThan(0);
      const calls = endpoint!.requests.length;
      const again = await runner.run(input);
      expect(endpoint!.requests.length).toBe(calls);
      expect(again.output).toEqual(first.output);
      expect(again.usage).toEqual(first.usage);
      expect(again.reused).toEqual(first.usage);
    },
  );

  it("never stores a failed answer, and an agent that never calls the proxy keeps its self-reported usage", async () => {
    const { runner, store, input } = await setup([]);
    endpoint!.misbehave({ role: "agent", times: 1, kind: "500" });
    const failed = await runner.run(input);
    expect(failed.error).toMatch(/agent command/);
    expect(store.size()).toBe(0);
    const quiet = createCommandRunner({
      command: [
        process.execPath,
        "-e",
        "process.stdout.write(JSON.stringify({output: 1, usage: {input_tokens: 7, output_tokens: 2}}))",
      ],
      timeoutMs: 20_000,
      maxOutputBytes: 10_000,
      containment: TEST_CONTAINMENT,
      modelProxy: { upstream: endpoint!.baseURL, store },
    });
    const r = await quiet.run(input);
    expect(r.usageSource).toBe("self-reported");
    expect(r.usage).toEqual({ input: 7, output: 2, cached: 0 });
  });
});
