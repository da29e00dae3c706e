// What the audit reports: one finding per suspicious line, named by the check that raised it.
// docs/audit.md describes each check.
import type { AuditCheck } from "../../records/audit-check.js";

export type { AuditCheck };

export type FindingSeverity = "error" | "warning";

export interface Finding {
  /** `A1`, `A2`, … in report order (skill, file, line), so a reviewer can name one. */
  id: string;
  check: AuditCheck;
  severity: FindingSeverity;
  skill: string;
  /** Path relative to the candidate bank root. */
  file: string;
  /** 1-based; 0 when the finding is about the whole file. */
  line: number;
  evidence: string;
}

/** A finding before the audit numbers it and applies the configured severity. */
export type RawFinding = Omit<Finding, "id">;

/** A piece of the line as evidence: trimmed, quoted, at most `max` characters. */
export function quoteEvidence(text: string, max = 100): string {
  const t = text.trim();
  return JSON.stringify(t.length > max ? `${t.slice(0, max - 1)}…` : t);
}
