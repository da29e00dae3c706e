// Fault localisation on the production path: runEvolution with the reference runner and the model
// roles, every call through the real `openai` client to the simulated endpoint, on a world where the
// culprit is known (one rule's clause removed from its home skill, every other rule answered
// perfectly). The section reads the agent makes with `load_skill` reach the traces, the spectrum and
// the ranking, which puts the rule's home section and skill first. In process, the simulated
// diagnoser uses the ranking to put each clause in the skill the failing runs went through.
import { afterEach, describe, expect, it } from "vitest";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runEvolution } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { parsePlan } from "../../src/sim/plan.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { CLOCK, connect, endpointReferenceAgent, type Connected } from "./endpoint-support.js";
import { localisationConfig, PERFECT, worldWithCulprit } from "../support/culprit-world.js";

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

/** Every rule present, then one rule's clause taken out of its home skill: that rule is the culprit. */
function culpritWorld() {
  const made = worldWithCulprit((source, culprit) => source.replace(`- ${culprit.clause}\n`, ""));
  expect(made.world.skills.find((s) => s.name === made.culprit.skill)!.source).not.toContain(
    made.culprit.clause,
  );
  return made;
}

const config = localisationConfig;

describe("fault localisation through the simulated endpoint", () => {
  it("ranks the culprit rule's home section, then its skill, first; nothing else failing is ranked", async () => {
    const { world, culprit } = culpritWorld();
    c = await connect(world);
    const { inputs } = worldRunInputs(world, config());
    const runner = endpointReferenceAgent(c);
    const { record } = await runEvolution(inputs, { roles: createModelRoles(c.model), runner, now: CLOCK });
    expect(RunRecord.parse(record)).toEqual(record);
    const localisation = record.iterations[0]!.localisation!;
    const failingCases = world.evolution.filter((wc) => wc.rule === culprit.id).length;
    expect(localisation.map((l) => l.component)).toEqual([`${culprit.skill}#Checks`, culprit.skill]);
    // n = 3 runs per case, all failing; the passing runs are the other rules homed in the same skill.
    expect(localisation[0]).toMatchObject({ ef: failingCases * 3, failing: failingCases * 3 });
    expect(localisation[0]!.ep).toBeGreaterThan(0);
    expect(localisation[0]!.score).toBeCloseTo(
      localisation[0]!.ef / Math.sqrt(localisation[0]!.failing * (localisation[0]!.ef + localisation[0]!.ep)),
      12,
    );
    // The diagnoser was told, and the child fixed the culprit.
    expect(record.iterations[0]!.plan.map((p) => p.skill)).toEqual([culprit.skill]);
    expect(record.iterations[0]!.gate.admitted).toBe(true);
    expect(c.problems).toEqual([]);
  });
});

describe("fault localisation in process, with a diagnoser that often misdirects its edits", () => {
  const world = generateWorld({ seed: 8, rules: 12, casesPerRule: 2, params: { ...PERFECT, qTarget: 0.3 } });
  const home = new Map(world.rules.map((r) => [r.id, r.skill]));
  /** [rule's home skill, skill the diagnoser put its clause in] for every ADD of iteration 1. */
  const adds = (r: Awaited<ReturnType<typeof runSimulatedEvolution>>) =>
    r.record.iterations[0]!.proposals.flatMap((p) =>
      p.plans.flatMap((plan) =>
        parsePlan(plan.plan)
          .filter((e) => e.op === "ADD")
          .map((e) => [home.get(e.rule), plan.skill]),
      ),
    );

  it("puts each clause where the failing runs went; without localisation, q_target sends some elsewhere", async () => {
    const on = await runSimulatedEvolution(world, config(), { now: CLOCK });
    const off = await runSimulatedEvolution(world, config({ localisation: false }), { now: CLOCK });
    expect(on.record.iterations[0]!.localisation!.length).toBeGreaterThan(0);
    expect(off.record.iterations[0]!.localisation).toBeUndefined();
    expect(adds(on).length).toBeGreaterThan(0);
    for (const [rule, target] of adds(on)) expect(target).toBe(rule);
    expect(adds(off).some(([rule, target]) => rule !== target)).toBe(true);
    // Every ranked component is a rule's home skill, or one of its sections.
    const homes = new Set(world.rules.map((r) => r.skill));
    for (const l of on.record.iterations[0]!.localisation!)
      expect(homes.has(l.component.split("#")[0]!)).toBe(true);
  });
});
