// SkillEvolver: FRAMES' round-robin search with K written strategies (written-strategies.ts) that
// the diagnosers and rewriter are shown, and the contrastive update (contrast.ts) for the diagnosers.
// The contrast reads the parent's exploration runs: the parent on the evolution cases with each run
// following its strategy, every run run (early stop would hide a case that passes first and fails
// later). Those runs shape proposals only; the parent's deciding measurement stays the deployed agent's.
import type { Contrast } from "../../llm/prompts/contrast-block.js";
import type { MemberState } from "../checkpoint.js";
import { bankOf, type RunContext } from "../context.js";
import { measureCandidate } from "../measure-candidate.js";
import { contrastOf } from "./contrast.js";
import { frames } from "./frames.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";
import { prepareStrategies } from "./written-strategies.js";

export const evolver: SearchStrategyPlan = {
  ...frames,
  prepare: prepareStrategies,
  contrastsOf: contrastsOfParent,
  forcesExactCost: false,
};

/** Case id → the parent's best and worst exploration run, for each case it passes on some runs only. */
async function contrastsOfParent(parent: MemberState, ctx: RunContext): Promise<Map<string, Contrast>> {
  const strategies = ctx.state.strategies?.written ?? [];
  const out = new Map<string, Contrast>();
  if (!ctx.explorer) return out;
  const { n, k } = ctx.in.config;
  const explored = await measureCandidate(ctx, bankOf(ctx, parent), ctx.in.cases, {
    ...{ n, k, ungated: true, phase: "exploration", explore: true },
  });
  for (const r of explored.results) {
    const c = contrastOf(r, strategies);
    if (c) out.set(r.id, c);
  }
  return out;
}
