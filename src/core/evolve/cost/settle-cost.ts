// A gated child's results ready for the frontier (docs/engine.md "Cost under early stop"). With
// `evolve.exactCost` every member's cost is made exact (exact-cost.ts). Otherwise costs stay the
// estimates early stop leaves, except where they could decide a comparison: when the 95% intervals
// leave the dominance relation between the child and a member undecided (cost-sensitivity.ts), the
// child's and that member's remaining runs are run, so the decision rests on exact costs. The
// iteration records those members as `costSettled`.
import type { SkillBank } from "../../bank/skill.js";
import type { CaseResult } from "../../../records/eval-record.js";
import { bankOf, type RunContext } from "../context.js";
import { pooledRunVariance } from "./cost-estimate.js";
import { costBandOf, costSensitiveMembers, dominatedForSure } from "./cost-sensitivity.js";
import { completeRuns, exactForFrontier } from "./exact-cost.js";
import type { MemberState } from "../checkpoint.js";
import { pointOf } from "../pareto.js";
import type { Iteration } from "../../../records/run-record.js";

export async function settleCost(
  ctx: RunContext,
  bank: SkillBank,
  results: readonly CaseResult[],
  record: Iteration,
): Promise<CaseResult[]> {
  if (ctx.settings.exactCost) return exactForFrontier(ctx, bank, results);
  const onCases = results.filter((r) => ctx.caseIds.has(r.id));
  const spread = runSpread(ctx, onCases);
  const banded = (m: Pick<MemberState, "id" | "born" | "results">) => {
    const point = pointOf(m);
    return { id: m.id, passRate: point.passRate, band: costBandOf(point, m.results, spread) };
  };
  const child = banded({ id: "child", born: record.t, results: onCases });
  const members = ctx.state.frontier.map(banded);
  // A child some member dominates whatever the costs stays out either way: nothing to settle.
  if (dominatedForSure(members, child)) return [...results];
  const sensitive = costSensitiveMembers(members, child);
  if (sensitive.length === 0) return [...results];
  record.costSettled = sensitive;
  for (const id of sensitive) await finishMember(ctx, id);
  const done = new Map((await completeRuns(ctx, bank, onCases)).map((r) => [r.id, r]));
  return results.map((r) => done.get(r.id) ?? r);
}

/**
 * σ² of a run's tokens pooled over P₀, the frontier and `extra` (cost-estimate.ts): one spread for
 * the whole run, the same agent on the same cases. The record's estimates use it too (finish.ts).
 */
export function runSpread(ctx: RunContext, extra: readonly CaseResult[] = []): number | undefined {
  const members = ctx.state.frontier.filter((m) => m.id !== ctx.state.baselineId);
  return pooledRunVariance([...extra, ...ctx.state.baselineResults, ...members.flatMap((m) => m.results)]);
}

/** Runs a member's remaining runs in place; P₀'s anchored results follow, so the record's E₀ cost is exact too. */
async function finishMember(ctx: RunContext, id: string): Promise<void> {
  const i = ctx.state.frontier.findIndex((m) => m.id === id);
  const member = ctx.state.frontier[i]!;
  const results = await completeRuns(ctx, bankOf(ctx, member), member.results);
  ctx.state.frontier[i] = { ...member, results };
  if (id === ctx.state.baselineId) ctx.state.baselineResults = results;
}
