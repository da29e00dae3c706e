// skillops validate [PATH] [--strict|--lenient] [--json] — PATH a bank, a skill, a SKILL.md or a pool
// Prints one `path:line: severity CODE message` per finding; exit 1 when any is an error.
import { readdir, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { formatDiagnostic, hasErrors } from "../../core/bank/diagnostic.js";
import { candidateId, hashBank } from "../../core/bank/hash.js";
import type { ValidationMode } from "../../core/bank/validate.js";
import { sortDiagnostics } from "../../core/bank/bank.js";
import { policyLinkDiagnostics } from "../../core/bank/policy-links.js";
import { loadBankFromFolder, type LoadedBank } from "../../io/fsio/load-bank.js";
import { readLinkedPolicies } from "../../io/fsio/read-linked-policies.js";
import { readPool } from "../../io/fsio/pool-store.js";
import { printable } from "../../vocabulary/printable.js";
import { colours, UsageError, type CliContext } from "./context.js";

export interface ValidateFlags {
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

/** A regression pool holds `<category>/<id>.yml` files and no SKILL.md one level down. */
async function isPool(abs: string): Promise<boolean> {
  const top = await readdir(abs, { withFileTypes: true });
  let cases = 0;
  for (const dir of top.filter((e) => e.isDirectory() && !e.name.startsWith("."))) {
    const inner = await readdir(join(abs, dir.name));
    if (inner.some((f) => f.toLowerCase() === "skill.md")) return false;
    cases += inner.filter((f) => /\.ya?ml$/i.test(f)).length;
  }
  return cases > 0;
}

function printDiagnostics(ctx: CliContext, diagnostics: readonly Diagnostic[]): void {
  const c = colours(ctx.io);
  for (const d of diagnostics) {
    const line = formatDiagnostic(d);
    ctx.io.stdout(
      `${d.severity === "error" ? line.replace(" error ", ` ${c.red("error")} `) : line.replace(" warning ", ` ${c.yellow("warning")} `)}\n`,
    );
  }
}

async function runValidatePool(ctx: CliContext, path: string, abs: string, json: boolean): Promise<number> {
  const { cases, diagnostics } = await readPool(abs);
  const shown = diagnostics.map((d) => ({ ...d, file: join(path, d.file) }));
  const errors = countBy(shown, "error");
  if (json) {
    ctx.io.stdout(
      `${JSON.stringify({ path, kind: "pool", ok: errors === 0, errors, warnings: countBy(shown, "warning"), cases: cases.map((x) => ({ id: x.id, category: x.category })), diagnostics: shown }, null, 2)}\n`,
    );
  } else {
    printDiagnostics(ctx, shown);
    const c = colours(ctx.io);
    ctx.io.stdout(
      `${printable(path)}: ${errors === 0 ? c.green("ok") : c.red("failed")}: ${cases.length} case(s), ${errors} error(s), ${countBy(shown, "warning")} warning(s) [pool]\n`,
    );
  }
  return errors > 0 ? 1 : 0;
}

/** Back-links to headings their (readable) policy file lacks, shown under the path as given. */
async function policyDiagnostics(cwd: string, path: string, loaded: LoadedBank): Promise<Diagnostic[]> {
  const found = policyLinkDiagnostics(loaded.bank.skills, await readLinkedPolicies(cwd, loaded.bank.skills));
  const shown = (file: string) =>
    loaded.kind === "bank"
      ? join(path, file)
      : basename(path).toLowerCase() === "skill.md"
        ? path
        : join(path, "SKILL.md");
  return found.map((d) => ({ ...d, file: shown(d.file) }));
}

export async function runValidate(
  ctx: CliContext,
  path: string,
  mode: ValidationMode,
  json: boolean,
): Promise<number> {
  const { io } = ctx;
  const info = await stat(resolve(io.cwd, path)).catch(() => undefined);
  if (!info) throw new UsageError(`${path}: no such file or folder`);
  if (info.isDirectory() && (await isPool(resolve(io.cwd, path))))
    return runValidatePool(ctx, path, resolve(io.cwd, path), json);
  if (info.isFile() && basename(path).toLowerCase() !== "skill.md") {
    throw new UsageError(`${path}: expected a bank folder, a skill folder or a SKILL.md file`);
  }
  const loaded = await loadBankFromFolder(path, { mode, cwd: io.cwd });
  const { bank } = loaded;
  const diagnostics = sortDiagnostics([
    ...loaded.diagnostics,
    ...(await policyDiagnostics(io.cwd, path, loaded)),
  ]);
  const errors = countBy(diagnostics, "error");
  const warnings = countBy(diagnostics, "warning");
  const hash = hashBank(bank.files);
  if (json) {
    const skills = bank.skills.map((s) => ({
      name: s.name,
      dir: s.dir,
      auxiliary: s.auxiliary.length,
      knowledge: s.knowledge.length,
    }));
    io.stdout(
      `${JSON.stringify({ path, kind: loaded.kind, mode, ok: errors === 0, errors, warnings, hash, candidate: candidateId(hash), skills, diagnostics }, null, 2)}\n`,
    );
  } else {
    const c = colours(io);
    printDiagnostics(ctx, diagnostics);
    const verdict = errors === 0 ? c.green("ok") : c.red("failed");
    io.stdout(
      `${printable(path)}: ${verdict}: ${bank.skills.length} skill(s), ${errors} error(s), ${warnings} warning(s) [${mode}]\n`,
    );
  }
  return hasErrors(diagnostics) ? 1 : 0;
}
