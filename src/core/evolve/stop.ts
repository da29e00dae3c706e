// Algorithm 1, line 15, plus the budget: when the run stops. Patience counts iterations in which
// the frontier's membership did not change; the token or execution budget stops the run
// cleanly, keeping what was found.
import { spentBudget, withinBudget, type RunContext } from "./context.js";
import type { LoopState } from "./checkpoint.js";
import { decidedAt } from "../../records/neo-screen-record.js";

type Stop = NonNullable<LoopState["stopped"]>;

/** The frontier's membership, to compare before and after an iteration. */
export function membership(ctx: RunContext): string {
  return ctx.state.frontier.map((m) => m.id).join(",");
}

/**
 * After iteration t: reset patience when a child decided at t (its own, or SkillNEO children its
 * generation's ranking promoted at t) entered and changed the frontier. An iteration whose SkillNEO
 * generation is still waiting for its ranking counts for nothing: the frontier cannot change before
 * the ranking, so patience counts the generations' ends, not their b = 6 screenings.
 */
export function countImprovement(ctx: RunContext, before: string): void {
  const t = ctx.state.t;
  if (ctx.state.neoPending?.length) return;
  const decided = ctx.state.iterations.filter((it) => decidedAt(it) === t);
  const improved = decided.some((it) => it.entered) && membership(ctx) !== before;
  ctx.state.sinceImprovement = improved ? 0 : ctx.state.sinceImprovement + 1;
}

/** Checked before iteration t starts: a spent budget stops the run there. */
export function budgetSpentBefore(ctx: RunContext, t: number): Stop | undefined {
  if (withinBudget(ctx)) return undefined;
  return { reason: "budget", note: `the run's ${spentBudget(ctx)} budget was spent before iteration ${t}` };
}

/** Checked after iteration t: the budget first, then patience. */
export function shouldStop(ctx: RunContext, t: number): Stop | undefined {
  const { patience } = ctx.in.config;
  if (!withinBudget(ctx))
    return { reason: "budget", note: `the run's ${spentBudget(ctx)} budget was spent during iteration ${t}` };
  if (ctx.state.sinceImprovement >= patience)
    return { reason: "patience", note: `no child entered the frontier for ${patience} iterations` };
  return undefined;
}
