// One repair round of a child the audit refused (docs/audit.md "Repairing a refused child"), as the
// run record keeps it: the error findings, the skills reverted to the parent, and what the rewriter
// made of them with the findings as its next refinement target (SkillEvolver §3.2.3).
import { z } from "zod";
import { AuditFinding } from "./audit-verdict.js";

export const AuditRepair = z.strictObject({
  /** 1, 2, … within the iteration. */
  round: z.number().int().positive(),
  /** Whether the refused child was refused before its measurement, or after it (trace checks, model auditor). */
  stage: z.enum(["before-measurement", "after-evaluation"]),
  /** The candidate hash of the child the audit refused. */
  refused: z.string(),
  /** Its error findings, which the rewriter was given. */
  findings: z.array(AuditFinding),
  /** Skills with an error finding, put back as the parent had them; the child's other edits stay. */
  reverted: z.array(z.string()),
  /** The rewriter's answer per reverted skill that the plan targets (the iteration's `rewrites` shows the final text's summary). */
  rewrites: z.array(
    z.strictObject({
      skill: z.string(),
      status: z.enum(["rewritten", "unchanged", "dropped"]),
      reason: z.string().optional(),
    }),
  ),
  /** The repaired child's candidate hash; absent when nothing the child changed was left to measure. */
  repaired: z.string().optional(),
});
export type AuditRepair = z.infer<typeof AuditRepair>;
