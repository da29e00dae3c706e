// The `evolve.parentSelection` key (docs/engine.md "Instance-level Pareto parents"), in its own
// file so config.ts stays a list of keys.
import { ParentSelection } from "../../records/parent-selection.js";

export const ParentSelectionConfig = ParentSelection.optional().describe(
  "How iterations pick their parent: `round-robin` (FRAMES) or `pareto-instance` (SkillSmith/GEPA: sampled from the members that lead some case, frontier and archive, by the number of cases they lead). Unset = the strategy's own (round-robin for frames and evolver); neo and greedy choose their own and refuse it.",
);
