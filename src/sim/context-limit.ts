// An over-budget world's context limit (world.params.contextLimit; over-budget-world.ts): the agent
// holds every visible skill in its context, so with a limit it keeps the skills in the order they are
// given until the next one would overflow, and never sees the rest. Without a limit it sees them all,
// as before. The in-process agent weighs each skill's current text; the endpoint's agent sees only
// the listed names and descriptions, so it weighs a skill at its size in the world's starting bank
// (a skill the world does not have, at its listed line), the closest it can know before loading.
import type { Skill } from "../core/bank/skill.js";
import type { ListedSkill } from "./agent-reading.js";
import { tokensOf } from "./token-count.js";
import type { World } from "./world.js";

export function skillsWithinContext(world: World, skills: readonly Skill[]): readonly Skill[] {
  return withinLimit(world.params.contextLimit, skills, (s) => tokensOf(s.source));
}

/** The endpoint agent's view: the listed skills that fit, weighed at their starting size. */
export function listedWithinContext(world: World, listed: readonly ListedSkill[]): ListedSkill[] {
  const start = new Map(world.skills.map((s) => [s.name, tokensOf(s.source)]));
  return [
    ...withinLimit(
      world.params.contextLimit,
      listed,
      (s) => start.get(s.name) ?? tokensOf(`- ${s.name}: ${s.description}`),
    ),
  ];
}

function withinLimit<T>(
  limit: number | undefined,
  items: readonly T[],
  tokens: (t: T) => number,
): readonly T[] {
  if (limit === undefined) return items;
  const kept: T[] = [];
  let used = 0;
  for (const s of items) {
    const t = tokens(s);
    if (used + t > limit) break;
    kept.push(s);
    used += t;
  }
  return kept;
}
