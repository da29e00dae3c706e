// Diff two banks into data: per skill added / removed / modified, with the unified diff of each
// changed text file, and the changed auxiliary files listed. PR bodies and run records render it.
import { createTwoFilesPatch } from "diff";
import { decodeUtf8, KNOWLEDGE_FILE, SKILL_FILE } from "./bank.js";
import { comparePaths } from "./hash.js";
import type { BankFile, SkillBank } from "./skill.js";
import { sameBytes } from "./same-bytes.js";

export type ChangeStatus = "added" | "removed" | "modified";

export interface FileChange {
  /** Path relative to the bank root. */
  path: string;
  status: ChangeStatus;
  /** Path relative to the skill folder, when the file belongs to a skill. */
  skillPath?: string;
  /** True for files other than SKILL.md and knowledge.md inside a skill folder. */
  auxiliary: boolean;
  /** Unified diff (`a/<path>` → `b/<path>`), absent for binary files. */
  patch?: string;
  binary: boolean;
  /** Lines added and removed (0 for binary files). */
  added: number;
  removed: number;
}

export interface SkillDiff {
  name: string;
  status: ChangeStatus;
  files: FileChange[];
}

export interface BankDiff {
  skills: SkillDiff[];
  /** Changed files that belong to no skill (e.g. bank.yml). */
  other: FileChange[];
  /** True when nothing changed. */
  empty: boolean;
}

function fileChange(path: string, before: BankFile | undefined, after: BankFile | undefined): FileChange {
  const status: ChangeStatus = !before ? "added" : !after ? "removed" : "modified";
  const oldText = before ? decodeUtf8(before.bytes) : "";
  const newText = after ? decodeUtf8(after.bytes) : "";
  if (oldText === undefined || newText === undefined) {
    return { path, status, auxiliary: false, binary: true, added: 0, removed: 0 };
  }
  const patch = createTwoFilesPatch(
    before ? `a/${path}` : "/dev/null",
    after ? `b/${path}` : "/dev/null",
    oldText,
    newText,
    undefined,
    undefined,
    { context: 3 },
  );
  let added = 0;
  let removed = 0;
  for (const line of patch.split("\n").slice(2)) {
    if (line.startsWith("+") && !line.startsWith("+++")) added++;
    else if (line.startsWith("-") && !line.startsWith("---")) removed++;
  }
  return { path, status, auxiliary: false, patch, binary: false, added, removed };
}

function skillDirs(bank: SkillBank): Map<string, string> {
  return new Map(bank.skills.map((s) => [s.dir, s.name]));
}

function ownerOf(path: string, dirs: ReadonlyMap<string, string>): string | undefined {
  let best: string | undefined;
  for (const dir of dirs.keys()) {
    if (path.startsWith(`${dir}/`) && (best === undefined || dir.length > best.length)) best = dir;
  }
  return best;
}

export function diffBanks(a: SkillBank, b: SkillBank): BankDiff {
  const before = new Map(a.files.map((f) => [f.path, f]));
  const after = new Map(b.files.map((f) => [f.path, f]));
  const dirsA = skillDirs(a);
  const dirsB = skillDirs(b);
  const allDirs = new Map([...dirsA, ...dirsB]);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort(comparePaths);
  const bySkill = new Map<string, FileChange[]>();
  const other: FileChange[] = [];
  for (const path of paths) {
    const x = before.get(path);
    const y = after.get(path);
    if (x && y && sameBytes(x.bytes, y.bytes) && Boolean(x.executable) === Boolean(y.executable)) continue;
    const change = fileChange(path, x, y);
    const dir = ownerOf(path, allDirs);
    if (dir === undefined) {
      other.push(change);
      continue;
    }
    change.skillPath = path.slice(dir.length + 1);
    change.auxiliary = change.skillPath !== SKILL_FILE && change.skillPath !== KNOWLEDGE_FILE;
    bySkill.set(dir, [...(bySkill.get(dir) ?? []), change]);
  }
  const skills: SkillDiff[] = [...bySkill]
    .map(([dir, files]): SkillDiff => {
      const status: ChangeStatus = !dirsA.has(dir) ? "added" : !dirsB.has(dir) ? "removed" : "modified";
      return { name: allDirs.get(dir) ?? dir, status, files };
    })
    .sort((x, y) => comparePaths(x.name, y.name));
  return { skills, other, empty: skills.length === 0 && other.length === 0 };
}
