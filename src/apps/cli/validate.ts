// skillops validate [PATH] [--config FILE] [--strict|--lenient] [--json] — PATH a bank, a skill, a
// SKILL.md or a pool; the config (.github/skillops.yml when present) is checked beside it.
// Prints one `path:line: severity CODE message` per finding; exit 1 when any is an error.
import { readdir, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { hashBank } from "../../core/bank/hash.js";
import { shortCandidateId } from "../../records/candidate-id.js";
import type { ValidationMode } from "../../core/bank/validate.js";
import { sortDiagnostics } from "../../core/bank/bank.js";
import { policyLinkDiagnostics } from "../../core/bank/policy-links.js";
import { loadBankFromFolder, type LoadedBank } from "../../io/fsio/load-bank.js";
import { readLinkedPolicies } from "../../io/fsio/read-linked-policies.js";
import { readPool } from "../../io/fsio/pool-store.js";
import { readConfigFile } from "./config-file.js";
import { DEFAULT_CONFIG } from "../../core/config/config.js";
import { colours, UsageError, type CliContext, type CliIo } from "./context.js";
import { renderValidateText, type ConfigCheck, type ValidateReport } from "./validate-report.js";
import { nogoodDiagnostics } from "./validate-nogoods.js";
import { NOGOODS_DIR } from "../../records/nogood-file.js";

export interface ValidateFlags {
  strict?: boolean;
  lenient?: boolean;
  config: string;
  nogoods?: string;
}

export function modeOf(flags: Pick<ValidateFlags, "strict" | "lenient">): ValidationMode {
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

/** The pool's part of the report (its verdict and counts leave the config out). */
async function poolReport(path: string, abs: string): Promise<Omit<ValidateReport, "config">> {
  const { cases, diagnostics } = await readPool(abs);
  const shown = diagnostics.map((d) => ({ ...d, file: join(path, d.file) }));
  const errors = countBy(shown, "error");
  return {
    path,
    kind: "pool",
    ok: errors === 0,
    errors,
    warnings: countBy(shown, "warning"),
    cases: cases.map((x) => ({ id: x.id, category: x.category })),
    diagnostics: shown,
  };
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

/** The bank's (or one skill's) part of the report. */
async function bankReport(
  io: CliIo,
  path: string,
  mode: ValidationMode,
  nogoods: string,
): Promise<Omit<ValidateReport, "config">> {
  const loaded = await loadBankFromFolder(path, { mode, cwd: io.cwd });
  const { bank } = loaded;
  const diagnostics = sortDiagnostics([
    ...loaded.diagnostics,
    ...(await policyDiagnostics(io.cwd, path, loaded)),
    ...(loaded.kind === "bank" ? await nogoodDiagnostics(io.cwd, resolve(io.cwd, nogoods), bank) : []),
  ]);
  const errors = countBy(diagnostics, "error");
  const hash = hashBank(bank.files);
  const skills = bank.skills.map((s) => ({
    name: s.name,
    dir: s.dir,
    auxiliary: s.auxiliary.length,
    knowledge: s.knowledge.length,
  }));
  return {
    path,
    kind: loaded.kind,
    mode,
    ok: errors === 0,
    errors,
    warnings: countBy(diagnostics, "warning"),
    hash,
    candidate: shortCandidateId(hash),
    skills,
    diagnostics,
  };
}

/**
 * The config named by --config, or the default one when it is there (null when there is none), and
 * the pool folder it names (the default's when it names none or is invalid).
 */
async function checkConfig(
  io: CliIo,
  file: string,
  explicit: boolean,
): Promise<{ check: ConfigCheck | null; pool: string }> {
  const read = await readConfigFile(io, file, explicit);
  const pool = read?.ok ? read.config.pool : DEFAULT_CONFIG.pool;
  if (read === undefined) return { check: null, pool };
  return { check: { path: file, ok: read.ok, problems: read.ok ? [] : read.problems }, pool };
}

/**
 * A bank, a skill, a SKILL.md or a pool: a folder of case files, or the folder the config names as
 * its pool (empty until the first frontier PR adds a case, as `skillops init` leaves it).
 */
async function targetReport(io: CliIo, path: string, mode: ValidationMode, pool: string, nogoods: string) {
  const abs = resolve(io.cwd, path);
  const info = await stat(abs).catch(() => undefined);
  if (!info) throw new UsageError(`${path}: no such file or folder`);
  const configuredPool = abs === resolve(io.cwd, pool);
  if (info.isDirectory() && (configuredPool || (await isPool(abs)))) return poolReport(path, abs);
  if (info.isFile() && basename(path).toLowerCase() !== "skill.md") {
    throw new UsageError(`${path}: expected a bank folder, a skill folder or a SKILL.md file`);
  }
  return bankReport(io, path, mode, nogoods);
}

export interface ValidateRun {
  mode: ValidationMode;
  json: boolean;
  /** The config file to check beside the bank; `explicit` when named on the command line. */
  config: { file: string; explicit: boolean };
  /** The nogoods folder checked beside a bank (default `.skillops/nogoods`, when present). */
  nogoods?: string;
}

export async function runValidate(ctx: CliContext, path: string, opts: ValidateRun): Promise<number> {
  const { io } = ctx;
  const { check: config, pool } = await checkConfig(io, opts.config.file, opts.config.explicit);
  const target = await targetReport(io, path, opts.mode, pool, opts.nogoods ?? NOGOODS_DIR);
  const report: ValidateReport = { ...target, ok: target.ok && (config?.ok ?? true), config };
  io.stdout(opts.json ? `${JSON.stringify(report, null, 2)}\n` : renderValidateText(report, colours(io)));
  return report.ok ? 0 : 1;
}
