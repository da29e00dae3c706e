// Which member a context budget allocation starts from at iteration t (docs/engine.md "Context
// budget"). At t = 1 it is P₀, when the scope's skills exceed the budget. Later it is the newest
// frontier member whose exposed skills no longer fit — a rewrite grew the skills its inherited list
// shows, or it inherited no list and shows the whole scope — once per member, so a refused
// allocation is not retried and the masking runs stay bounded by the members that enter.
import { exposedSkills, skillTokens } from "../../bank/exposure.js";
import { bankOf, scopeSkills, type RunContext } from "../context.js";
import type { MemberState } from "../checkpoint.js";

/** Tokens of the scope skills a member shows (its exposure list, else all), and of the whole scope. */
export function memberTokens(ctx: RunContext, m: MemberState): { exposed: number; scope: number } {
  const bank = bankOf(ctx, m);
  const scope = scopeSkills(bank, ctx.state.scope);
  const sum = (xs: readonly { source: string }[]) => xs.reduce((s, k) => s + skillTokens(k), 0);
  return { exposed: sum(exposedSkills(bank, scope)), scope: sum(scope) };
}

export function allocationParent(ctx: RunContext, t: number): MemberState | undefined {
  const budget = ctx.in.config.contextBudget;
  if (budget === undefined) return undefined;
  if (t === 1) {
    const p0 = ctx.state.frontier[0];
    return p0 && memberTokens(ctx, p0).scope > budget ? p0 : undefined;
  }
  const tried = new Set(ctx.state.iterations.filter((it) => it.contextBudget).map((it) => it.parent));
  const over = ctx.state.frontier.filter(
    (m) => m.born > 0 && !tried.has(m.id) && memberTokens(ctx, m).exposed > budget,
  );
  return over.sort((a, b) => b.born - a.born)[0];
}
