// SkillEvolver's final choice (§3.2.3: "uses training pass rate, trace cost, and generalization risk
// to choose the artifact"): among the frontier members, the best train score less its risk, then the
// lower trace cost, then the earlier member. The train score is the member's mean pass rate on the
// evolution cases; its generalisation risk is the audit's warnings on it (the overfit checks the
// paper's Auditor runs: instance framing, copied literals), each taken to be worth at most the one
// case it was copied from, so each costs 1/|cases| of the score. The product keeps its promise: only
// a frontier member ships (every one passed each category's floor), P₀ included, and under a context
// budget only one that fits; the FRAMES pick is recorded beside it (docs/engine.md "SkillEvolver").
import type { MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { memberTokens } from "../budget/allocation-parent.js";
import { pointOf } from "../pareto.js";
import type { Shipped } from "./search-strategy-plan.js";

/** A candidate for the final choice: a member and the audit warnings of the iteration that bore it. */
export interface FinalCandidate {
  member: Pick<MemberState, "id" | "born" | "results">;
  warnings: number;
}

export interface FinalScore {
  id: string;
  train: number;
  risk: number;
  score: number;
  cost: number;
  born: number;
}

/** The candidates scored, best first. */
export function finalChoice(candidates: readonly FinalCandidate[]): FinalScore[] {
  return candidates
    .map(({ member, warnings }) => {
      const point = pointOf(member);
      const cases = Math.max(1, member.results.length);
      const score = point.passRate - warnings / cases;
      return {
        id: member.id,
        train: point.passRate,
        risk: warnings,
        score,
        cost: point.cost,
        born: member.born,
      };
    })
    .sort((a, b) => b.score - a.score || a.cost - b.cost || a.born - b.born || a.id.localeCompare(b.id));
}

export function evolverShipped(ctx: RunContext, framesPick: string): Shipped {
  const rule = { rule: "evolver-final" as const, framesPick };
  const budget = ctx.in.config.contextBudget;
  const fits = ctx.state.frontier.filter((m) => budget === undefined || memberTokens(ctx, m) <= budget);
  if (fits.length === 0)
    return { star: framesPick, rule: { ...rule, fallback: "no frontier member fits the context budget" } };
  const best = finalChoice(fits.map((member) => ({ member, warnings: warningsOf(ctx, member) })))[0]!;
  const why =
    `train ${best.train.toFixed(3)}, ${best.risk} audit warning(s) (risk −${(best.train - best.score).toFixed(3)}), ` +
    `cost ${Math.round(best.cost)} tokens per case`;
  return { star: best.id, rule: { ...rule, why } };
}

/** The warnings of the audit that let the member in; none for P₀, which no audit saw. */
function warningsOf(ctx: RunContext, member: MemberState): number {
  const born = ctx.state.iterations.find((x) => x.t === member.born && x.child?.candidate === member.id);
  return born?.audit?.findings.filter((f) => f.severity === "warning").length ?? 0;
}
