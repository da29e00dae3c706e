// A deceptive world (`sim new --kind deceptive`) through the simulated endpoint and the real OpenAI
// client: the endpoint's agent passes a rule the shortcut answers and fails a blocked rule while it
// reads the shortcut, as the in-process agent does, and the model diagnoser is lured to the shortcut
// exactly as the in-process one is. Simulated.
import { afterEach, describe, expect, it } from "vitest";
import type { Skill } from "../../src/core/bank/skill.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import type { CaseView } from "../../src/core/llm/roles.js";
import { withTraps } from "../../src/sim/deceptive-world.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { simDiagnoser } from "../support/sim-roles/roles.js";
import { connect, endpointReferenceAgent, type Connected } from "./endpoint-support.js";

/** Certain outcomes: a run passes exactly when the world says its rule holds. */
const SURE = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qNoise: 0, qTarget: 1 };
const world: World = withTraps(generateWorld({ seed: 5, params: { ...SURE, qForget: 0, qDropFiller: 0 } }), {
  lure: 1,
});
const trap = world.traps![0]!;
const fixed = world.evolution.find((wc) => wc.rule === trap.fixes[0])!;
const blocked = world.evolution.find((wc) => wc.rule === trap.blocks[0])!;
const clauseOf = (id: string) => world.rules.find((r) => r.id === id)!.clause;

/** The bank with `lines` appended to the trap's skill. */
function bankWith(lines: readonly string[]): Skill[] {
  return worldBank({
    ...world,
    skills: world.skills.map((s) =>
      s.name === trap.skill
        ? { ...s, source: `${s.source.trimEnd()}\n${lines.map((l) => `- ${l}`).join("\n")}\n` }
        : s,
    ),
  }).skills;
}

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

describe("a deceptive world through the simulated endpoint", () => {
  it("the agent passes what the shortcut answers and fails what it blocks, as the in-process agent does", async () => {
    c = await connect(world);
    const endpointAgent = endpointReferenceAgent(c);
    const inProcess = createSimAgent(world);
    const verdicts = async (wc: typeof fixed, skills: Skill[]) =>
      Promise.all(
        [endpointAgent, inProcess].map(async (r) => {
          const out = await r.run({ case: wc.case, skills, runIndex: 0, files: {} });
          return (out.output as { verdict: string }).verdict.startsWith("report-");
        }),
      );
    expect(await verdicts(fixed, bankWith([]))).toEqual([false, false]);
    expect(await verdicts(fixed, bankWith([trap.shortcut]))).toEqual([true, true]);
    expect(await verdicts(blocked, bankWith([clauseOf(blocked.rule)]))).toEqual([true, true]);
    expect(await verdicts(blocked, bankWith([trap.shortcut, clauseOf(blocked.rule)]))).toEqual([
      false,
      false,
    ]);
    expect(c.problems).toEqual([]);
  });

  it("the model diagnoser is lured to the shortcut as the in-process one is", async () => {
    c = await connect(world);
    const parent = worldBank(world).skills.map((s) => ({
      name: s.name,
      description: s.frontmatter.description ?? "",
      source: s.source,
    }));
    const batch: CaseView[] = [{ ...fixed.case, parentPassed: false }];
    const diagnosed = await createModelRoles(c.model).diagnoser.diagnose({
      parent,
      batch,
      index: 0,
      seed: 1,
    });
    const expected = await simDiagnoser(world).diagnose({ parent, batch, index: 0, seed: 1 });
    expect(diagnosed.ok && expected.ok).toBe(true);
    if (!diagnosed.ok || !expected.ok) return;
    expect(diagnosed.value).toEqual(expected.value);
    expect(diagnosed.value.plans).toEqual([
      { skill: trap.skill, plan: `ADD ${fixed.rule}: ${trap.shortcut}` },
    ]);
  });
});
