// `skillops sim new --kind valley` (docs/simulated-world.md "World kinds"): a valley SkillNEO's
// non-elitism can cross. The deceptive world's traps, but the starting bank already holds each
// shortcut, and the five rules a trap touches start without their clauses. So P₀ passes the two rules
// the shortcut answers, and the three it blocks fail. For a failing blocked rule the diagnoser
// suspects the shortcut with probability `suspect` and proposes removing it: that child loses the two
// answered rules at once (their clauses are missing) and gains nothing yet (the blocked clauses are
// missing too), so it scores below its parent. Only a lineage that keeps it climbs out: the missing
// clauses, now unblocked, take it above the shortcut's peak.
import { withTraps } from "./deceptive-world.js";
import { generateWorld, type GenerateOptions } from "./generate.js";
import type { Rule, World } from "./world.js";

/** The diagnoser's chance of blaming the shortcut for a blocked rule's failing case. */
const SUSPECT = 0.5;

export function valleyWorld(opts: GenerateOptions & { suspect?: number }): World {
  // Every other rule starts present, so the valley is the run's main feature, not one among many gaps.
  const base = generateWorld({
    ...opts,
    present: { general: 1, hallucination: 1, special: 1, ...opts.present },
  });
  const deceptive = withTraps(base, { lure: 0 });
  const traps = (deceptive.traps ?? []).map((t) => ({ ...t, suspect: opts.suspect ?? SUSPECT }));
  // The shortcut is where the diagnoser would have put it: the end of its skill's rules section.
  const skills = deceptive.skills.map((s) => {
    const here = traps.filter((t) => t.skill === s.name);
    if (here.length === 0) return s;
    const body = s.source.endsWith("\n") ? s.source : `${s.source}\n`;
    return { ...s, source: body + here.map((t) => `- ${t.shortcut}\n`).join("") };
  });
  return { ...deceptive, skills, traps, worldKind: "valley" };
}

/** The shortcut a valley's diagnoser blames for a failing blocked rule, when the parent holds it. */
export function suspectedShortcut(
  world: World,
  parent: readonly { source: string }[],
  rule: Rule,
  chance: (p: number) => boolean,
): { skill: string; shortcut: string } | undefined {
  const trap = world.traps?.find(
    (t) =>
      t.suspect !== undefined &&
      t.blocks.includes(rule.id) &&
      parent.some((s) => s.source.includes(t.shortcut)),
  );
  if (!trap || !chance(trap.suspect ?? 0)) return undefined;
  return { skill: trap.skill, shortcut: trap.shortcut };
}
