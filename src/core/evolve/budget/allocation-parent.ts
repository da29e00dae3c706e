// Which member a context budget allocation starts from at iteration t (docs/engine.md "Context
// budget"). At t = 1 it is P₀, when the skills it shows exceed the budget. Later it is the newest
// frontier member whose shown skills no longer fit — a rewrite grew the skills its inherited list
// shows, or it inherited no list and shows the whole bank — once per member, so a refused
// allocation is not retried and the masking runs stay bounded by the members that enter.
import { skillTokens } from "../../bank/exposure.js";
import { bankOf, shownSkills, type RunContext } from "../context.js";
import type { MemberState } from "../checkpoint.js";

/** Tokens of the skills a member shows the agent (its exposure list, else the whole bank). */
export function memberTokens(ctx: RunContext, m: MemberState): number {
  return shownSkills(bankOf(ctx, m)).reduce((s, k) => s + skillTokens(k), 0);
}

export function allocationParent(ctx: RunContext, t: number): MemberState | undefined {
  const budget = ctx.in.config.contextBudget;
  if (budget === undefined) return undefined;
  if (t === 1) {
    const p0 = ctx.state.frontier[0];
    return p0 && memberTokens(ctx, p0) > budget ? p0 : undefined;
  }
  const tried = new Set(ctx.state.iterations.filter((it) => it.contextBudget).map((it) => it.parent));
  const over = ctx.state.frontier.filter(
    (m) => m.born > 0 && !tried.has(m.id) && memberTokens(ctx, m) > budget,
  );
  return over.sort((a, b) => b.born - a.born)[0];
}
