// The simulated consolidator's merge, shared by the in-process role and the simulated endpoint: the
// union of the retained proposals' edits, one plan per skill, in a stable order.
import type { SkillPlan } from "../records/run-record.js";
import { isToolTarget } from "../records/tool-op.js";
import { type PlanEdit, parsePlan, renderPlan, unionEdits } from "./plan.js";

/** A tool target's plan is not ADD/REMOVE lines: the first proposed one is kept whole, with its op. */
export function mergePlans(proposals: readonly { plans: readonly SkillPlan[] }[]): SkillPlan[] {
  const bySkill = new Map<string, PlanEdit[][]>();
  const tools = new Map<string, SkillPlan>();
  for (const p of proposals)
    for (const x of p.plans) {
      if (isToolTarget(x.skill)) {
        if (!tools.has(x.skill)) tools.set(x.skill, x);
      } else bySkill.set(x.skill, [...(bySkill.get(x.skill) ?? []), parsePlan(x.plan)]);
    }
  const skills = [...bySkill].map(([skill, lists]) => ({ skill, plan: renderPlan(unionEdits(lists)) }));
  return [...skills, ...tools.values()].sort((a, b) => (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
}
