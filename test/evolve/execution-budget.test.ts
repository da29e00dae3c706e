// The execution budget (RunConfig.budgetExecutions): benches compare strategies at equal agent
// executions, so a run must stop at its budget and say which budget stopped it.
import { describe, expect, it } from "vitest";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { RunRecord } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

async function runWith(budgetExecutions?: number) {
  const world = generateWorld({ seed: 8, rules: 12 });
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed: 8, maxIterations: 5 })),
    bootstrap: 200,
    ...(budgetExecutions !== undefined ? { budgetExecutions } : {}),
  };
  const { inputs } = worldRunInputs(world, config);
  const deps = { roles: createSimRoles(world), runner: createSimAgent(world), now: NOW };
  return (await runEvolution(inputs, deps)).record;
}

describe("budgetExecutions", () => {
  it("stops the run once its agent executions reach the budget, and the stop note names the execution budget", async () => {
    const full = await runWith();
    const baseline = await runWith(1);
    const budget = Math.floor((full.executions.run + baseline.executions.run) / 2);
    const record = await runWith(budget);
    expect(record.stop.reason).toBe("budget");
    expect(record.stop.note).toMatch(/^the run's execution budget was spent/);
    // Checked before each case; an admitted member's exact-cost runs finish past it (as with tokens).
    expect(record.executions.run).toBeGreaterThanOrEqual(budget);
    expect(record.executions.run).toBeLessThan(full.executions.run);
    expect(record.iterations.length).toBeLessThan(full.iterations.length);
    expect(RunRecord.parse(record)).toEqual(record);
  });

  it("a budget of one execution stops while anchoring the baseline", async () => {
    const record = await runWith(1);
    expect(record.stop.reason).toBe("budget");
    expect(record.stop.note).toBe("the run's execution budget was spent while anchoring the baseline");
    expect(record.iterations).toEqual([]);
  });
});
