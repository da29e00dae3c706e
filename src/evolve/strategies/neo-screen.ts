// SkillNEO's screening: a child is first measured on half its evaluation set (every other case of
// each category, in id order), at the run's full n and k; only a child the gate admits there is
// promoted to the full evaluation. With the cache on, the promoted child's full evaluation reuses the
// screened runs, so screening costs nothing extra and saves the other half on a refused child.
import type { SkillBank } from "../../bank/skill.js";
import type { Case } from "../../cases/case.js";
import type { RunContext } from "../context.js";
import { floorsFor, gate } from "../gate.js";
import { measureCandidate } from "../measure-candidate.js";
import type { Measurement } from "../measure.js";

export const NEO_SCREEN_NOTE = "refused at screening on half the cases (SkillNEO); not promoted";

/** The screening subset: every other case of each category, by id. */
export function screenCases(cases: readonly Case[]): Case[] {
  const byCategory = new Map<string, Case[]>();
  for (const c of [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  return [...byCategory.values()].flatMap((cs) => cs.filter((_, i) => i % 2 === 0));
}

/** The screen's measurement when it refused the child (or ran out of budget); undefined = promote. */
export async function screenChild(
  ctx: RunContext,
  bank: SkillBank,
  cases: readonly Case[],
): Promise<(Measurement & { neoScreened: boolean }) | undefined> {
  const subset = screenCases(cases);
  if (subset.length === cases.length) return undefined;
  const { n, k } = ctx.in.config;
  const m = await measureCandidate(ctx, bank, subset, { n, k });
  const refused =
    m.rejected !== undefined || !gate(m.perCategory, floorsFor(ctx), ctx.in.categories).admitted;
  return refused || m.outOfBudget ? { ...m, neoScreened: refused } : undefined;
}
