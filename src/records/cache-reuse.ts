// Whether a run started warm (docs/run-record.md "executions.reuse"): the executions served by what
// an earlier run or job stored, and for each that ran, why nothing stored could serve it.
import { z } from "zod";

/**
 * Why an execution ran: `cold-cache` nothing was stored; `changed-runner` the store holds runs of
 * another agent or model (runner settings); `new-case` none of this case with this runner;
 * `new-skills` the case, but never with these skills (a candidate not measured before);
 * `more-runs` the case with these skills, but not this run index.
 */
export const ColdReason = z.enum(["cold-cache", "changed-runner", "new-case", "new-skills", "more-runs"]);
export type ColdReason = z.infer<typeof ColdReason>;

export const CacheReuse = z.strictObject({
  /** Executions served by an entry an earlier run (or an earlier job of this run) stored. */
  warm: z.number().int().nonnegative(),
  /** Executions served by an entry this process stored (a re-evaluation inside the run). */
  repeated: z.number().int().nonnegative(),
  /** Executions that ran, by why nothing stored served them (reasons with none are left out). */
  ran: z.partialRecord(ColdReason, z.number().int().positive()),
});
export type CacheReuse = z.infer<typeof CacheReuse>;
