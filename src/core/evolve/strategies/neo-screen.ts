// SkillNEO's screening: a child is first measured on half its evaluation set (every other case of
// each category, in id order), at the run's full n and k. A child the gate refuses there stops. One
// the gate admits waits, unranked, for the rest of its generation: the generation's children are all
// screened before any is promoted, and neo-promote.ts then fully evaluates the top m of them (config
// `neoPromote`, default NEO_PROMOTE). With the cache on, a promoted child's full evaluation reuses
// its screened runs, so screening costs nothing extra for it.
import type { SkillBank } from "../../bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { RunContext } from "../context.js";
import { floorsFor, gate } from "../gate/gate.js";
import { measureCandidate } from "../measure-candidate.js";
import type { Measurement } from "../measure.js";
import { generationOf } from "./neo-selection.js";

export const NEO_SCREEN_NOTE = "refused at screening on half the cases (SkillNEO); not promoted";

/** Children of a generation promoted by rank when the config does not say: SkillNEO's k/b = 3/6, of 3. */
export const NEO_PROMOTE = 2;

/** The screening subset: every other case of each category, by id. */
export function screenCases(cases: readonly Case[]): Case[] {
  const byCategory = new Map<string, Case[]>();
  for (const c of [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  return [...byCategory.values()].flatMap((cs) => cs.filter((_, i) => i % 2 === 0));
}

/** The screen's measurement; `neoScreened` when its gate refused the child, `neoDeferred` when it admitted it. */
export type ScreenOutcome = Measurement & { neoScreened: boolean; neoDeferred?: true };

export async function screenChild(
  ctx: RunContext,
  bank: SkillBank,
  cases: readonly Case[],
): Promise<ScreenOutcome> {
  const { n, k } = ctx.in.config;
  const m = await measureCandidate(ctx, bank, screenCases(cases), { n, k, phase: "screen" });
  const refused =
    m.rejected !== undefined || !gate(m.perCategory, floorsFor(ctx), ctx.in.categories).admitted;
  if (refused || m.outOfBudget) return { ...m, neoScreened: refused };
  return { ...m, neoScreened: false, neoDeferred: true };
}

/** A deferred child's note until its generation is ranked (only a mid-generation checkpoint shows it). */
export const deferredNote = (t: number) =>
  `admitted at screening (SkillNEO); its full evaluation waits for generation ${generationOf(t) + 1}'s ranking`;
