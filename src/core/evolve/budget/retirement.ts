// Retirement of skills that never earn their tokens (SkillSmith §3.2: "posterior evidence governs
// retirement"; a skill is retired when Pr(fᵢ > 0 | data) < ε). At each allocation a skill whose
// gain, at the allocation's propensities, has a posterior chance below ε (default 5%) of being positive
// takes a strike; a skill with `retireAfter` strikes in a row is retired: never exposed again in
// this run, by any later allocation. The strikes and the retired list are kept on each
// allocation's record (`contextBudget.retirement`), which the checkpoint holds, so a resumed run
// counts the same. Pure core.
import type { ContextBudgetRecord } from "../../../records/context-budget-record.js";
import { chancePositive, type EffectPosterior } from "./effect-posterior.js";

/** ε when `retireBelow` is unset: SkillSmith's rule. */
export const RETIRE_BELOW = 0.05;

export type Retirement = NonNullable<ContextBudgetRecord["retirement"]>;

/** The retirement state after the run's earlier allocations: the newest record that has one. */
export function previousRetirement(
  records: readonly (ContextBudgetRecord | undefined)[],
): Retirement | undefined {
  return records.filter((r) => r?.retirement).at(-1)?.retirement;
}

/** This allocation's strikes and the retired list, given the posterior at propensities `shown`. */
export function retire(
  post: EffectPosterior,
  names: readonly string[],
  shown: readonly number[],
  after: number,
  previous: Retirement | undefined,
  below = RETIRE_BELOW,
): Retirement {
  const retired = new Set(previous?.retired ?? []);
  const flagged: Retirement["flagged"] = [];
  names.forEach((skill, i) => {
    if (retired.has(skill)) return;
    const chance = chancePositive(post, i, shown);
    if (!(chance < below)) return;
    const strikes = (previous?.flagged.find((f) => f.skill === skill)?.strikes ?? 0) + 1;
    flagged.push({ skill, chance, strikes });
    if (strikes >= after) retired.add(skill);
  });
  return { after, below, flagged, retired: [...retired].sort() };
}
