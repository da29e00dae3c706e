// The simulated consolidator's merge, shared by the in-process role and the simulated endpoint: the
// union of the retained proposals' edits, one plan per skill, in a stable order.
import type { SkillPlan } from "../evolve/run-record.js";
import { type PlanEdit, parsePlan, renderPlan, unionEdits } from "./plan.js";

export function mergePlans(proposals: readonly { plans: readonly SkillPlan[] }[]): SkillPlan[] {
  const bySkill = new Map<string, PlanEdit[][]>();
  for (const p of proposals)
    for (const x of p.plans) bySkill.set(x.skill, [...(bySkill.get(x.skill) ?? []), parsePlan(x.plan)]);
  return [...bySkill]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([skill, lists]) => ({ skill, plan: renderPlan(unionEdits(lists)) }));
}
