// Diagnostics are data, so the CLI, the GitHub check run and tests all read the same thing.
import { printable } from "../../vocabulary/printable.js";

export type Severity = "error" | "warning";

export interface Diagnostic {
  /** Path as the user would type it (relative to the bank or pool root when known). */
  file: string;
  /** 1-based line; 0 when the problem is about the file as a whole. */
  line: number;
  severity: Severity;
  /** Stable, greppable code such as `SKILL_NAME_MISMATCH`. */
  code: string;
  message: string;
}

/** One line, whatever the file's name or the message holds (a newline there would forge a line). */
export function formatDiagnostic(d: Diagnostic): string {
  return `${printable(d.file)}:${d.line}: ${d.severity} ${d.code} ${printable(d.message)}`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
