// SkillNEO ships its incumbent: the last child its acceptance rule accepted (neo-deploy.ts), else
// the root; the FRAMES pick (the frontier's member at the operating point) is recorded beside it. The
// product keeps one promise the paper does not make: what ships passed every category's floor against
// the deployed bank. The search never consults that floor (screening, promotion, parenthood and
// acceptance ignore it); it is checked once, here, on the incumbent's full evaluation (the gate's
// verdict on it, with the kernel and audit checks), and against the context budget when one is set.
// An incumbent that fails ships nothing new: the deployed bank P₀ is the answer (no PR) and the record
// says why. An incumbent that passed but was pushed off the frontier is listed on it again, so it
// has its PR (docs/engine.md "SkillNEO", "What ships").
import { shortCandidateId } from "../../../records/candidate-id.js";
import type { Iteration } from "../../../records/run-record.js";
import type { MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { memberTokens } from "../budget/allocation-parent.js";
import { incumbentAt } from "./neo-deploy.js";
import type { Shipped } from "./search-strategy-plan.js";

export function neoShipped(ctx: RunContext, framesPick: string): Shipped {
  const { iterations, baselineId } = ctx.state;
  const incumbent = incumbentAt(iterations, baselineId);
  const rule = { rule: "neo-incumbent" as const, framesPick };
  const refusal = incumbent === baselineId ? undefined : deploymentRefusal(ctx, incumbent);
  const star = refusal === undefined ? incumbent : baselineId;
  const restored = restore(ctx, star);
  return {
    star,
    rule: {
      ...rule,
      ...(refusal !== undefined ? { refused: { candidate: incumbent, reason: refusal } } : {}),
      ...(restored !== undefined ? { restored } : {}),
    },
  };
}

/** Why the incumbent may not be deployed, or undefined when it may. */
function deploymentRefusal(ctx: RunContext, id: string): string | undefined {
  const member = known(ctx).find((m) => m.id === id);
  const short = shortCandidateId(id);
  if (!member) return `the incumbent ${short} is not kept as a version of this run`;
  const record = ctx.state.iterations.find((it) => it.t === member.born && it.child?.candidate === id);
  if (!record?.gate.admitted) return `the incumbent ${short} ${gateFailure(record)}`;
  const budget = ctx.in.config.contextBudget;
  if (budget !== undefined && memberTokens(ctx, member) > budget)
    return `the incumbent ${short} exceeds the context budget of ${budget} tokens`;
  return undefined;
}

/** What the gate found on the incumbent's full evaluation, in words. */
function gateFailure(record: Iteration | undefined): string {
  const below = (record?.gate.reasons ?? []).filter((r) => !r.ok);
  if (below.length > 0)
    return `fails the per-category floor against the deployed bank in ${below
      .map((r) => `${r.category} (${r.observed.toFixed(3)} < ${r.floor.toFixed(3)})`)
      .join(", ")}`;
  if (record?.audit?.refused) return "was refused by the audit";
  if (record?.gate.wrongKernels?.length) return "has kernel solutions the harness judged incorrect";
  return "was not admitted by the gate on its full evaluation";
}

/** Puts the shipped member back on the frontier when it had left it; returns why it had left. */
function restore(ctx: RunContext, id: string): string | undefined {
  if (ctx.state.frontier.some((m) => m.id === id)) return undefined;
  const member = (ctx.state.archive ?? []).find((m) => m.id === id);
  if (!member) return undefined;
  ctx.state.frontier = [...ctx.state.frontier, member];
  const pushedAt = ctx.state.iterations.find((it) => it.removed.includes(id));
  return pushedAt
    ? `pushed off the frontier at iteration ${pushedAt.t}; listed again as the shipped incumbent`
    : "never entered the frontier (dominated when admitted); listed as the shipped incumbent";
}

function known(ctx: RunContext): MemberState[] {
  return [...ctx.state.frontier, ...(ctx.state.archive ?? [])];
}
