// SkillEvolver: FRAMES' round-robin search with K written strategies (written-strategies.ts), rewritten
// every iteration from the parent's weak spots (weak-spots.ts), that the diagnosers and rewriter are
// shown; the contrastive update (contrast.ts) for the diagnosers; the continue-or-exit rule
// (evolver-exit.ts) and the final choice (evolver-final.ts). The contrast reads the parent's
// exploration runs: the parent on the evolution cases with each run following its strategy, every run
// run (early stop would hide a case that passes first and fails later). Those runs shape proposals
// only; the parent's deciding measurement stays the deployed agent's.
import type { Contrast } from "../../llm/prompts/contrast-block.js";
import type { MemberState } from "../checkpoint.js";
import { bankOf, type RunContext } from "../context.js";
import { measureCandidate } from "../measure-candidate.js";
import { contrastOf } from "./contrast.js";
import { evolverExit } from "./evolver-exit.js";
import { evolverShipped } from "./evolver-final.js";
import { frames } from "./frames.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";
import { weakSpotsOf } from "./weak-spots.js";
import { prepareStrategies, rewriteStrategies } from "./written-strategies.js";

export const evolver: SearchStrategyPlan = {
  ...frames,
  prepare: prepareStrategies,
  contrastsOf: contrastsOfParent,
  afterIteration: async (ctx, t) => {
    const last = ctx.state.iterations.at(-1);
    if (ctx.explored && last?.t === t) last.exploration = ctx.explored;
    delete ctx.explored;
  },
  stopBefore: (ctx) => evolverExit(ctx.state.iterations),
  shipped: evolverShipped,
  forcesExactCost: false,
};

/** Case id → the parent's best and worst exploration run, for each case it passes on some runs only. */
async function contrastsOfParent(parent: MemberState, ctx: RunContext): Promise<Map<string, Contrast>> {
  const out = new Map<string, Contrast>();
  if (!ctx.explorer) return out;
  const t = ctx.state.t + 1;
  // Iteration 1 explores with S₀ (written before the run); each later one aims at the parent's weak spots.
  const linked = new Map(ctx.in.cases.map((c) => [c.id, c.skills]));
  if (t > 1) await rewriteStrategies(ctx, t, weakSpotsOf(parent.results, linked));
  const set = ctx.state.strategies!;
  const { n, k } = ctx.in.config;
  const explored = await measureCandidate(ctx, bankOf(ctx, parent), ctx.in.cases, {
    ...{ n, k, ungated: true, phase: "exploration", explore: true },
  });
  ctx.explored = {
    strategies: set.written,
    by: set.by,
    ...(set.note ? { note: set.note } : {}),
    writtenAt: set.writtenAt ?? 0,
    ...(set.redrawn ? { redrawn: set.redrawn } : {}),
    weakSpots: set.weakSpots ?? [],
    runs: explored.results.reduce((s, r) => s + r.runs, 0),
    passed: explored.results.reduce((s, r) => s + r.successes, 0),
  };
  for (const r of explored.results) {
    const c = contrastOf(r, set.written);
    if (c) out.set(r.id, c);
  }
  return out;
}
