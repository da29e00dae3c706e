// Repair sites (SkillSmith §3.2–3.3): each ranked component gets a type that says what kind of repair
// it needs, and the ranking is by mutation priority p_i × suspiciousness, where p_i is the chance the
// component's skill is in the agent's context under the run's context budget allocation: the
// propensity the allocation's own dynamics showed it with (`shown` in the record; the replicator's
// min(1, C·y_i/c_i), or the Hedge step's 1 − e^{−C·y_i/c_i}, from shares y_i, budget C and skill
// tokens c_i). Without an allocation every skill in view is always shown: p_i = 1 and the order is
// Ochiai's. Pure.
import type { Case } from "../../../records/case.js";
import type { ContextBudgetRecord } from "../../../records/context-budget-record.js";
import type { SiteKind } from "../../../records/repair-site.js";
import type { Suspect } from "../../../records/suspect.js";
import { compareSuspects } from "./ochiai.js";
import { isScriptComponent } from "./spectrum.js";
import { isPairComponent } from "./interaction-sites.js";

/** The skill a component belongs to. */
export function skillOfComponent(component: string): string {
  return component.split(/[#/]/)[0]!;
}

/** p_i per skill from an allocation record; skills it does not list are always shown (1). */
export function priorsOf(allocation: ContextBudgetRecord | undefined): (skill: string) => number {
  if (!allocation) return () => 1;
  const p = new Map(allocation.effects.map((e) => [e.skill, e.shown ?? propensityOf(allocation, e)]));
  return (skill) => p.get(skill) ?? 1;
}

/** A record written before `shown` was kept: the propensity its dynamics derive from the share. */
function propensityOf(allocation: ContextBudgetRecord, e: ContextBudgetRecord["effects"][number]): number {
  if (!(e.tokens > 0)) return 1;
  const load = (allocation.budget * e.share) / e.tokens;
  // No `allocation` field means the replicator (allocation.ts); hedge and thompson use hedge.ts.
  return allocation.allocation === undefined ? Math.min(1, load) : 1 - Math.exp(-load);
}

/**
 * The type a ranked component has before any counterfactual check: a script is a `tool`; a skill or
 * section whose failing runs all belong to cases linked to other skills (and none to it) is its
 * skill's `description` (retrieval sent those runs there); otherwise `section` or `skill`.
 */
export function siteKindOf(s: Suspect, cases: readonly Pick<Case, "id" | "skills">[]): SiteKind {
  if (isScriptComponent(s.component)) return "tool";
  const skill = skillOfComponent(s.component);
  const linked = s.cases.map((id) => cases.find((c) => c.id === id)?.skills ?? []);
  const elsewhere = linked.length > 0 && linked.every((l) => l.length > 0 && !l.includes(skill));
  if (elsewhere) return "description";
  return s.component.includes("#") ? "section" : "skill";
}

/** The ranking typed (a site typed already, an interaction, keeps its type) and re-ordered by p_i × score (ties as Ochiai's order). */
export function rankSites(
  ranked: readonly Suspect[],
  cases: readonly Pick<Case, "id" | "skills">[],
  prior: (skill: string) => number,
): Suspect[] {
  return ranked
    .map((s) => {
      // An interaction needs both skills in context: its p_i is the two propensities multiplied.
      const p = isPairComponent(s.component)
        ? s.component.split("+").reduce((x, skill) => x * prior(skill), 1)
        : prior(skillOfComponent(s.component));
      return { ...s, kind: s.kind ?? siteKindOf(s, cases), prior: p, priority: p * s.score };
    })
    .sort((a, b) => b.priority - a.priority || compareSuspects(a, b));
}

/** The type a site has after its counterfactual check: a refuted section or skill is `missing`. */
export function confirmedKind(kind: SiteKind, verdict: "confirmed" | "refuted"): SiteKind {
  return verdict === "refuted" && (kind === "section" || kind === "skill") ? "missing" : kind;
}
