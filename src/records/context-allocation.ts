// The context budget's knobs (docs/engine.md "Context budget"): how the allocation moves shares
// (`replicator`, the default; SkillSmith's `hedge` step on the posterior mean; `thompson`, the Hedge
// step on a posterior draw per round, as the paper runs it), the masking rate (a fixed ρ, default
// ½, or `adaptive`), and retirement after R allocations whose posterior says a skill does not pay.
import { z } from "zod";

export const AllocationDynamics = z.enum(["replicator", "hedge", "thompson"], {
  error: (i) => `allocation must be replicator, hedge or thompson, got ${JSON.stringify(i.input)}`,
});
export type AllocationDynamics = z.infer<typeof AllocationDynamics>;

const rateError = (i: { input: unknown }) =>
  `masking rate must be "adaptive" or a number strictly between 0 and 1, got ${JSON.stringify(i.input)}`;

export const MaskingRate = z.union(
  [z.literal("adaptive"), z.number().gt(0, { error: rateError }).lt(1, { error: rateError })],
  { error: rateError },
);
export type MaskingRate = z.infer<typeof MaskingRate>;

/** What absent knobs mean: the behaviour before they existed. */
export const ALLOCATION_DEFAULTS = { allocation: "replicator", maskingRate: 0.5 } as const;
