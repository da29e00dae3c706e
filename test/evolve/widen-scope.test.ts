// Scope widening (core/evolve/widen-scope.ts): on a sparse-faults world, whose fault sits in the home
// skill retrieval ranks last (outside the first top-K), the default configuration widens the scope
// to the skill the diagnosers pointed at and admits a change to it; with `widenScope: false` (FRAMES'
// frozen scope) nothing outside the first top-K changes. Simulated.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { engagement } from "../../src/sim/engagement.js";
import { sparseFaultsWorld } from "../../src/sim/sparse-faults-world.js";
import type { World } from "../../src/sim/world.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { runConfigOf, runEvolution, type EvolveDeps } from "../../src/core/evolve/run.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { killAndResume } from "./kill-and-resume.js";
import { resumeComparable } from "./resume-comparable.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

async function runOn(world: World, knobs: Partial<EvolveConfig> = {}): Promise<RunRecord> {
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed: world.seed, maxIterations: 4, ...knobs })),
    bootstrap: 100,
  };
  const { record } = await runSimulatedEvolution(world, config, { now: NOW }, [], createSimAgent(world));
  return record;
}

/** The top-K skills retrieval ranked first: the scope a frozen run keeps. */
const firstTopK = (record: RunRecord) =>
  record.scope.relevance.slice(0, record.config.topK).map((r) => r.skill);

/** The skill holding the world's decoys: the fault. */
const faultyHome = (world: World) =>
  world.skills.find((s) => world.rules.some((r) => s.source.includes(r.decoy)))!.name;

describe("scope widening", () => {
  const world = sparseFaultsWorld({ seed: 2, rules: 18 });

  it("sparse-faults: the default configuration widens to the faulty skill outside the first top-K and admits a change to it; with widenScope false nothing outside changes", async () => {
    const record = await runOn(world);
    const fault = faultyHome(world);
    expect(firstTopK(record)).not.toContain(fault);
    const [first] = record.scope.widenings ?? [];
    expect(first?.added).toContain(fault);
    expect(first?.reason).toMatch(/outside the working scope/);
    expect(record.scope.skills).toEqual([...firstTopK(record), ...first!.added]);
    const admitted = record.iterations.filter((it) => it.entered && it.t > first!.afterIteration);
    const changed = record.frontier.flatMap((m) => m.changes.map((c) => c.skill));
    expect(admitted.length).toBeGreaterThan(0);
    expect(changed).toContain(fault);
    expect(engagement("sparse-faults", record)).toMatchObject({ engaged: true });

    // The control, FRAMES' frozen scope: the same world and seed.
    const frozen = await runOn(world, { widenScope: false });
    expect(frozen.scope.widenings).toBeUndefined();
    expect(frozen.scope.skills).toEqual(firstTopK(frozen));
    expect(engagement("sparse-faults", frozen)).toMatchObject({ value: 0, engaged: false });
  });

  it("re-anchors E₀ after widening, where it is unchanged: the agent is shown the bank, not the scope", async () => {
    const record = await runOn(world);
    const [first] = record.scope.widenings!;
    expect(record.baseline.total.rate).toBeCloseTo(first!.baselineAfter, 10);
    // What the agent sees does not follow the scope (docs/engine.md "What the agent sees").
    expect(first!.baselineAfter).toBe(first!.baselineBefore);
  });

  it("widens only while no child has been admitted", async () => {
    let widenings = 0;
    for (const seed of [1, 2, 3]) {
      const record = await runOn(sparseFaultsWorld({ seed, rules: 18 }), { maxIterations: 6 });
      for (const w of record.scope.widenings ?? []) {
        widenings++;
        expect(record.iterations.filter((it) => it.t <= w.afterIteration && it.entered)).toEqual([]);
      }
    }
    expect(widenings).toBeGreaterThan(0);
  });

  it("a run killed after its scope was widened resumes with the wider scope and ends as an uninterrupted run", async () => {
    const knobs = { seed: world.seed, maxIterations: 4 };
    const config = { ...runConfigOf(EvolveConfig.parse(knobs)), bootstrap: 100 };
    const { inputs } = worldRunInputs(world, config);
    const run = (extra: Partial<EvolveDeps>) =>
      runEvolution(inputs, {
        roles: createSimRoles(world),
        runner: createSimAgent(world),
        now: NOW,
        ...extra,
      });
    const whole = await run({});
    expect(whole.record.scope.widenings?.length).toBeGreaterThan(0);
    const { last, resumed } = await killAndResume({
      runner: createSimAgent(world),
      killAt: (cp) => (cp.state.widenings?.length ?? 0) > 0,
      start: (deps) => run(deps),
      resume: (deps) => run(deps),
    });
    expect(last.state.scope).toEqual(whole.record.scope.skills.slice(0, last.state.scope.length));
    expect(resumeComparable(resumed.record)).toEqual(resumeComparable(whole.record));
  });

  it("refuses a widenScope that is not a boolean, naming the key", () => {
    const parsed = EvolveConfig.safeParse({ widenScope: "yes" });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ["widenScope"], message: expect.stringMatching(/expected boolean/) }),
    ]);
  });
});
