// Nogoods in the loop on seeded simulated worlds: the gate's refusals become nogoods, and a run that
// reads them vetoes the repeated children before evaluating them.
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { EvolveInputs } from "../../src/core/evolve/context.js";
import { Nogood } from "../../src/records/nogood.js";
import type { DiagnoseInput, Roles } from "../../src/core/llm/roles.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

function inputsFor(
  seed: number,
  nogoods?: Nogood[],
): { inputs: EvolveInputs; world: ReturnType<typeof generateWorld> } {
  const world = generateWorld({ seed, rules: 12 });
  const config = {
    ...runConfigOf(
      EvolveConfig.parse({ seed, maxIterations: 8, epsilon: 0, patience: 8, localisation: false }),
    ),
    bootstrap: 200,
  };
  const { inputs } = worldRunInputs(world, config, nogoods ?? []);
  return { inputs, world };
}

async function run(seed: number, nogoods?: Nogood[], opts: { heed?: boolean; ddmin?: boolean } = {}) {
  const { inputs, world } = inputsFor(seed, nogoods);
  const sim = createSimRoles(world);
  // A diagnoser that ignores "already tried" (as a model may): the veto is what stops the repeat.
  const roles: Roles =
    opts.heed === false
      ? { ...sim, diagnoser: { diagnose: ({ tried: _tried, ...input }) => sim.diagnoser.diagnose(input) } }
      : sim;
  const config = opts.ddmin === false ? { ...inputs.config, ddmin: false } : inputs.config;
  return runEvolution({ ...inputs, config }, { roles, runner: createSimAgent(world), now: NOW });
}

describe("nogoods in the loop", () => {
  it("a refused child's edits are minimised to a 1-edit nogood and recorded in the run record", async () => {
    const { record } = await run(1);
    expect(RunRecord.parse(record)).toEqual(record);
    const first = record.iterations[0]!;
    expect(first.gate.admitted).toBe(false);
    expect(first.nogoods?.ddmin).toMatchObject({ edits: 4, kept: 1, minimal: true });
    const created = record.nogoods!.created;
    expect(created.map((n) => n.id)).toContain(first.nogoods!.created);
    const nogood = created.find((n) => n.id === first.nogoods!.created)!;
    expect(nogood).toMatchObject({
      origin: "gate",
      runId: record.runId,
      minimal: true,
      candidate: first.child!.candidate,
    });
    expect(nogood.evidence.categories.length).toBeGreaterThan(0);
    expect(nogood.createdAt).toBe("2026-11-30T00:00:00.000Z");
    expect(record.nogoods!.minimisations).toBeGreaterThan(0);
  }, 60_000);

  it("with ddmin off (--no-ddmin) a refused multi-edit child is one non-minimal nogood of all its edits", async () => {
    const { record } = await run(1, undefined, { ddmin: false });
    expect(RunRecord.parse(record)).toEqual(record);
    const first = record.iterations[0]!;
    expect(first.gate.admitted).toBe(false);
    expect(first.nogoods?.ddmin).toBeUndefined();
    const nogood = record.nogoods!.created.find((n) => n.id === first.nogoods!.created)!;
    expect(nogood.edits).toHaveLength(4);
    expect(nogood.minimal).toBe(false);
    expect(record.nogoods!.minimisations).toBe(0);
  }, 60_000);

  it("a run that reads the nogoods vetoes the repeated child unevaluated and counts the evaluation saved", async () => {
    const before = await run(1);
    const nogoods = before.record.nogoods!.created.map((n) => Nogood.parse(JSON.parse(JSON.stringify(n))));
    const after = await run(1, nogoods, { heed: false });
    const first = after.record.iterations[0]!;
    expect(first.child).toBeUndefined();
    expect(first.nogoods?.vetoedBy).toBe(before.record.iterations[0]!.nogoods!.created);
    expect(first.note).toMatch(/^vetoed unevaluated: the child repeats nogood [0-9a-f]{8} \(gate; /);
    const tally = after.record.nogoods!;
    expect(tally.loaded).toBe(nogoods.length);
    expect(tally.retired).toBe(0);
    expect(tally.vetoes).toBeGreaterThan(0);
    expect(tally.evaluationsSaved).toBe(tally.vetoes);
    expect(tally.applied).toContain(first.nogoods!.vetoedBy);
    // No child that a loaded nogood refused is measured again.
    const refused = new Set(nogoods.map((n) => n.candidate));
    for (const it of after.record.iterations) expect(refused.has(it.child?.candidate)).toBe(false);
  }, 60_000);
});

describe("diagnosers see the nogoods", () => {
  it("the simulated diagnoser heeds them: the repeated iteration makes another child, not a veto", async () => {
    const before = await run(1);
    const nogoods = before.record.nogoods!.created;
    const after = await run(1, nogoods);
    const first = after.record.iterations[0]!;
    expect(first.nogoods?.vetoedBy).toBeUndefined();
    expect(first.child).toBeDefined();
    expect(first.child!.candidate).not.toBe(before.record.iterations[0]!.child!.candidate);
    const vetoed = after.record.iterations.filter((it) => it.nogoods?.vetoedBy).length;
    expect(vetoed).toBe(after.record.nogoods!.vetoes);
    expect(vetoed).toBe(0);
  }, 60_000);

  it("a run with nogoods tells its diagnosers what was already tried on the skills in view", async () => {
    const before = await run(1);
    const nogoods = before.record.nogoods!.created;
    const { inputs, world } = inputsFor(1, nogoods);
    const sim = createSimRoles(world);
    const seen: DiagnoseInput[] = [];
    const roles: Roles = {
      ...sim,
      diagnoser: { diagnose: (input) => (seen.push(input), sim.diagnoser.diagnose(input)) },
    };
    await runEvolution(inputs, { roles, runner: createSimAgent(world), now: NOW });
    const first = seen.filter((s) => s.index === 0)[0]!;
    const skill = nogoods[0]!.edits[0]!.skill;
    expect(first.tried?.map((e) => e.skill)).toContain(skill);
    expect(first.tried!.every((e) => first.parent.some((v) => v.name === e.skill))).toBe(true);
  }, 60_000);
});
