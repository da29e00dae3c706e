// An over-budget world's context limit (world.params.contextLimit; over-budget-world.ts): the
// in-process agent holds every visible skill in its context, so with a limit it keeps the skills in
// the order they are given until the next one would overflow, and never sees the rest. Without a
// limit it sees them all, as before.
import type { Skill } from "../core/bank/skill.js";
import { tokensOf } from "./token-count.js";
import type { World } from "./world.js";

export function skillsWithinContext(world: World, skills: readonly Skill[]): readonly Skill[] {
  const limit = world.params.contextLimit;
  if (limit === undefined) return skills;
  const kept: Skill[] = [];
  let used = 0;
  for (const s of skills) {
    const t = tokensOf(s.source);
    if (used + t > limit) break;
    kept.push(s);
    used += t;
  }
  return kept;
}
