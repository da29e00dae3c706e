// The search strategies by name: the one place a configured strategy's name is looked at. Everything
// else asks the object strategyFor returns (search-strategy-plan.ts).
import { DEFAULT_STRATEGY, type SearchStrategy } from "../../../records/search-strategy.js";
import type { RunConfig } from "../../../records/run-config.js";
import { evolver } from "./evolver.js";
import { frames } from "./frames.js";
import { greedy } from "./greedy.js";
import { neo } from "./neo.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";
import type { ParentSelector } from "./parent-selector.js";
import { roundRobin } from "./parent-selector.js";
import { paretoInstanceSelector } from "./pareto-instance.js";

export const STRATEGIES: Readonly<Record<SearchStrategy, SearchStrategyPlan>> = {
  frames,
  greedy,
  neo,
  evolver,
};

/** The configured strategy's object; an absent `strategy` is the default (frames). */
export function strategyFor(config: Pick<RunConfig, "strategy">): SearchStrategyPlan {
  return STRATEGIES[config.strategy ?? DEFAULT_STRATEGY];
}

/** Strategies whose own selector is FRAMES' round-robin, so `parentSelection` may replace it. */
const ROUND_ROBIN_STRATEGIES: readonly SearchStrategy[] = ["frames", "evolver"];

/** Why `parentSelection` cannot go with the configured strategy; undefined when it can. */
export function parentSelectionProblem(
  config: Pick<RunConfig, "strategy" | "parentSelection">,
): string | undefined {
  const strategy = config.strategy ?? DEFAULT_STRATEGY;
  if (config.parentSelection === undefined || ROUND_ROBIN_STRATEGIES.includes(strategy)) return undefined;
  return `parentSelection "${config.parentSelection}" applies to the frames and evolver strategies; "${strategy}" selects its own parents`;
}

/** Algorithm 1, line 6: the configured `parentSelection`, else the strategy's own selector. */
export function parentSelectorFor(
  config: Pick<RunConfig, "strategy" | "parentSelection" | "operatingPoint" | "seed">,
): ParentSelector {
  if (config.parentSelection === "pareto-instance") return paretoInstanceSelector(config.seed);
  if (config.parentSelection === "round-robin") return roundRobin;
  return strategyFor(config).parentSelector(config);
}
