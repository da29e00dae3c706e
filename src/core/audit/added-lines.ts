// The lines a candidate adds to each skill's text files (SKILL.md, knowledge.md, auxiliary text),
// with their line numbers in the candidate file. Only added lines can carry new leakage.
import { diffLines } from "diff";
import { decodeUtf8 } from "../bank/bank.js";
import type { Skill, SkillBank } from "../bank/skill.js";

export interface AddedLine {
  skill: string;
  /** Path relative to the bank root. */
  file: string;
  line: number;
  text: string;
}

export function textOf(bank: SkillBank, path: string): string | undefined {
  const f = bank.files.find((x) => x.path === path);
  return f ? decodeUtf8(f.bytes) : undefined;
}

/** The text files of a skill, paths relative to the bank root. */
export function skillTextPaths(bank: SkillBank, skill: Skill): string[] {
  return bank.files
    .filter((f) => f.path.startsWith(`${skill.dir}/`) && decodeUtf8(f.bytes) !== undefined)
    .map((f) => f.path);
}

/** Lines in `after` that `before` lacks, numbered as in `after`. */
export function addedLinesOf(before: string, after: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let line = 1;
  for (const part of diffLines(before, after)) {
    const lines = part.value.replace(/\n$/, "").split("\n");
    if (part.removed) continue;
    if (part.added) lines.forEach((text, i) => out.push({ line: line + i, text }));
    line += part.count ?? lines.length;
  }
  return out;
}

export function addedLines(base: SkillBank, candidate: SkillBank): AddedLine[] {
  const out: AddedLine[] = [];
  for (const skill of candidate.skills) {
    for (const path of skillTextPaths(candidate, skill)) {
      const after = textOf(candidate, path) ?? "";
      const before = textOf(base, path) ?? "";
      if (before === after) continue;
      for (const a of addedLinesOf(before, after))
        if (a.text.trim() !== "") out.push({ skill: skill.name, file: path, ...a });
    }
  }
  return out;
}

/** Every text of the base bank joined, for "was it already there" questions. */
export function bankText(bank: SkillBank): string {
  return bank.files
    .map((f) => decodeUtf8(f.bytes))
    .filter((t): t is string => t !== undefined)
    .join("\n");
}
