// Why a run ships the member it ships, when a strategy's own rule chose it (SkillNEO: its incumbent,
// strategies/neo-star.ts), with the FRAMES pick beside it (the member FRAMES' operating point would
// have chosen). docs/engine.md "SkillNEO"; absent for strategies that ship the FRAMES pick.
import { z } from "zod";

export const ShippedRule = z.strictObject({
  /** `neo-incumbent`: SkillNEO's accepted incumbent (or the root when it never accepted a child). */
  /**
   * `evolver-final`: SkillEvolver's final choice, the member with the best train score less its
   * generalisation risk (strategies/evolver-final.ts).
   */
  rule: z.enum(["neo-incumbent", "evolver-final"]),
  /** Full hash of the FRAMES pick (selectStarInBudget). */
  framesPick: z.string(),
  /**
   * Set when the rule's choice failed the deployment check (the per-category floor against the
   * deployed bank, the kernel and audit checks, or the context budget): the deployed bank (P₀) ships
   * instead, so the run opens no PR for it; the candidate and why.
   */
  refused: z.strictObject({ candidate: z.string(), reason: z.string() }).optional(),
  /**
   * Set when the shipped member had been pushed off the frontier (dominated or over the cap) and is
   * listed on it again so that it has its PR; why it had left.
   */
  restored: z.string().optional(),
  /** Set when the rule could not ship its choice and the FRAMES pick shipped instead, and why. */
  fallback: z.string().optional(),
  /** How the rule scored what it shipped, in plain words (SkillEvolver: train score, risk, cost). */
  why: z.string().optional(),
});
export type ShippedRule = z.infer<typeof ShippedRule>;
