// Load a bank from disk for `skillops validate` and the demo. PATH may be a bank folder, one skill
// folder (validated with its siblings' names, so metadata.refs still resolve) or a SKILL.md file.
import { readdir, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { loadBank, sortDiagnostics, SKILL_FILE } from "../../core/bank/bank.js";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import type { SkillBank } from "../../core/bank/skill.js";
import type { ValidationMode } from "../../core/bank/validate.js";
import { validateSkill } from "../../core/bank/validate.js";
import { readFolder, type ReadFolderOptions } from "./read-folder.js";

export type BankPathKind = "bank" | "skill";

export interface LoadedBank {
  bank: SkillBank;
  /** Paths are as the user would type them: the given path joined with the bank-relative path. */
  diagnostics: Diagnostic[];
  kind: BankPathKind;
  /** The folder the bank's paths are relative to. */
  root: string;
}

export interface LoadBankFromFolderOptions extends ReadFolderOptions {
  mode?: ValidationMode;
  /** Relative paths are resolved against this (default: the process's working directory). */
  cwd?: string;
}

/** A SKILL.md that readFolder refused already explains why its folder seems to have none. */
function withoutEchoes(
  fsDiagnostics: readonly Diagnostic[],
  bankDiagnostics: readonly Diagnostic[],
): Diagnostic[] {
  const refused = new Set(
    fsDiagnostics
      .filter((d) => /(^|\/)SKILL\.md$/i.test(d.file))
      .map((d) => (d.file.includes("/") ? d.file.replace(/\/[^/]+$/, "") : ".")),
  );
  return bankDiagnostics.filter((d) => !(d.code === "SKILL_MD_MISSING" && refused.has(d.file)));
}

function displayPath(root: string, file: string): string {
  if (file === "." || file === "") return root;
  return root === "." ? file : join(root, file);
}

async function siblingSkillNames(parent: string): Promise<Set<string>> {
  const names = new Set<string>();
  const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const ok = await stat(join(parent, e.name, SKILL_FILE)).then(
      (s) => s.isFile(),
      () => false,
    );
    if (ok) names.add(e.name);
  }
  return names;
}

export async function loadBankFromFolder(
  path: string,
  opts: LoadBankFromFolderOptions = {},
): Promise<LoadedBank> {
  const abs = resolve(opts.cwd ?? ".", path);
  const mode = opts.mode ?? "lenient";
  const info = await stat(abs).catch(() => undefined);
  if (!info) throw new Error(`${path}: no such file or folder`);
  if (info.isFile() && basename(abs).toLowerCase() !== "skill.md") {
    throw new Error(`${path}: expected a bank folder, a skill folder or a SKILL.md file`);
  }
  // A folder holding a lowercase skill.md is a skill too, so its diagnostic (SKILL_MD_LOWERCASE)
  // is the same whether the folder is named directly or found inside a bank.
  const isFileIn = (name: string) =>
    stat(join(abs, name)).then(
      (s) => s.isFile(),
      () => false,
    );
  const isSkill = info.isFile() || (await isFileIn(SKILL_FILE)) || (await isFileIn("skill.md"));
  if (!isSkill) {
    const { files, diagnostics: fsDiagnostics } = await readFolder(abs, opts);
    const { bank, diagnostics } = loadBank(files, { mode });
    const all = sortDiagnostics([...fsDiagnostics, ...withoutEchoes(fsDiagnostics, diagnostics)]);
    return {
      bank,
      kind: "bank",
      root: abs,
      diagnostics: all.map((d) => ({ ...d, file: displayPath(path, d.file) })),
    };
  }
  // One skill: read its folder as `<name>/...` of a bank rooted at the parent folder.
  const skillDir = info.isFile() ? dirname(abs) : abs;
  const shownDir = info.isFile() ? dirname(path) : path;
  const name = basename(await realpath(skillDir));
  const { files, diagnostics: fsDiagnostics } = await readFolder(skillDir, opts);
  const prefixed = files.map((f) => ({ ...f, path: `${name}/${f.path}` }));
  const { bank, diagnostics } = loadBank(prefixed, { mode });
  const bankNames = new Set([
    ...(await siblingSkillNames(dirname(skillDir))),
    ...bank.skills.map((s) => s.name),
  ]);
  // Re-check refs against the siblings' names (loadBank only knew this one skill).
  const fsPrefixed = fsDiagnostics.map((d) => ({ ...d, file: `${name}/${d.file}` }));
  const own = withoutEchoes(
    fsPrefixed,
    diagnostics.filter((d) => d.code !== "SKILL_REF_UNKNOWN"),
  );
  const refs = bank.skills.flatMap((s) =>
    validateSkill(s, { mode, bankNames }).filter((d) => d.code === "SKILL_REF_UNKNOWN"),
  );
  const all = sortDiagnostics([...fsPrefixed, ...own, ...refs]);
  const shown = (file: string) =>
    file.startsWith(`${name}/`) ? displayPath(shownDir, file.slice(name.length + 1)) : file;
  return {
    bank,
    kind: "skill",
    root: dirname(skillDir),
    diagnostics: all.map((d) => ({ ...d, file: shown(d.file) })),
  };
}
