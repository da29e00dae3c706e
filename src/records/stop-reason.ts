// Why an evolution run stopped (docs/run-record.md, "stop").
import { z } from "zod";

/**
 * `holds`, `perfect-root`, `exhausted`: SkillNEO's stops (strategies/neo-stop.ts); `clean-exit`:
 * SkillEvolver's continue-or-exit rule (strategies/evolver-exit.ts).
 */
export const StopReason = z.enum([
  "max-iterations",
  "patience",
  "budget",
  "no-cases",
  "holds",
  "perfect-root",
  "exhausted",
  "clean-exit",
]);
export type StopReason = z.infer<typeof StopReason>;
