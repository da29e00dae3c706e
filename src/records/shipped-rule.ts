// Why a run ships the member it ships, when a strategy's own rule chose it (SkillNEO: its incumbent,
// strategies/neo-star.ts), with the FRAMES pick beside it (the member FRAMES' operating point would
// have chosen). docs/run-record.md; absent for strategies that ship the FRAMES pick.
import { z } from "zod";

export const ShippedRule = z.strictObject({
  /** `neo-incumbent`: SkillNEO's accepted incumbent (or the root when it never accepted a child). */
  rule: z.enum(["neo-incumbent"]),
  /** Full hash of the FRAMES pick (selectStarInBudget). */
  framesPick: z.string(),
  /** Set when the rule could not ship its choice and the FRAMES pick shipped instead, and why. */
  fallback: z.string().optional(),
});
export type ShippedRule = z.infer<typeof ShippedRule>;
