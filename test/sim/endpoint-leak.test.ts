// Leakage through the simulated endpoint: the endpoint rewriter makes the same leak decision as the
// in-process one (src/sim/leak.ts), and the endpoint agent passes only the case whose answer it
// loaded. Through the real OpenAI client.
import { afterEach, describe, expect, it } from "vitest";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { generateWorld } from "../../src/sim/generate.js";
import { memorisedLine } from "../../src/sim/leak.js";
import { renderPlan } from "../../src/sim/plan.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";
import { connect, endpointReferenceAgent, type Connected } from "./endpoint-support.js";

const SURE = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qForget: 0, qDropFiller: 0 };
const world: World = generateWorld({ seed: 4, rules: 6, params: { ...SURE, leakRate: 1 } });
const rule = world.rules.find((r) => !world.skills.some((s) => s.source.includes(r.clause)))!;

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

describe("leakage through the simulated endpoint", () => {
  it("the rewriter pastes one case's answer; the agent that loads it passes that case only", async () => {
    c = await connect(world);
    const home = worldBank(world).skills.find((s) => s.name === rule.skill)!;
    const rewritten = await createModelRoles(c.model).rewriter.rewrite({
      skill: {
        name: home.name,
        description: String(home.frontmatter.description ?? ""),
        source: home.source,
      },
      plan: renderPlan([{ op: "ADD", rule: rule.id, clause: rule.clause }]),
      anchors: [],
      siblings: [],
      auxiliary: [],
      seed: 3,
    });
    expect(rewritten.ok).toBe(true);
    if (!rewritten.ok) return;
    expect(rewritten.value.source).not.toContain(rule.clause);
    const ofRule = [...world.evolution, ...world.heldOut].filter((wc) => wc.rule === rule.id);
    const memorised = ofRule.filter((wc) => rewritten.value.source.includes(memorisedLine(rule, wc.case)!));
    expect(memorised.map((wc) => wc.case.id)).toHaveLength(1);
    expect(world.evolution).toContain(memorised[0]);

    const skills = worldBank({
      ...world,
      skills: world.skills.map((s) => (s.name === home.name ? { ...s, source: rewritten.value.source } : s)),
    }).skills;
    const runner = endpointReferenceAgent(c);
    for (const wc of ofRule) {
      const r = await runner.run({ case: wc.case, skills, runIndex: 0, files: {} });
      expect(r.trace).toContainEqual({ type: "skill-loaded", skill: rule.skill });
      const expected = wc === memorised[0] ? `report-${rule.words[2]}` : "no-finding";
      expect([wc.case.id, r.output]).toEqual([wc.case.id, { verdict: expected }]);
    }
    expect(c.problems).toEqual([]);
  });
});
