// The simulated diagnoser's use of SkillEvolver's contrastive update (strategies/contrast.ts): a case
// the parent passes on some runs and fails on others. A skill only the worst run loaded that holds a
// rule's decoy is where the conflict is (REMOVE it there); a skill only the best run loaded that holds
// the rule's clause is where the passing run found it, so the plain reading misses it and the clause
// goes where the worst run reads: the rule's home skill when that run loaded it. When several rules
// fit, the runs' aligned trajectories (when shown) decide: the skill of the first step they do not
// share, as far as the shown steps tell (a truncated block tells less).
import type { Contrast } from "../core/llm/prompts/contrast-block.js";
import type { PlanEdit } from "./plan.js";
import type { Rule, World } from "./world.js";

export interface ContrastFix {
  skill: string;
  edit: PlanEdit;
  rule: Rule;
}

interface Held {
  name: string;
  source: string;
}

/** The edit the contrast points to for `named` (the diagnosis's rule), else for the one rule it singles out. */
export function contrastFix(
  world: World,
  parent: readonly Held[],
  named: Rule | undefined,
  contrast: Contrast,
): ContrastFix | undefined {
  const { best, worst } = contrast;
  const bestOnly = parent.filter(
    (s) => best.skillsLoaded.includes(s.name) && !worst.skillsLoaded.includes(s.name),
  );
  const worstOnly = parent.filter(
    (s) => worst.skillsLoaded.includes(s.name) && !best.skillsLoaded.includes(s.name),
  );
  const worstRead = parent.filter((s) => worst.skillsLoaded.includes(s.name));
  const fixFor = (rule: Rule): ContrastFix | undefined => {
    const decoy = worstOnly.find((s) => s.source.includes(rule.decoy));
    if (decoy) return { skill: decoy.name, edit: { op: "REMOVE", rule: rule.id, clause: rule.decoy }, rule };
    if (!bestOnly.some((s) => s.source.includes(rule.clause))) return undefined;
    if (worstRead.some((s) => s.source.includes(rule.clause))) return undefined;
    const home = worst.skillsLoaded.includes(rule.skill) ? rule.skill : (worstRead[0]?.name ?? rule.skill);
    return { skill: home, edit: { op: "ADD", rule: rule.id, clause: rule.clause }, rule };
  };
  const fix = named ? fixFor(named) : undefined;
  if (fix) return fix;
  // A misleading diagnosis: the traces still single out a rule when exactly one fits the contrast.
  const fits = world.rules
    .filter((r) => r !== named && worst.skillsLoaded.includes(r.skill))
    .flatMap((r) => fixFor(r) ?? []);
  if (fits.length === 1) return fits[0];
  // Several fit: the aligned trajectories' point of divergence says which skill the runs parted at.
  const at = divergenceSkill(contrast);
  const there = fits.filter((f) => f.skill === at);
  return there.length === 1 ? there[0] : undefined;
}

const skillOfStep = (step: string) => /^(?:load_skill|read) ([^\s#]+)/.exec(step)?.[1];

/** The skill the runs' first unshared shown step touches, where their paths part; undefined if none shows. */
function divergenceSkill(c: Contrast): string | undefined {
  const t = c.trajectory;
  if (t?.divergence === undefined) return undefined;
  return t.steps
    .slice(t.divergence)
    .flatMap((s) => (s.side === "both" ? [] : (skillOfStep(s.step) ?? [])))[0];
}
