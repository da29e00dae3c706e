// Engagement measures (src/sim/engagement.ts): on each world kind a short simulated evolve run
// engages the mechanism the kind was built for, and a control run where that mechanism is off or
// absent does not (sparse-faults: scope widening, off with `widenScope: false`). Simulated.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { engagement } from "../../src/sim/engagement.js";
import { generateWorldOfKind } from "../../src/sim/world-kinds.js";
import type { World, WorldKind } from "../../src/sim/world.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import type { SimRoleOptions } from "../support/sim-roles/roles.js";
import { createSimAgent } from "../support/sim-roles/agent.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

async function runOn(
  world: World,
  knobs: Partial<EvolveConfig>,
  roles: SimRoleOptions = {},
): Promise<RunRecord> {
  const all = { seed: world.seed, maxIterations: 6, patience: 6, ...knobs };
  const config = { ...runConfigOf(EvolveConfig.parse(all)), bootstrap: 100 };
  const { record } = await runSimulatedEvolution(
    world,
    config,
    { now: NOW },
    [],
    createSimAgent(world),
    roles,
  );
  return record;
}

const world = (kind: WorldKind, seed: number) => generateWorldOfKind(kind, { seed });

describe("engagement measures", () => {
  it("valley: under SkillNEO a shortcut removal dips and its lineage recovers; the deceptive world proposes none", async () => {
    const valley = engagement(
      "valley",
      await runOn(world("valley", 1), { strategy: "neo", maxIterations: 8 }),
    );
    expect(valley.value).toBeGreaterThan(0);
    expect(valley.engaged).toBe(true);
    const control = await runOn(world("deceptive", 1), { strategy: "neo", maxIterations: 8 });
    expect(engagement("valley", control)).toMatchObject({ value: 0, engaged: false });
  });

  it("harmful-text: with counterfactual confirmation the diagnoser acts on a confirmed site; without it, on none", async () => {
    const w = world("harmful-text", 2);
    const on = engagement("harmful-text", await runOn(w, { confirmSites: 3 }));
    expect(on.engaged).toBe(true);
    const off = await runOn(w, { confirmSites: 0 });
    expect(engagement("harmful-text", off)).toMatchObject({ value: 0, engaged: false });
    expect(off.iterations.every((it) => it.child === undefined)).toBe(true);
  });

  it("defective-tools: admitted children carry applied tool operations; prose-only evolution carries none", async () => {
    const w = world("defective-tools", 2);
    expect(engagement("defective-tools", await runOn(w, {})).engaged).toBe(true);
    const prose = await runOn(w, {}, { toolOps: [] });
    expect(engagement("defective-tools", prose)).toMatchObject({ value: 0, engaged: false });
  });

  it("over-budget: a context budget below the scope allocates; without one nothing does", async () => {
    const w = world("over-budget", 1);
    const knobs = { topK: w.skills.length, maxIterations: 1, patience: 1 };
    const budgeted = await runOn(w, { ...knobs, contextBudget: w.params.contextLimit! });
    expect(engagement("over-budget", budgeted).engaged).toBe(true);
    expect(engagement("over-budget", await runOn(w, knobs))).toMatchObject({ value: 0, engaged: false });
  });

  it("sparse-faults: the default configuration widens its scope and changes a skill outside the first top-K; a frozen scope changes none", async () => {
    const w = generateWorldOfKind("sparse-faults", { seed: 2, rules: 18 });
    const knobs = { maxIterations: 4, patience: 3 };
    expect(engagement("sparse-faults", await runOn(w, knobs)).engaged).toBe(true);
    const frozen = await runOn(w, { ...knobs, widenScope: false });
    expect(engagement("sparse-faults", frozen)).toMatchObject({ value: 0, engaged: false });
  });

  it("deceptive: the measure is 0 on a run that never reaches the mechanism", async () => {
    const record = await runOn(world("default", 3), { maxIterations: 2, patience: 2 });
    expect(engagement("deceptive", record)).toMatchObject({ value: 0, engaged: false });
    expect(engagement("default", record).name).toMatch(/admitted/);
  });
});
