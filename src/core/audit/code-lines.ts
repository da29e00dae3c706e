// The lines the exfiltration checks read, each marked script or prose: a script runs as written,
// and prose is what the agent is told to do (a command in SKILL.md runs as surely as a script).
// Comment lines of a script are dropped: they never run.
import type { SkillBank } from "../bank/skill.js";
import { addedLines, skillTextPaths, textOf } from "./added-lines.js";
import { isComment, languageOf, type ScriptLanguage } from "./script-patterns.js";

export interface CodeLine {
  skill: string;
  /** Path relative to the bank root. */
  file: string;
  line: number;
  text: string;
  kind: "script" | "prose";
  /** A script's language, from its extension or its `#!` line; undefined when neither says. */
  lang?: ScriptLanguage;
}

const SHEBANG: [RegExp, ScriptLanguage][] = [
  [/^#!.*\bpython/, "python"],
  [/^#!.*\b(?:node|deno|bun)\b/, "js"],
  [/^#!.*\b(?:ba|z|da|k)?sh\b/, "shell"],
];

interface FileKind {
  kind: CodeLine["kind"];
  lang?: ScriptLanguage;
}

/** Script: a known script extension, or a file under `scripts/` that is not Markdown or plain text. */
export function fileKind(path: string, text: string): FileKind {
  const byExt = languageOf(path);
  if (byExt) return { kind: "script", lang: byExt };
  const first = text.split("\n", 1)[0] ?? "";
  const bang = SHEBANG.find(([re]) => re.test(first))?.[1];
  if (bang) return { kind: "script", lang: bang };
  if (/(?:^|\/)scripts\//.test(path) && !/\.(?:md|txt)$/i.test(path)) return { kind: "script" };
  return { kind: "prose" };
}

function keep(k: FileKind, text: string): boolean {
  if (text.trim() === "") return false;
  if (k.kind === "prose") return true;
  return k.lang ? !isComment(text, k.lang) : !/^\s*(?:#|\/\/)/.test(text);
}

const withKind = (k: FileKind) => (k.lang ? { kind: k.kind, lang: k.lang } : { kind: k.kind });

/** The lines the candidate adds to its skills' text files, marked script or prose. */
export function addedCodeLines(base: SkillBank, candidate: SkillBank): CodeLine[] {
  const kinds = new Map<string, FileKind>();
  const out: CodeLine[] = [];
  for (const a of addedLines(base, candidate)) {
    let k = kinds.get(a.file);
    if (!k) kinds.set(a.file, (k = fileKind(a.file, textOf(candidate, a.file) ?? "")));
    if (keep(k, a.text)) out.push({ ...a, ...withKind(k) });
  }
  return out;
}

/** Every line of a skill's text files in `bank` (none when the bank lacks the skill). */
export function skillLines(bank: SkillBank, skillName: string): CodeLine[] {
  const skill = bank.skills.find((s) => s.name === skillName);
  if (!skill) return [];
  const out: CodeLine[] = [];
  for (const file of skillTextPaths(bank, skill)) {
    const text = textOf(bank, file) ?? "";
    const k = fileKind(file, text);
    text.split("\n").forEach((line, i) => {
      if (keep(k, line)) out.push({ skill: skillName, file, line: i + 1, text: line, ...withKind(k) });
    });
  }
  return out;
}
