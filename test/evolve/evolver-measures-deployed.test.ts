// Issue 44, "measure what ships": SkillEvolver's strategy hints shape the parent's exploration runs
// and the proposals only. E₀, every child's gate measurement, the frontier, exact cost, vsBaseline and
// the confirmation set run the agent exactly as deployed, with no hint.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import type { SpendEvent } from "../../src/records/spend-event.js";
import { generateWorld } from "../../src/sim/generate.js";
import type { World } from "../../src/sim/world.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";

const now = () => new Date("2026-11-30T00:00:00Z");
const world = generateWorld({ seed: 4, rules: 10 });

/** The world's agent, counting the runs that came with a strategy hint. */
function observed(w: World): { runner: Runner; hinted: () => number; runs: () => number } {
  const agent = createSimAgent(w);
  let hinted = 0;
  let runs = 0;
  const runner: Runner = {
    ...agent,
    run: (input) => {
      runs++;
      if (input.hint !== undefined) hinted++;
      return agent.run(input);
    },
  };
  return { runner, hinted: () => hinted, runs: () => runs };
}

async function run(strategy: "frames" | "evolver") {
  const config = {
    ...runConfigOf(EvolveConfig.parse({ maxIterations: 3, seed: 9, strategy })),
    bootstrap: 200,
  };
  const spend: SpendEvent[] = [];
  const agent = observed(world);
  const result = await runSimulatedEvolution(
    world,
    config,
    { now, onSpend: (e) => spend.push(e) },
    [],
    agent.runner,
  );
  const paid = (phase: SpendEvent["phase"]) =>
    spend.filter((e) => e.phase === phase).reduce((s, e) => s + e.executions, 0);
  return { record: result.record, agent, paid };
}

describe("an evolver run measures the agent as deployed", () => {
  it("runs hints only in its exploration runs, never in a deciding measurement", async () => {
    const { record, agent, paid } = await run("evolver");
    expect(record.config.strategy).toBe("evolver");
    expect(paid("exploration")).toBeGreaterThan(0);
    // Every hinted run the agent saw was an exploration run, and every exploration run was hinted.
    expect(agent.hinted()).toBe(paid("exploration"));
    expect(agent.runs()).toBeGreaterThan(agent.hinted());
    // The diagnosers still see contrasts from them.
    expect(record.iterations.length).toBeGreaterThan(0);
  }, 120_000);
});
