// Scope widening (issue 44; docs/engine.md "Scope widening"): FRAMES freezes the retrieved top-K for
// the run, but when retrieval ranked the faulty skill below the cut, no child can fix it and the run
// stops on patience with nothing learned. While no child has been admitted, the scope is widened when
// it cannot explain the failures:
//   - the diagnosers' plans edited skills outside it (the vote dropped them as out of scope): those
//     skills join it, most votes first;
//   - patience ran out: the next skills in retrieval's ranking join it (up to top-K more).
// E₀ is then re-measured on the wider scope (the agent sees more skills, so the old floors measured
// another agent), patience restarts, and the record says what was added and why. Once a child is
// admitted the scope stays as it is: every member must be measured on the same scope.
import { OUTSIDE_SCOPE } from "./consolidate.js";
import type { RunContext } from "./context.js";
import { measureBaseline } from "./gate/baseline.js";
import { caseScore } from "../evaluate/kernel-score.js";
import type { CaseResult } from "../../records/eval-record.js";
import type { ScopeWidening } from "../../records/run-scope.js";

/** Widenings per run at most: each re-measures E₀, so noisy diagnosers cannot spend the run on it. */
export const MAX_WIDENINGS = 2;

export interface WidenPlan {
  added: string[];
  reason: string;
}

/** After iteration t: the skills to add and why, or undefined (keep the scope). Pure. */
export function widenPlan(ctx: RunContext, t: number): WidenPlan | undefined {
  const { state, in: inputs } = ctx;
  if (inputs.config.widenScope === false || state.stopped) return undefined;
  if ((state.widenings?.length ?? 0) >= MAX_WIDENINGS) return undefined;
  // Something admitted (or, under SkillNEO, screened and waiting or archived) was measured on this scope.
  if (state.frontier.some((m) => m.id !== state.baselineId)) return undefined;
  if (state.neoPending?.length || state.archive?.length) return undefined;
  const scope = new Set(state.scope);
  const allowed = inputs.restrictTo ? new Set(inputs.restrictTo.skills) : undefined;
  const inBank = new Set(inputs.bank.skills.map((s) => s.name));
  const eligible = (s: string) => !scope.has(s) && inBank.has(s) && (!allowed || allowed.has(s));
  const votes = new Map<string, number>();
  for (const it of state.iterations.filter((i) => i.t === t))
    for (const d of it.vote.dropped)
      if (d.reason === OUTSIDE_SCOPE && eligible(d.skill))
        votes.set(d.skill, (votes.get(d.skill) ?? 0) + d.votes);
  if (votes.size > 0) {
    const rank = new Map(state.relevance.map((r, i) => [r.skill, i]));
    const pos = (s: string) => rank.get(s) ?? Infinity;
    const added = [...votes.keys()].sort(
      (a, b) => votes.get(b)! - votes.get(a)! || pos(a) - pos(b) || (a < b ? -1 : 1),
    );
    const named = added.map((s) => `${s} (${votes.get(s)} of the diagnosers)`).join(", ");
    return {
      added,
      reason: `no child admitted yet, and the diagnosers' plans at iteration ${t} edited skills outside the working scope: ${named}`,
    };
  }
  if (state.sinceImprovement < inputs.config.patience) return undefined;
  const next = state.relevance
    .map((r) => r.skill)
    .filter(eligible)
    .slice(0, inputs.config.topK);
  if (next.length === 0) return undefined;
  return {
    added: next,
    reason: `no child entered the frontier for ${inputs.config.patience} iterations: the next ${next.length} skills in retrieval's ranking`,
  };
}

/** Widens the scope when widenPlan says so, re-anchors E₀ on it, and restarts patience. True if it did. */
export async function widenScope(ctx: RunContext, t: number): Promise<boolean> {
  const plan = widenPlan(ctx, t);
  if (!plan) return false;
  const { state } = ctx;
  const before = state.frontier[0]!;
  const baselineBefore = passRateOf(before.results);
  state.scope = [...state.scope, ...plan.added];
  const e0 = await measureBaseline(ctx);
  const widening: ScopeWidening = {
    afterIteration: t,
    ...plan,
    baselineBefore,
    baselineAfter: e0.passRate,
  };
  state.widenings = [...(state.widenings ?? []), widening];
  state.sinceImprovement = 0;
  return true;
}

function passRateOf(results: readonly CaseResult[]): number {
  return results.length ? results.reduce((s, r) => s + caseScore(r), 0) / results.length : 0;
}
