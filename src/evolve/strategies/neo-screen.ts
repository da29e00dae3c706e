// SkillNEO's screening and promotion: a child is first measured on half its evaluation set (every
// other case of each category, in id order), at the run's full n and k. A child the gate refuses
// there stops. One the gate admits is ranked by its screening pass rate among the children its
// generation screened and admitted so far (ties go to the earlier child); only a child within the top
// m (config `neoPromote`, default NEO_PROMOTE) is promoted to the full evaluation. The loop makes one
// child per iteration, so the ranking is online: a child cannot wait for its later siblings, and a
// later one that outranks a promoted sibling is promoted too. With the cache on, the promoted child's
// full evaluation reuses the screened runs, so screening costs nothing extra for it.
import type { SkillBank } from "../../bank/skill.js";
import type { Case } from "../../cases/case.js";
import type { RunContext } from "../context.js";
import { floorsFor, gate } from "../gate.js";
import { measureCandidate } from "../measure-candidate.js";
import type { Measurement } from "../measure.js";
import type { Iteration } from "../run-record.js";
import { generationOf, GENERATION } from "./neo.js";

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

export type ScreenOutcome = Measurement & { neoScreened: boolean; unpromoted?: string };

/**
 * The screen's measurement when it stops the child: refused by the gate (`neoScreened`), outranked
 * (`unpromoted`, the note), or out of budget; undefined = promote. Sets the iteration's `neoScreen`.
 */
export async function screenChild(
  ctx: RunContext,
  bank: SkillBank,
  cases: readonly Case[],
  record: Iteration,
): Promise<ScreenOutcome | undefined> {
  const subset = screenCases(cases);
  if (subset.length === cases.length) return undefined;
  const { n, k } = ctx.in.config;
  const m = await measureCandidate(ctx, bank, subset, { n, k });
  const refused =
    m.rejected !== undefined || !gate(m.perCategory, floorsFor(ctx), ctx.in.categories).admitted;
  if (refused || m.outOfBudget) return { ...m, neoScreened: refused };
  const siblings = screenedSiblings(ctx, record.t);
  const rank = 1 + siblings.filter((s) => s >= m.passRate).length;
  const promote = ctx.in.config.neoPromote ?? NEO_PROMOTE;
  const promoted = rank <= promote;
  record.neoScreen = { score: m.passRate, rank, of: siblings.length + 1, promoted };
  if (promoted) return undefined;
  const note = `screened at rank ${rank} of ${siblings.length + 1} in its generation (SkillNEO); only the top ${promote} are promoted`;
  return { ...m, neoScreened: false, unpromoted: note };
}

/** Screening scores of the earlier children of t's generation that the screen's gate admitted. */
function screenedSiblings(ctx: RunContext, t: number): number[] {
  const g = generationOf(t);
  const first = g * GENERATION + 1;
  return ctx.state.iterations
    .filter((it) => it.t >= first && it.t < t && it.neoScreen !== undefined)
    .map((it) => it.neoScreen!.score);
}
