// Greedy search: every iteration improves the frontier's best member at the run's operating point
// (the member P* would be now), so the search never returns to a weaker version while a better one exists.
import { selectFromFrontier } from "../select.js";
import { frames } from "./frames.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";

export const greedy: SearchStrategyPlan = {
  ...frames,
  parentSelector: ({ operatingPoint }) => ({
    selectParent: (frontier) => selectFromFrontier(frontier, operatingPoint),
  }),
};
