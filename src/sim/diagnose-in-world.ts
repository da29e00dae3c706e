// The simulated diagnoser's decision, shared by the in-process role (roles.ts) and the simulated
// endpoint (endpoint/diagnoser.ts): for each failing case, the rule its diagnosis names → REMOVE its
// decoy where a skill holds it, else ADD its clause (to the home skill with probability q_target),
// or, with probability q_noise, a decoy that breaks a working rule. It heeds "already tried"
// (tried-in-world.ts): a tried edit is never proposed again; in a deceptive world it is lured to a
// broad shortcut (deceptive-world.ts); the next-best one is (the real clause
// instead of a tried misreading, another skill instead of a tried target). A case the parent passes
// on some runs only is fixed from SkillEvolver's contrast when it has one (contrast-in-world.ts).
import type { Contrast } from "../core/llm/prompts/contrast-block.js";
import type { Proposal } from "../core/llm/roles.js";
import type { SkillPlan } from "../records/run-record.js";
import type { SiteKind } from "../records/repair-site.js";
import type { Rng } from "../vocabulary/rng.js";
import { TOOL_OP_KINDS, type ToolOpKind } from "../records/tool-op.js";
import { contrastFix } from "./contrast-in-world.js";
import { shortcutFix } from "./deceptive-world.js";
import { confirmedHarm } from "./harm-in-world.js";
import { suspectedShortcut } from "./valley-world.js";
import { toolPlansInWorld } from "./diagnose-tools.js";
import { type PlanEdit, renderPlan, unionEdits } from "./plan.js";
import { decoyLines, wasTried, type TriedChange } from "./tried-in-world.js";
import type { Rule, World } from "./world.js";

export interface DiagnosedSkill {
  name: string;
  source: string;
}

export interface DiagnosedCase {
  /** The case id, when known: fault localisation's evidence names cases. */
  id?: string;
  diagnosis: string;
  parentPassed?: boolean;
  /** SkillEvolver's contrastive update: the parent's best and worst run of this case. */
  contrast?: Contrast;
}

export interface DiagnoseOptions {
  localisation?: readonly LocalisedComponent[];
  toolOps?: readonly ToolOpKind[];
  /** Edits already tried and refused (nogoods): never proposed again. */
  tried?: readonly TriedChange[];
}

/** The rule a diagnosis points at: the one all of whose words it names (a misleading one points elsewhere). */
export function ruleNamedBy(world: World, diagnosis: string): Rule | undefined {
  return world.rules.find((r) => r.words.every((w) => diagnosis.includes(w)));
}

/** A ranked component with the failing cases of the batch that went through it, and its site type. */
export interface LocalisedComponent {
  component: string;
  cases: readonly string[];
  kind?: SiteKind;
  /** The counterfactual check, when one was made: only a confirmed site's text is removed. */
  confirmation?: { verdict: "confirmed" | "refuted" };
}

/**
 * The skills the failing runs of a case went through, by the ranking's evidence; undefined = unknown.
 * A `description` site is left out: the runs went there because retrieval sent them, not because the
 * case's rule lives there.
 */
function skillsWentThrough(
  localisation: readonly LocalisedComponent[],
  id: string | undefined,
): Set<string> | undefined {
  if (id === undefined) return undefined;
  const skills = localisation
    .filter((l) => l.cases.includes(id) && l.kind !== "description")
    // An interaction's runs went through both of its skills; a shared site's through the skill they read.
    .flatMap((l) => (l.kind === "interaction" ? l.component.split("+") : [l.component.split(/[#/]/)[0]!]));
  return skills.length ? new Set(skills) : undefined;
}

/**
 * With fault localisation (`localisation`), when a case's failing runs went through the named rule's
 * home skill, the clause goes there: the traces say where the rule lives, so the q_target
 * misdirection to another skill does not happen. A misleading diagnosis (its runs went elsewhere)
 * is still followed: the rule it names is a real missing one, so the edit is not wasted.
 */
export function diagnoseInWorld(
  world: World,
  parent: readonly DiagnosedSkill[],
  batch: readonly DiagnosedCase[],
  rng: Rng,
  opts: DiagnoseOptions = {},
): Proposal {
  const { localisation = [], toolOps = world.tools ? TOOL_OP_KINDS : [], tried = [] } = opts;
  const blamed: Rule[] = [];
  const edits = new Map<string, PlanEdit[]>();
  const decoys = tried.length ? decoyLines(world) : new Set<string>();
  const fresh = (skill: string, e: PlanEdit) => !wasTried(tried, skill, e, decoys);
  const add = (skill: string, e: PlanEdit) => edits.set(skill, [...(edits.get(skill) ?? []), e]);
  const holder = (text: string) => parent.find((s) => s.source.includes(text));
  const causes: string[] = [];
  for (const c of batch) {
    const rule = ruleNamedBy(world, c.diagnosis);
    if (c.parentPassed === true) {
      const fix = c.contrast ? contrastFix(world, parent, rule, c.contrast) : undefined;
      if (fix && fresh(fix.skill, fix.edit)) {
        add(fix.skill, fix.edit);
        causes.push(`${fix.rule.id} (best vs worst run)`);
      }
      continue;
    }
    if (!rule) continue;
    const went = skillsWentThrough(localisation, c.id);
    const removal = removalFix(world, parent, rule, c.id, rng, localisation);
    if (removal) {
      if (fresh(removal.skill, removal.edit)) add(removal.skill, removal.edit);
      causes.push(removal.cause);
      continue;
    }
    if (holder(rule.clause)) {
      blamed.push(rule); // the clause is there: bad luck, or (in a tools world) the tool behind it
      continue;
    }
    const fix =
      shortcutFix(world, parent, rule, rng, fresh) ??
      missingFix(world, parent, rule, rng, fresh, went?.has(rule.skill) === true);
    if (!fix) continue;
    add(fix.skill, fix.edit);
    causes.push(fix.cause);
  }
  const plans: SkillPlan[] = [...edits]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([skill, es]) => ({ skill, plan: renderPlan(unionEdits([es])) }));
  plans.push(...toolPlansInWorld(world, parent, blamed, toolOps));
  return {
    targets: plans.map((p) => p.skill),
    rootCause: causes.length
      ? `Simulated diagnosis: ${causes.join(", ")}`
      : "Simulated diagnosis: no skill-level cause found",
    plans,
  };
}

/**
 * Text already in the parent that fails the rule: its decoy; a valley's shortcut the diagnoser
 * suspects (valley-world.ts); or, while the clause is present, a section a counterfactual check
 * confirmed (harm-in-world.ts). Its edit removes that line. Undefined: nothing to remove.
 */
function removalFix(
  world: World,
  parent: readonly DiagnosedSkill[],
  rule: Rule,
  id: string | undefined,
  rng: Rng,
  localisation: readonly LocalisedComponent[],
): { skill: string; edit: PlanEdit; cause: string } | undefined {
  const decoyIn = parent.find((s) => s.source.includes(rule.decoy));
  if (decoyIn)
    return {
      skill: decoyIn.name,
      edit: { op: "REMOVE", rule: rule.id, clause: rule.decoy },
      cause: `${rule.id} contradicted`,
    };
  const suspected = suspectedShortcut(world, parent, rule, (p) => rng.chance(p));
  if (suspected)
    return {
      skill: suspected.skill,
      edit: { op: "REMOVE", rule: rule.id, clause: suspected.shortcut },
      cause: `${rule.id} blocked by a broad line`,
    };
  const harm = confirmedHarm(world, parent, id, localisation);
  if (!harm || !parent.some((s) => s.source.includes(rule.clause))) return undefined;
  return {
    skill: harm.skill,
    edit: { op: "REMOVE", rule: rule.id, clause: harm.line },
    cause: `${rule.id} failed through ${harm.site} (confirmed)`,
  };
}

/**
 * A missing rule's edit: with probability q_noise a misread decoy (unless that was tried), else its
 * clause, to the home skill with probability q_target (or where the failing runs went), else another
 * skill; a tried target gives way to the home skill, then the others. Undefined: all were tried.
 */
function missingFix(
  world: World,
  parent: readonly DiagnosedSkill[],
  rule: Rule,
  rng: Rng,
  fresh: (skill: string, e: PlanEdit) => boolean,
  wentHome: boolean,
): { skill: string; edit: PlanEdit; cause: string } | undefined {
  if (rng.chance(world.params.qNoise)) {
    const victim = noiseTarget(world, parent, rng) ?? rule;
    const misread: PlanEdit = { op: "ADD", rule: victim.id, clause: victim.decoy };
    // A misreading already tried and refused gives way to the real fix.
    if (fresh(victim.skill, misread))
      return { skill: victim.skill, edit: misread, cause: `${victim.id} (misread)` };
  }
  const others = parent.map((s) => s.name).filter((n) => n !== rule.skill);
  const aimed = rng.chance(world.params.qTarget) || others.length === 0 || wentHome;
  const clause: PlanEdit = { op: "ADD", rule: rule.id, clause: rule.clause };
  const first = aimed ? rule.skill : others[rng.int(others.length)]!;
  const target = [first, rule.skill, ...others].find((s) => fresh(s, clause));
  return target ? { skill: target, edit: clause, cause: `${rule.id} missing` } : undefined;
}

/** A rule whose clause the parent holds: its decoy would break working behaviour. */
function noiseTarget(world: World, parent: readonly DiagnosedSkill[], rng: Rng): Rule | undefined {
  const working = world.rules.filter((r) => parent.some((s) => s.source.includes(r.clause)));
  return working.length ? working[rng.int(working.length)] : undefined;
}
