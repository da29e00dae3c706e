// The small world of the simulated diagnoser's tests: 6 rules, seed 5, every draw sure (p_hit 1,
// p_miss 0, no noise, no forgetting), with the given q_target; the skills as the diagnoser sees them;
// and a rule whose clause no skill holds yet, with one evolution case of it.
import type { SkillView } from "../../src/core/llm/roles.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";

/** The world's skills as the diagnoser's parent. */
export const skillViews = (w: World): SkillView[] =>
  worldBank(w).skills.map((s) => ({
    name: s.name,
    description: s.frontmatter.description ?? "",
    source: s.source,
  }));

export function diagnoserWorld(qTarget: number) {
  const params = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qNoise: 0, qTarget };
  const world: World = generateWorld({
    seed: 5,
    rules: 6,
    params: { ...params, qForget: 0, qDropFiller: 0 },
  });
  const rule = world.rules.find((r) => !world.skills.some((s) => s.source.includes(r.clause)))!;
  const wc = world.evolution.find((e) => e.rule === rule.id)!;
  return { world, rule, wc };
}
