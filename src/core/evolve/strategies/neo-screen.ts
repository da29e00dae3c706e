// SkillNEO's screening: a child is first measured on half its evaluation set (every other case of
// each category, in id order), at the run's full n and k. Screening ranks; it does not gate: as in
// the paper, no floor of P₀'s refuses a child here, so a lower-scoring child still reaches its
// generation's ranking (the non-regression floor applies once, at deployment: neo-star.ts). Every
// screened child waits, unranked, for the rest of its generation; neo-promote.ts then fully evaluates
// the top m of them (config `neoPromote`, default NEO_PROMOTE). A screen the budget cut short stops
// the child. With the cache on, a promoted child's full evaluation reuses its screened runs.
import type { SkillBank } from "../../bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { RunContext } from "../context.js";
import { measureCandidate } from "../measure-candidate.js";
import type { Measurement } from "../measure.js";
import { generationOf } from "./neo-generation.js";

export const NEO_SCREEN_NOTE = "refused at screening on half the cases (SkillNEO); not promoted";

/** Children of a generation promoted by rank when the config does not say: the paper's k = 3 of b = 6. */
export const NEO_PROMOTE = 3;

/** The screening subset: every other case of each category, by id. */
export function screenCases(cases: readonly Case[]): Case[] {
  const byCategory = new Map<string, Case[]>();
  for (const c of [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  return [...byCategory.values()].flatMap((cs) => cs.filter((_, i) => i % 2 === 0));
}

/** The screen's measurement; `neoDeferred` unless the budget cut it short (`neoScreened` is never set now). */
export type ScreenOutcome = Measurement & { neoScreened: boolean; neoDeferred?: true };

export async function screenChild(
  ctx: RunContext,
  bank: SkillBank,
  cases: readonly Case[],
): Promise<ScreenOutcome> {
  const { n, k } = ctx.in.config;
  const m = await measureCandidate(ctx, bank, screenCases(cases), { n, k, phase: "screen", ungated: true });
  if (m.outOfBudget) return { ...m, neoScreened: false };
  return { ...m, neoScreened: false, neoDeferred: true };
}

/** A deferred child's note until its generation is ranked (only a mid-generation checkpoint shows it). */
export const deferredNote = (t: number) =>
  `admitted at screening (SkillNEO); its full evaluation waits for generation ${generationOf(t) + 1}'s ranking`;
