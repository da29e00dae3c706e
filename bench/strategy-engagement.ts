// The engagement hook of bench/strategies.ts (issue 44: "each mechanism's engagement measure goes
// in the table"). Each world kind has a measure showing its mechanism engaged in a run (the valley
// world's shortcut removal that dipped and recovered, the harmful-text world's confirmed sites acted
// on, …), written in src/sim/engagement.ts; the table averages its value over seeds.
import type { RunRecord } from "../src/records/run-record.js";
import { engagement } from "../src/sim/engagement.js";
import { WorldKind } from "../src/sim/world.js";

/** A run's engagement measure for its world kind (a number the table averages over seeds). */
export type EngagementHook = (kind: string, record: RunRecord) => number | undefined;

export const ENGAGEMENT_HOOK: EngagementHook | undefined = (kind, record) => {
  const known = WorldKind.safeParse(kind);
  return known.success ? engagement(known.data, record).value : undefined;
};
