// The "Audit" section of a frontier PR body and the audit line of the `skillops/gates` check: the
// verdict of the audit that ran on the member before the gate (docs/audit.md). A member joined the
// frontier only with no error finding, so what there is to show is its warnings.
import type { AuditVerdict } from "../../../records/run-record.js";
import { tableCell } from "../comments/neutralise.js";
import { PAPER_CHECKS } from "../../../records/audit-check.js";

/** The audit as the PR renders it: the run record's verdict. */
export type AuditView = Pick<AuditVerdict, "refused" | "findings" | "scripts">;

/** "1 framing; 2 and 6 literals; …": the paper's checks in Table 3's order, as the intro names them. */
const PAPER_CHECK_NAMES = Object.entries(PAPER_CHECKS)
  .sort(([, a], [, b]) => parseFloat(a!.number) - parseFloat(b!.number))
  .map(([check, p]) => `${p!.number.replace(", ", " and ")} ${check}`)
  .join("; ");

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
  const intro = `Before the gate measured it, this candidate was audited against the run's starting bank and the evolution and regression-pool cases shown so far, with SkillEvolver's checks (${PAPER_CHECK_NAMES}), edit validity and the exfiltration checks; once admitted, the checks that read runs read its own (docs/audit.md). An error finding would have kept it off the frontier, after at most the configured repair rounds.`;
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
