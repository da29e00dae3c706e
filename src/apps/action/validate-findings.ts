// validate's findings as a runner shows them: one annotation per finding on its file and line (the
// file relative to the workspace, as GitHub resolves it), and a table of them in the job summary.
import { isAbsolute, relative, resolve, sep } from "node:path";
import { escapeMarkdown } from "../../core/report/escape.js";
import { printable } from "../../vocabulary/printable.js";
import type { ValidateReport } from "../cli/validate-report.js";
import { annotation } from "./workflow-command.js";

/** Rows the job summary lists; the rest are counted (a broken bank may have thousands). */
export const MAX_SUMMARY_FINDINGS = 100;

interface Finding {
  severity: "error" | "warning";
  file: string;
  line?: number;
  col?: number;
  title: string;
  message: string;
}

function findingsOf(report: ValidateReport): Finding[] {
  const bank = report.diagnostics.map((d) => ({
    severity: d.severity,
    file: d.file,
    line: d.line,
    title: d.code,
    message: d.message,
  }));
  const config = report.config;
  const problems = (config?.problems ?? []).map((p) => ({
    severity: "error" as const,
    file: config!.path,
    line: p.line,
    col: p.col,
    title: "skillops config",
    message: p.path ? `${p.path}: ${p.message}` : p.message,
  }));
  return [...bank, ...problems];
}

/** The path GitHub attaches an annotation to: relative to the workspace, with forward slashes. */
function workspacePath(file: string, cwd: string, workspace: string): string {
  const rel = relative(workspace, resolve(cwd, file));
  const outside = rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  return outside ? file : rel.split(sep).join("/");
}

/** One annotation line per finding. */
export function validateAnnotations(report: ValidateReport, cwd: string, workspace = cwd): string {
  return findingsOf(report)
    .map((f) =>
      annotation(f.severity, printable(f.message), {
        file: workspacePath(f.file, cwd, workspace),
        ...(f.line ? { line: f.line } : {}),
        ...(f.col ? { col: f.col } : {}),
        title: printable(f.title),
      }),
    )
    .join("");
}

/** Untrusted text (file names, messages quoting a skill) in one table cell. */
const cell = (s: string) => escapeMarkdown(printable(s));

const where = (f: Finding) => (f.line ? (f.col ? `${f.line}:${f.col}` : String(f.line)) : "—");

/** The job summary's findings: what was checked, then a table of every finding (up to a cap). */
export function validateSummary(report: ValidateReport): string {
  const what =
    report.kind === "pool"
      ? `${report.cases?.length ?? 0} case(s)`
      : `${report.skills?.length ?? 0} skill(s)`;
  const checked = [`${cell(report.path)} (${what})`];
  if (report.config) checked.push(cell(report.config.path));
  const lines = [`Checked ${checked.join(" and ")}.`];
  const findings = findingsOf(report);
  if (findings.length > 0) lines.push("", "| file | line | severity | finding |", "|---|---|---|---|");
  for (const f of findings.slice(0, MAX_SUMMARY_FINDINGS))
    lines.push(`| ${cell(f.file)} | ${where(f)} | ${f.severity} | ${cell(`${f.title}: ${f.message}`)} |`);
  if (findings.length > MAX_SUMMARY_FINDINGS)
    lines.push("", `… and ${findings.length - MAX_SUMMARY_FINDINGS} more finding(s) in the log.`);
  return `${lines.join("\n")}\n`;
}
