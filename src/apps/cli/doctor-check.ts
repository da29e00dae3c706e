// What `skillops doctor` found (docs/cli.md, "doctor"): one line per check, each problem with its
// fix, and the exit status it implies (1 when any check failed; a warning does not fail).
import { printable } from "../../vocabulary/printable.js";

export type CheckStatus = "ok" | "warn" | "fail" | "skip";

export interface DoctorCheck {
  /** What was checked: `bubblewrap`, `key ANTHROPIC_API_KEY`, `claude-code program`, … */
  check: string;
  status: CheckStatus;
  /** What was found; never a secret's value. */
  detail: string;
  /** How to fix a failure or a warning. */
  fix?: string;
}

const MARK: Record<CheckStatus, string> = { ok: "ok  ", warn: "warn", fail: "FAIL", skip: "skip" };

export const anyFailed = (checks: readonly DoctorCheck[]) => checks.some((c) => c.status === "fail");

/** The report as text: `[ok  ] check: detail`, and `       fix: …` under a problem. */
export function doctorText(checks: readonly DoctorCheck[]): string {
  const lines = checks.flatMap((c) => [
    `[${MARK[c.status]}] ${c.check}: ${printable(c.detail)}`,
    ...(c.fix && c.status !== "ok" ? [`       fix: ${printable(c.fix)}`] : []),
  ]);
  const failed = checks.filter((c) => c.status === "fail").length;
  const summary = failed ? `${failed} check(s) failed` : "every check passed";
  return `${lines.join("\n")}\n${summary}\n`;
}

/** The report as Markdown, for the job summary of the Action. */
export function doctorMarkdown(checks: readonly DoctorCheck[]): string {
  const cell = (t: string) => printable(t).replaceAll("|", "\\|");
  const rows = checks.map(
    (c) =>
      `| ${c.status} | ${cell(c.check)} | ${cell(c.detail)} | ${cell(c.status === "ok" ? "" : (c.fix ?? ""))} |`,
  );
  return ["### skillops doctor", "", "| | check | found | fix |", "|---|---|---|---|", ...rows].join("\n");
}
