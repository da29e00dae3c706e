// P* under a context budget (docs/engine.md "Context budget"). A bank whose exposed skills exceed
// the window cannot be served as measured, so when `contextBudget` is set P* is chosen at the
// operating point among the members that fit; only when none fits (every allocation was refused)
// is it chosen from the whole frontier, and the record says so.
import type { MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { memberTokens } from "./allocation-parent.js";
import { selectFromFrontier } from "../select.js";
import type { StarBudget } from "../../../records/run-record.js";
import type { OperatingPoint } from "../../../records/operating-point.js";

/** The members that fit `budget`, given each member's exposed tokens; all of them when none fits. */
export function membersToChooseFrom<M>(
  members: readonly M[],
  exposed: (m: M) => number,
  budget: number | undefined,
): { members: readonly M[]; fitting: number } {
  if (budget === undefined) return { members, fitting: members.length };
  const fit = members.filter((m) => exposed(m) <= budget);
  return { members: fit.length > 0 ? fit : members, fitting: fit.length };
}

export function selectStarInBudget(
  ctx: RunContext,
  point: OperatingPoint,
): { star: MemberState; budget?: StarBudget } {
  const budget = ctx.in.config.contextBudget;
  const tokens = new Map(ctx.state.frontier.map((m) => [m.id, memberTokens(ctx, m)]));
  const choice = membersToChooseFrom(ctx.state.frontier, (m) => tokens.get(m.id)!, budget);
  const star = selectFromFrontier(choice.members, point);
  if (budget === undefined) return { star };
  const exposed = tokens.get(star.id)!;
  return { star, budget: { budget, exposed, fits: exposed <= budget, fitting: choice.fitting } };
}
