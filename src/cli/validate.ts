// skillops validate [PATH] [--strict|--lenient] [--json]
// Prints one `path:line: severity CODE message` per finding; exit 1 when any is an error.
import type { Command } from "commander";
import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Diagnostic } from "../bank/diagnostic.js";
import { formatDiagnostic, hasErrors } from "../bank/diagnostic.js";
import { candidateId, hashBank } from "../bank/hash.js";
import type { ValidationMode } from "../bank/validate.js";
import { loadBankFromFolder } from "../fsio/load-bank.js";
import { colours, UsageError, wantsJson, type CliContext, type RegisterCommand } from "./context.js";

export const DEFAULT_BANK_PATH = "skill-bank";

interface ValidateFlags {
  strict?: boolean;
  lenient?: boolean;
}

export function modeOf(flags: ValidateFlags): ValidationMode {
  if (flags.strict && flags.lenient) throw new UsageError("--strict and --lenient cannot be used together");
  return flags.lenient ? "lenient" : "strict";
}

function countBy(diagnostics: readonly Diagnostic[], severity: Diagnostic["severity"]): number {
  return diagnostics.filter((d) => d.severity === severity).length;
}

export async function runValidate(ctx: CliContext, path: string, mode: ValidationMode, json: boolean): Promise<number> {
  const { io } = ctx;
  const info = await stat(resolve(io.cwd, path)).catch(() => undefined);
  if (!info) throw new UsageError(`${path}: no such file or folder`);
  if (info.isFile() && basename(path).toLowerCase() !== "skill.md") {
    throw new UsageError(`${path}: expected a bank folder, a skill folder or a SKILL.md file`);
  }
  const loaded = await loadBankFromFolder(path, { mode, cwd: io.cwd });
  const { bank, diagnostics } = loaded;
  const errors = countBy(diagnostics, "error");
  const warnings = countBy(diagnostics, "warning");
  const hash = hashBank(bank.files);
  if (json) {
    const skills = bank.skills.map((s) => ({
      name: s.name, dir: s.dir, auxiliary: s.auxiliary.length, knowledge: s.knowledge.length,
    }));
    io.stdout(`${JSON.stringify({ path, kind: loaded.kind, mode, ok: errors === 0, errors, warnings, hash, candidate: candidateId(hash), skills, diagnostics }, null, 2)}\n`);
  } else {
    const c = colours(io);
    for (const d of diagnostics) {
      const line = formatDiagnostic(d);
      io.stdout(`${d.severity === "error" ? line.replace(" error ", ` ${c.red("error")} `) : line.replace(" warning ", ` ${c.yellow("warning")} `)}\n`);
    }
    const verdict = errors === 0 ? c.green("ok") : c.red("failed");
    io.stdout(`${path}: ${verdict}: ${bank.skills.length} skill(s), ${errors} error(s), ${warnings} warning(s) [${mode}]\n`);
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

export const registerValidate: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("validate")
    .description("check a bank folder, a skill folder or a SKILL.md against the Agent Skills spec and our metadata rules")
    .argument("[path]", "bank folder, skill folder or SKILL.md", DEFAULT_BANK_PATH)
    .option("--strict", "unknown frontmatter keys are errors (default)")
    .option("--lenient", "unknown frontmatter keys are warnings")
    .option("--json", "print a JSON report")
    .addHelpText("after", "\nExit status: 0 no errors, 1 errors found, 2 usage error.\n")
    .action(async (path: string, flags: ValidateFlags, command: Command) => {
      ctx.exitCode = await runValidate(ctx, path, modeOf(flags), wantsJson(command));
    });
};
