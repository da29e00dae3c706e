// The audit of one child as the run record keeps it (docs/audit.md, docs/run-record.md).
import { z } from "zod";
import { AUDIT_CHECKS } from "./audit-check.js";

/** One finding of the audit (src/core/audit/finding.ts, docs/audit.md), as the record keeps it. */
export const AuditFinding = z.strictObject({
  id: z.string(),
  /** A deterministic check, or `modelAuditor` (the model-backed auditor, docs/audit.md). */
  check: z.enum([...AUDIT_CHECKS, "modelAuditor"]),
  severity: z.enum(["error", "warning"]),
  skill: z.string(),
  file: z.string(),
  line: z.number().int().nonnegative(),
  evidence: z.string(),
});
export type AuditFinding = z.infer<typeof AuditFinding>;

/** The audit of one child against E₀'s bank, run before the gate measures it (docs/audit.md). */
export const AuditVerdict = z.strictObject({
  /** True when an error finding refused the child before it was measured. */
  refused: z.boolean(),
  findings: z.array(AuditFinding),
  /** "skipped" when the run had no script checker (the engine alone cannot spawn interpreters). */
  scripts: z.enum(["parsed", "skipped"]),
  /**
   * Runs of the child's own evaluation that the trace-based checks read (silent bypass, primary
   * action); absent when the child was refused before it was measured.
   */
  traced: z.number().int().nonnegative().optional(),
  /** What the model-backed auditor did: "audited N skill(s)", or why it did not; absent when off. */
  modelAuditor: z.string().optional(),
});
export type AuditVerdict = z.infer<typeof AuditVerdict>;
