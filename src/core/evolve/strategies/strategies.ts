// The search strategies by name: the one place a configured strategy's name is looked at. Everything
// else asks the object strategyFor returns (search-strategy-plan.ts).
import { DEFAULT_STRATEGY, type SearchStrategy } from "../../../records/search-strategy.js";
import type { RunConfig } from "../../../records/run-config.js";
import { evolver } from "./evolver.js";
import { frames } from "./frames.js";
import { greedy } from "./greedy.js";
import { neo } from "./neo.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";

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
