// The configured search strategy as what the loop plugs in: the ParentSelector, and the runner
// SkillEvolver hints each run; SkillNEO's screening is neo-screen.ts, its archive frontier-entry.ts.
import type { Runner } from "../../evaluate/runner.js";
import type { Contrast } from "../../llm/prompts/contrast-block.js";
import type { MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { contrastOf } from "./contrast.js";
import { DEFAULT_STRATEGY, type SearchStrategy } from "../../../records/search-strategy.js";
import { roundRobin, type ParentSelector } from "./parent-selector.js";
import type { RunConfig } from "../../../records/run-record.js";
import { greedySelector } from "./greedy.js";
import { neoSelector } from "./neo.js";
import { withStrategyHints } from "./strategy-hints.js";

export function strategyOf(config: Pick<RunConfig, "strategy">): SearchStrategy {
  return config.strategy ?? DEFAULT_STRATEGY;
}

export function selectorFor(config: Pick<RunConfig, "strategy" | "operatingPoint">): ParentSelector {
  const strategy = strategyOf(config);
  if (strategy === "greedy") return greedySelector(config.operatingPoint);
  if (strategy === "neo") return neoSelector;
  return roundRobin; // frames, and evolver (whose change is in the runs and the diagnosers, not selection)
}

/** The agent runner the strategy evaluates with: SkillEvolver gives each run its strategy hint. */
export function runnerFor(config: Pick<RunConfig, "strategy">, runner: Runner): Runner {
  return strategyOf(config) === "evolver" ? withStrategyHints(runner) : runner;
}

/** SkillEvolver's contrastive update: case id → the parent's best and worst run; empty for the others. */
export function contrastsOf(ctx: RunContext, parent: MemberState): Map<string, Contrast> {
  const out = new Map<string, Contrast>();
  if (strategyOf(ctx.in.config) !== "evolver") return out;
  for (const r of parent.results) {
    const c = contrastOf(r, true);
    if (c) out.set(r.id, c);
  }
  return out;
}
