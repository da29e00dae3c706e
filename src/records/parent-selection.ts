// How iterations pick their parent, when the run names it (docs/engine.md "Instance-level Pareto
// parents"): FRAMES' round-robin over the frontier, or SkillSmith's / GEPA's instance-level Pareto
// sampling over the frontier and the archive. Absent = the strategy's own selector.
import { z } from "zod";

export const ParentSelection = z.enum(["round-robin", "pareto-instance"], {
  error: (i) => `parentSelection must be "round-robin" or "pareto-instance", got ${JSON.stringify(i.input)}`,
});
export type ParentSelection = z.infer<typeof ParentSelection>;
