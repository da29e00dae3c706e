// SkillEvolver: FRAMES' round-robin search with K written strategies the runs follow and the
// diagnosers and rewriter are shown (written-strategies.ts), and the contrastive update
// (contrast.ts) for the diagnosers. The contrast reads every run of the parent, so members'
// early-stopped runs are always run in full (a case that passes first and fails later would
// otherwise hide behind early stop).
import type { Contrast } from "../../llm/prompts/contrast-block.js";
import type { MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { contrastOf } from "./contrast.js";
import { frames } from "./frames.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";
import { prepareStrategies } from "./written-strategies.js";

export const evolver: SearchStrategyPlan = {
  ...frames,
  prepare: prepareStrategies,
  contrastsOf: contrastsOfParent,
  forcesExactCost: true,
};

/** Case id → the parent's best and worst run, for each case it passes on some runs only. */
function contrastsOfParent(parent: MemberState, ctx: RunContext): Map<string, Contrast> {
  const strategies = ctx.state.strategies?.written ?? [];
  const out = new Map<string, Contrast>();
  for (const r of parent.results) {
    const c = contrastOf(r, strategies);
    if (c) out.set(r.id, c);
  }
  return out;
}
