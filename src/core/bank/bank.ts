// Turn a list of bank files into a SkillBank (pure). Every file is looked at and every problem is
// reported: one bad file never hides the diagnostics of the others, and files that cannot be
// understood stay in `bank.files` so writing the bank back never loses them.
import type { Diagnostic } from "./diagnostic.js";
import { comparePaths } from "./hash.js";
import { parseKnowledge } from "./knowledge.js";
import { parseSkillMd } from "./parse.js";
import { basenameOf, dirnameOf, pathProblem } from "./path.js";
import type { AuxiliaryFile, AuxiliaryKind, BankFile, KnowledgeEntry, Skill, SkillBank } from "./skill.js";
import { validateSkill, type ValidationMode } from "./validate.js";
import { sha256Hex } from "../../vocabulary/sha256.js";

export const SKILL_FILE = "SKILL.md";
export const KNOWLEDGE_FILE = "knowledge.md";

export interface LoadBankOptions {
  /** Default "lenient": unknown frontmatter keys are warnings. */
  mode?: ValidationMode;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Decode UTF-8 exactly (a BOM is kept so rendering is byte-exact), or undefined when invalid. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function isSkillFile(path: string): boolean {
  const base = basenameOf(path);
  return base === SKILL_FILE || base === "skill.md";
}

/** Skill folders: folders holding a SKILL.md that are not inside another skill folder. */
function findSkillDirs(files: readonly BankFile[], diagnostics: Diagnostic[]): Map<string, BankFile> {
  const candidates = files.filter((f) => isSkillFile(f.path)).sort((a, b) => a.path.length - b.path.length);
  const dirs = new Map<string, BankFile>();
  for (const f of candidates) {
    const dir = dirnameOf(f.path);
    if (dir === "") {
      diagnostics.push({
        file: f.path,
        line: 0,
        severity: "error",
        code: "BANK_SKILL_AT_ROOT",
        message: "SKILL.md at the bank root; a bank is a folder of skill folders (<name>/SKILL.md)",
      });
      continue;
    }
    if (enclosingDir(dir, dirs) !== undefined) continue; // part of an outer skill's files
    if (dirs.has(dir)) {
      diagnostics.push({
        file: f.path,
        line: 0,
        severity: "error",
        code: "SKILL_MD_DUPLICATE",
        message: `folder ${dir} has both SKILL.md and skill.md`,
      });
      continue;
    }
    if (basenameOf(f.path) !== SKILL_FILE) {
      // The spec names the file SKILL.md; skills-ref also finds skill.md, but agents that look
      // for SKILL.md on a case-sensitive filesystem would not, so the skill would silently vanish.
      diagnostics.push({
        file: f.path,
        line: 0,
        severity: "error",
        code: "SKILL_MD_LOWERCASE",
        message: "the skill file must be named SKILL.md; rename skill.md to SKILL.md",
      });
    }
    dirs.set(dir, f);
  }
  return dirs;
}

function enclosingDir(path: string, dirs: ReadonlyMap<string, unknown>): string | undefined {
  for (let d = dirnameOf(path); ; d = dirnameOf(d)) {
    if (dirs.has(d)) return d;
    if (d === "") return undefined;
  }
}

function auxiliaryKind(relative: string): AuxiliaryKind {
  const top = relative.split("/")[0];
  return top === "scripts" || top === "references" || top === "assets" ? top : "other";
}

interface SkillParts {
  skillFile: BankFile;
  others: BankFile[];
}

function buildSkill(dir: string, parts: SkillParts, diagnostics: Diagnostic[]): Skill | undefined {
  const file = parts.skillFile.path;
  const source = decodeUtf8(parts.skillFile.bytes);
  if (source === undefined) {
    diagnostics.push({
      file,
      line: 0,
      severity: "error",
      code: "FILE_NOT_UTF8",
      message: "SKILL.md is not valid UTF-8",
    });
    return undefined;
  }
  const parsed = parseSkillMd(source, file);
  diagnostics.push(...parsed.diagnostics);
  if (!parsed.ok) return undefined;
  const auxiliary: AuxiliaryFile[] = [];
  let knowledge: KnowledgeEntry[] = [];
  for (const f of parts.others) {
    const relative = f.path.slice(dir.length + 1);
    if (relative === KNOWLEDGE_FILE) {
      const text = decodeUtf8(f.bytes);
      if (text === undefined) {
        diagnostics.push({
          file: f.path,
          line: 0,
          severity: "error",
          code: "FILE_NOT_UTF8",
          message: "knowledge.md is not valid UTF-8",
        });
        continue;
      }
      const k = parseKnowledge(text, f.path);
      diagnostics.push(...k.diagnostics);
      knowledge = k.entries;
      continue;
    }
    auxiliary.push({
      path: relative,
      kind: auxiliaryKind(relative),
      size: f.bytes.length,
      sha256: sha256Hex(f.bytes),
    });
  }
  return {
    name: basenameOf(dir),
    dir,
    frontmatter: parsed.frontmatter,
    body: parsed.body,
    source,
    auxiliary,
    knowledge,
  };
}

function reportDuplicates(skills: readonly Skill[], diagnostics: Diagnostic[]): void {
  const byName = new Map<string, Skill[]>();
  for (const s of skills) {
    const names = new Set([s.name, typeof s.frontmatter.name === "string" ? s.frontmatter.name : s.name]);
    for (const n of names) byName.set(n, [...(byName.get(n) ?? []), s]);
  }
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    for (const s of group) {
      const others = group.filter((o) => o !== s).map((o) => `${o.dir}/SKILL.md`);
      diagnostics.push({
        file: `${s.dir}/SKILL.md`,
        line: 1,
        severity: "error",
        code: "SKILL_DUPLICATE_NAME",
        message: `skill name '${name}' is also used by ${others.join(", ")}`,
      });
    }
  }
}

/** Root-level files that are part of a bank but belong to no skill. */
const ROOT_FILE = /^(bank\.ya?ml|README(\.md)?|LICEN[CS]E.*|NOTICE.*|\.gitignore|\.gitattributes)$/i;

export function loadBank(
  files: readonly BankFile[],
  opts: LoadBankOptions = {},
): { bank: SkillBank; diagnostics: Diagnostic[] } {
  const mode = opts.mode ?? "lenient";
  const diagnostics: Diagnostic[] = [];
  const kept = keepValidPaths(files, diagnostics);
  kept.sort((a, b) => comparePaths(a.path, b.path));
  const dirs = findSkillDirs(kept, diagnostics);
  const parts = groupBySkill(kept, dirs, diagnostics);
  const skills: Skill[] = [];
  for (const [dir, p] of parts) {
    const skill = buildSkill(dir, p, diagnostics);
    if (skill) skills.push(skill);
  }
  reportDuplicates(skills, diagnostics);
  const bankNames = new Set(skills.map((s) => s.name));
  for (const s of skills) diagnostics.push(...validateSkill(s, { mode, bankNames }));
  // "A skill is a directory containing, at minimum, a SKILL.md file": a folder with none is not a
  // skill and not a bank of skills. Stray-file warnings do not hide this; earlier errors do.
  if (skills.length === 0 && !diagnostics.some((d) => d.severity === "error")) {
    diagnostics.push({
      file: ".",
      line: 0,
      severity: "error",
      code: "SKILL_MD_MISSING",
      message:
        "no SKILL.md found: a skill is a folder containing a SKILL.md file, and a bank is a folder of skill folders (<name>/SKILL.md)",
    });
  }
  return { bank: { skills, files: kept }, diagnostics: sortDiagnostics(diagnostics) };
}

/** The files whose paths are safe to write back; each rejected path is a diagnostic. */
function keepValidPaths(files: readonly BankFile[], diagnostics: Diagnostic[]): BankFile[] {
  const kept: BankFile[] = [];
  for (const f of files) {
    const problem = pathProblem(f.path);
    if (problem)
      diagnostics.push({
        file: f.path,
        line: 0,
        severity: "error",
        code: "BANK_PATH_INVALID",
        message: problem,
      });
    else kept.push(f);
  }
  return kept;
}

/** Each file goes to the skill folder enclosing it; root strays and folders without a SKILL.md are reported. */
function groupBySkill(
  kept: readonly BankFile[],
  dirs: ReadonlyMap<string, BankFile>,
  diagnostics: Diagnostic[],
): Map<string, SkillParts> {
  const parts = new Map<string, SkillParts>([...dirs].map(([d, f]) => [d, { skillFile: f, others: [] }]));
  const orphanDirs = new Set<string>();
  for (const f of kept) {
    const dir = enclosingDir(f.path, dirs);
    if (dir !== undefined) {
      if (f !== dirs.get(dir)) parts.get(dir)?.others.push(f);
    } else if (f.path.includes("/")) {
      orphanDirs.add(f.path.split("/")[0] ?? f.path);
    } else if (!ROOT_FILE.test(f.path) && !isSkillFile(f.path)) {
      diagnostics.push({
        file: f.path,
        line: 0,
        severity: "warning",
        code: "BANK_STRAY_FILE",
        message: "file at the bank root belongs to no skill",
      });
    }
  }
  for (const dir of orphanDirs) {
    if ([...dirs.keys()].some((d) => d.startsWith(`${dir}/`))) continue; // a grouping folder
    if (dir.startsWith(".")) continue;
    diagnostics.push({
      file: dir,
      line: 0,
      severity: "error",
      code: "SKILL_MD_MISSING",
      message: `folder ${dir}/ has no SKILL.md`,
    });
  }
  return parts;
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => comparePaths(a.file, b.file) || a.line - b.line || comparePaths(a.code, b.code),
  );
}

/** A copy of the bank with one file added or replaced (re-loaded, so skills stay consistent). */
export function withFile(bank: SkillBank, file: BankFile, opts: LoadBankOptions = {}): SkillBank {
  const files = bank.files.filter((f) => f.path !== file.path);
  return loadBank([...files, file], opts).bank;
}

/** Replace (or add) the SKILL.md of skill `name`. */
export function replaceSkillSource(bank: SkillBank, name: string, source: string): SkillBank {
  const existing = bank.skills.find((s) => s.name === name);
  const dir = existing?.dir ?? name;
  const previous = bank.files.find((f) => f.path === `${dir}/${SKILL_FILE}`);
  const file: BankFile = { path: `${dir}/${SKILL_FILE}`, bytes: new TextEncoder().encode(source) };
  if (previous?.executable) file.executable = true;
  return withFile(bank, file);
}

export function bankFilesOf(bank: SkillBank): BankFile[] {
  return [...bank.files].sort((a, b) => comparePaths(a.path, b.path));
}

export function findSkill(bank: SkillBank, name: string): Skill | undefined {
  return bank.skills.find((s) => s.name === name);
}
