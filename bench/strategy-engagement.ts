// The engagement hook of bench/strategies.ts (issue 44: "each mechanism's engagement measure goes
// in the table"). Each world kind has a measure showing its mechanism engaged in a run (the valley
// world's shortcut removal proposed, the harmful-text world's sites confirmed or refuted, …); it is
// written in src/sim/engagement.ts as `engagement(kind, record)`. Until that file is in this tree
// the hook is unset and the table has no engagement column; wiring it is one line here:
//   export const ENGAGEMENT_HOOK: EngagementHook | undefined = engagement;
import type { RunRecord } from "../src/records/run-record.js";

/** A run's engagement measure for its world kind (a number the table averages over seeds). */
export type EngagementHook = (kind: string, record: RunRecord) => number | undefined;

export const ENGAGEMENT_HOOK: EngagementHook | undefined = undefined;
