// An over-budget world (`sim new --kind over-budget`) through the simulated endpoint and the real
// OpenAI client: the endpoint's agent never loads a skill listed past the world's context limit, as
// the in-process agent never sees one, so the same rule passes or fails on both depending on where
// its home skill is listed. Simulated.
import { afterEach, describe, expect, it } from "vitest";
import type { Skill } from "../../src/core/bank/skill.js";
import { overBudgetWorld } from "../../src/sim/over-budget-world.js";
import { skillsWithinContext } from "../../src/sim/context-limit.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { connect, endpointReferenceAgent, type Connected } from "./endpoint-support.js";

/** Certain outcomes: a run passes exactly when the world says its rule holds. */
const SURE = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0 };
const world = overBudgetWorld({
  seed: 3,
  params: SURE,
  present: { general: 1, hallucination: 1, special: 1 },
});
const bank = worldBank(world).skills;
const seen = new Set(skillsWithinContext(world, bank).map((s) => s.name));
const past = world.evolution.find((wc) => !seen.has(world.rules.find((r) => r.id === wc.rule)!.skill))!;
const home = past.case && world.rules.find((r) => r.id === past.rule)!.skill;

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

describe("an over-budget world through the simulated endpoint", () => {
  it("a rule whose home is listed past the context limit fails on both agents, and passes once it is listed first", async () => {
    c = await connect(world);
    const agents = [endpointReferenceAgent(c), createSimAgent(world)];
    const passes = async (skills: Skill[]) =>
      Promise.all(
        agents.map(async (r) => {
          const out = await r.run({ case: past.case, skills, runIndex: 0, files: {} });
          return (out.output as { verdict: string }).verdict.startsWith("report-");
        }),
      );
    expect(await passes(bank)).toEqual([false, false]);
    const first = [...bank.filter((s) => s.name === home), ...bank.filter((s) => s.name !== home)];
    expect(await passes(first)).toEqual([true, true]);
  });
});
