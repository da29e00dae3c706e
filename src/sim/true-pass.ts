// The world's truth for a case under a skill set: the probability that one run passes, from what the
// agent would read (agent-reading.ts) — p_hit when the rule's clause is there and its decoy is not
// (or the case's memorised answer is, leak.ts; rule-holds.ts), p_miss otherwise — and the pass@k that implies. A
// benchmark uses it to say whether a gate's refusal was spurious (bench/crn.ts); it is simulated.
import type { Skill } from "../core/bank/skill.js";
import type { Case } from "../records/case.js";
import { readSections, sectionsToRead, skillsToRead } from "./agent-reading.js";
import { readRule } from "./rule-holds.js";
import { skillsWithinContext } from "./context-limit.js";
import type { World } from "./world.js";

/** Probability that one run of `c` passes when the agent sees `skills` (tools not modelled). */
export function truePassProbability(world: World, skills: readonly Skill[], c: Case): number {
  const ruleId = [...world.evolution, ...world.heldOut, ...world.pool].find(
    (wc) => wc.case.id === c.id,
  )?.rule;
  const rule = world.rules.find((r) => r.id === ruleId);
  if (!rule) throw new RangeError(`truePassProbability: case ${c.id} is not in the world`);
  const visible = skillsWithinContext(world, skills);
  const listed = visible.map((s) => ({ name: s.name, description: s.frontmatter.description ?? "" }));
  const names = new Set(skillsToRead(rule, c.task.prompt, listed));
  const text = visible
    .filter((s) => names.has(s.name))
    .map((s) => readSections(s.body, sectionsToRead(world, rule, s.name)).text)
    .join("\n");
  return readRule(world, rule, c, text).hit ? (world.params.pHit[rule.category] ?? 0.7) : world.params.pMiss;
}

/** E[pass@k] for independent runs that each pass with probability p. */
export function truePassAtK(p: number, k: number): number {
  return 1 - (1 - p) ** k;
}
