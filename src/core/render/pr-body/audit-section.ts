// The "Audit" section of a frontier PR body and the audit line of the `skillops/gates` check: the
// verdict of the audit that ran on the member before the gate (docs/audit.md). A member joined the
// frontier only with no error finding, so what there is to show is its warnings.
import type { AuditVerdict } from "../../../records/run-record.js";
import { tableCell } from "../comments/neutralise.js";

/** The audit as the PR renders it: the run record's verdict. */
export type AuditView = Pick<AuditVerdict, "refused" | "findings" | "scripts">;

/** Warnings shown open; more than this go in a collapsed block. */
const OPEN_ROWS = 5;

const SCRIPTS_LINE: Record<AuditView["scripts"], string> = {
  parsed: "Changed scripts, if any, were parsed with their interpreters.",
  skipped: "Script parsing was skipped (the run had no script checker).",
};

/** One line: clean, N warning(s), refused, or not in the record. */
export function auditVerdictLine(audit: AuditView | undefined): string {
  if (!audit) return "not in the run record";
  const errors = audit.findings.filter((f) => f.severity === "error").length;
  const warnings = audit.findings.length - errors;
  if (audit.refused || errors > 0)
    return `❌ ${errors} error finding(s): this member should not be on the frontier`;
  return warnings === 0 ? "✅ clean" : `⚠️ ${warnings} warning(s), no error`;
}

function findingRows(audit: AuditView): string[] {
  return [
    "| Finding | Severity | Skill | File:line | Evidence |",
    "|---|---|---|---|---|",
    ...audit.findings.map(
      (f) =>
        `| ${f.id} \`${f.check}\` | ${f.severity} | ${tableCell(f.skill || "(bank)", 60)} | \`${tableCell(`${f.file}:${f.line}`, 100)}\` | ${tableCell(f.evidence, 240)} |`,
    ),
  ];
}

export function renderAuditSection(audit: AuditView | undefined): string {
  const head = `### Audit — ${auditVerdictLine(audit)}`;
  if (!audit) return `${head}\n\nRun \`skillops audit\` on this branch to audit it (docs/audit.md).`;
  const intro =
    "Before the gate measured it, this candidate was audited against the run's starting bank and every evolution and regression-pool case: case literals copied into a skill, framing, script bloat, untraceable rules, edit validity (docs/audit.md). An error finding would have kept it off the frontier.";
  const parts = [head, "", `${intro} ${SCRIPTS_LINE[audit.scripts]}`];
  if (audit.findings.length === 0) return parts.join("\n");
  const rows = findingRows(audit);
  if (audit.findings.length <= OPEN_ROWS) return [...parts, "", ...rows].join("\n");
  return [
    ...parts,
    "",
    `<details><summary>${audit.findings.length} findings</summary>`,
    "",
    ...rows,
    "",
    "</details>",
  ].join("\n");
}
