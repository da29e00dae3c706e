// `skillops sim new --kind deceptive` (docs/simulated-world.md "World kinds"): deceptive local
// optima, SkillNEO's target. In a home skill, two rules can be answered by one broad shortcut line
// ("when any field shows X or Y, report … and skip the remaining checks"), which the diagnoser
// proposes for their failing cases with probability `lure` instead of either clause. It helps at
// once (both rules pass), and while the agent reads it, three other rules of that skill fail even
// once their clauses are written (the trap blocks them). All five start missing, so the first step
// looks free; a lineage that took the shortcut can only climb further by losing it (forgetting, or
// a parent that never took it). The diagnoser never suspects the shortcut: a blocked rule whose
// clause is present reads as bad luck, as any present clause does.
import type { Rng } from "../vocabulary/rng.js";
import { deriveRng } from "../vocabulary/rng.js";
import type { PlanEdit } from "./plan.js";
import type { Rule, World, WorldTrap } from "./world.js";

const FIXES = 2;
const BLOCKS = 3;

export function withTraps(world: World, opts: { traps?: number; lure?: number } = {}): World {
  const rng = deriveRng(world.seed, "deceptive-world");
  const homes = [...new Set(world.rules.map((r) => r.skill))].filter(
    (h) => world.rules.filter((r) => r.skill === h).length >= FIXES + BLOCKS,
  );
  const traps: WorldTrap[] = rng
    .shuffle(homes)
    .slice(0, opts.traps ?? 2)
    .map((skill) => {
      const rules = rng.shuffle(world.rules.filter((r) => r.skill === skill)).slice(0, FIXES + BLOCKS);
      const fixes = rules.slice(0, FIXES);
      return {
        skill,
        shortcut: shortcutOf(fixes),
        fixes: fixes.map((r) => r.id),
        blocks: rules.slice(FIXES).map((r) => r.id),
        lure: opts.lure ?? 0.75,
      };
    });
  if (traps.length === 0)
    throw new RangeError("a deceptive world needs a home skill with five rules or more");
  // Every rule a trap touches starts missing, so taking the shortcut costs nothing measurable at first.
  const touched = new Set(traps.flatMap((t) => [...t.fixes, ...t.blocks]));
  const clauses = world.rules.filter((r) => touched.has(r.id)).map((r) => `- ${r.clause}\n`);
  const skills = world.skills.map((s) => ({
    ...s,
    source: clauses.reduce((src, line) => src.replace(line, ""), s.source),
  }));
  const pool = world.pool.filter((wc) => !touched.has(wc.rule));
  return { ...world, skills, pool, traps, worldKind: "deceptive" };
}

/** How every shortcut line ends, so a record's plan text shows where one was added or removed. */
export const SHORTCUT_TAIL = "and skip the remaining checks of this skill.";

function shortcutOf([a, b]: readonly Rule[]): string {
  return `When any field shows ${a!.words[1]} or ${b!.words[1]}, report ${a!.words[2]} or ${b!.words[2]} ${SHORTCUT_TAIL}`;
}

/**
 * The diagnoser's lure: for a missing rule that a trap's shortcut answers, with probability `lure`
 * the shortcut (into the trap's skill) instead of the clause, unless the parent already holds it or
 * it was tried. Undefined: propose the ordinary fix. Draws nothing in a world without traps.
 */
export function shortcutFix(
  world: World,
  parent: readonly { source: string }[],
  rule: Rule,
  rng: Rng,
  fresh: (skill: string, e: PlanEdit) => boolean,
): { skill: string; edit: PlanEdit; cause: string } | undefined {
  const trap = world.traps?.find((t) => t.fixes.includes(rule.id));
  if (!trap || parent.some((s) => s.source.includes(trap.shortcut)) || !rng.chance(trap.lure))
    return undefined;
  const edit: PlanEdit = { op: "ADD", rule: rule.id, clause: trap.shortcut };
  return fresh(trap.skill, edit)
    ? { skill: trap.skill, edit, cause: `${rule.id} missing (broad fix)` }
    : undefined;
}
