// Greedy search: every iteration improves the frontier's best member at the run's operating point
// (the member P* would be now), so the search never returns to a weaker version while a better one exists.
import type { OperatingPoint } from "../../../records/operating-point.js";
import type { ParentSelector } from "./parent-selector.js";
import { selectFromFrontier } from "../select.js";

export function greedySelector(point: OperatingPoint): ParentSelector {
  return { selectParent: (frontier) => selectFromFrontier(frontier, point) };
}
