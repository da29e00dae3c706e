// SkillEvolver: FRAMES' round-robin search with a strategy hint per run (strategy-hints.ts) and the
// contrastive update (contrast.ts) for the diagnosers. The contrast reads every run of the parent, so
// members' early-stopped runs are always run in full (a case that passes first and fails later
// would otherwise hide behind early stop).
import type { Contrast } from "../../llm/prompts/contrast-block.js";
import type { MemberState } from "../checkpoint.js";
import { contrastOf } from "./contrast.js";
import { frames } from "./frames.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";
import { withStrategyHints } from "./strategy-hints.js";

export const evolver: SearchStrategyPlan = {
  ...frames,
  agentRunner: withStrategyHints,
  contrastsOf: contrastsOfParent,
  forcesExactCost: true,
};

/** Case id → the parent's best and worst run, for each case it passes on some runs only. */
function contrastsOfParent(parent: MemberState): Map<string, Contrast> {
  const out = new Map<string, Contrast>();
  for (const r of parent.results) {
    const c = contrastOf(r, true);
    if (c) out.set(r.id, c);
  }
  return out;
}
