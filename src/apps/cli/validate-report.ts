// What `skillops validate` found, as one report: `--json` prints it, the text output is rendered
// from it, and the GitHub Action reads it back to annotate each finding (src/apps/action/).
import { z } from "zod";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { formatDiagnostic } from "../../core/bank/diagnostic.js";
import { formatConfigProblem, type ConfigProblem } from "../../core/config/config-text.js";
import { printable } from "../../vocabulary/printable.js";

const count = () => z.number().int().nonnegative();

export const ValidateDiagnostic = z.object({
  file: z.string(),
  line: count(),
  severity: z.enum(["error", "warning"]),
  code: z.string(),
  message: z.string(),
}) satisfies z.ZodType<Diagnostic>;

export const ConfigCheck = z.object({
  /** The config file as given (`--config`, or the default that was present). */
  path: z.string(),
  ok: z.boolean(),
  problems: z.array(
    z.object({
      line: z.number().int().positive().optional(),
      col: z.number().int().positive().optional(),
      path: z.string(),
      message: z.string(),
    }) satisfies z.ZodType<ConfigProblem>,
  ),
});
export type ConfigCheck = z.infer<typeof ConfigCheck>;

export const ValidateReport = z.object({
  path: z.string(),
  kind: z.enum(["bank", "skill", "pool"]),
  /** Absent for a pool: cases have no lenient mode. */
  mode: z.enum(["strict", "lenient"]).optional(),
  /** No error in the bank or pool, and none in the config. */
  ok: z.boolean(),
  /** Of the bank's or pool's diagnostics; the config's problems are under `config`. */
  errors: count(),
  warnings: count(),
  hash: z.string().optional(),
  candidate: z.string().optional(),
  skills: z
    .array(z.object({ name: z.string(), dir: z.string(), auxiliary: count(), knowledge: count() }))
    .optional(),
  cases: z.array(z.object({ id: z.string(), category: z.string() })).optional(),
  diagnostics: z.array(ValidateDiagnostic),
  /** null when no config was checked (none named and none at the default path). */
  config: ConfigCheck.nullable(),
});
export type ValidateReport = z.infer<typeof ValidateReport>;

/** Colour functions (picocolors' shape), identity when output is not a terminal. */
interface Paint {
  red: (s: string) => string;
  yellow: (s: string) => string;
  green: (s: string) => string;
}

function diagnosticLine(d: Diagnostic, c: Paint): string {
  const line = formatDiagnostic(d);
  return d.severity === "error"
    ? line.replace(" error ", ` ${c.red("error")} `)
    : line.replace(" warning ", ` ${c.yellow("warning")} `);
}

function configLines(config: ConfigCheck, c: Paint): string[] {
  const lines = config.problems.map((p) => printable(formatConfigProblem(config.path, p)));
  const verdict = config.ok ? c.green("ok") : `${c.red("failed")}: ${config.problems.length} problem(s)`;
  return [...lines, `${printable(config.path)}: ${verdict} [config]`];
}

/** The text output: one `path:line: severity CODE message` per finding, then one verdict line each. */
export function renderValidateText(report: ValidateReport, c: Paint): string {
  const verdict = report.errors === 0 ? c.green("ok") : c.red("failed");
  const counts = `${report.errors} error(s), ${report.warnings} warning(s)`;
  const summary =
    report.kind === "pool"
      ? `${report.cases?.length ?? 0} case(s), ${counts} [pool]`
      : `${report.skills?.length ?? 0} skill(s), ${counts} [${report.mode}]`;
  const lines = [
    ...report.diagnostics.map((d) => diagnosticLine(d, c)),
    `${printable(report.path)}: ${verdict}: ${summary}`,
    ...(report.config ? configLines(report.config, c) : []),
  ];
  return `${lines.join("\n")}\n`;
}
