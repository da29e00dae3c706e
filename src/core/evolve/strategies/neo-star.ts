// SkillNEO ships its incumbent: the last child its acceptance rule accepted (neo-deploy.ts), else
// the root; FRAMES would ship the frontier's pick by operating point. The product keeps one promise
// the paper does not make: what ships passed every category's floor against the deployed bank. Every
// frontier member was admitted by the gate, so the incumbent ships when it is on the frontier; when
// it is not (dominated, archived) or a context budget is set and it does not fit, the FRAMES pick
// ships and the record says why (docs/engine.md "SkillNEO").
import { shortCandidateId } from "../../../records/candidate-id.js";
import type { RunContext } from "../context.js";
import { memberTokens } from "../budget/allocation-parent.js";
import { incumbentAt } from "./neo-deploy.js";
import type { Shipped } from "./search-strategy-plan.js";

export function neoShipped(ctx: RunContext, framesPick: string): Shipped {
  const incumbent = incumbentAt(ctx.state.iterations, ctx.state.baselineId);
  const member = ctx.state.frontier.find((m) => m.id === incumbent);
  const rule = { rule: "neo-incumbent" as const, framesPick };
  const fallback = (why: string) => ({ star: framesPick, rule: { ...rule, fallback: why } });
  if (!member)
    return fallback(
      `the incumbent ${shortCandidateId(incumbent)} is not on the frontier, so it was not admitted as a member`,
    );
  const budget = ctx.in.config.contextBudget;
  if (budget !== undefined && memberTokens(ctx, member).exposed > budget)
    return fallback(`the incumbent ${shortCandidateId(incumbent)} exceeds the context budget`);
  return { star: incumbent, rule };
}
