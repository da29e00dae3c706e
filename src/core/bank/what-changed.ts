// What a candidate bank changed against the bank it would replace, derived from the two banks alone
// (never from what a model said it did): per skill, the frontmatter keys, every `##` section added,
// removed or changed with its line and list-item counts, and every other file, scripts with their
// full diff. PR bodies, the run record and the reports show this (what-changed-sentences.ts words it).
import { diffLines } from "diff";
import { decodeUtf8, SKILL_FILE } from "./bank.js";
import { diffBanks, type FileChange } from "./diff.js";
import { splitSections } from "./sections.js";
import type { BankFile, SkillBank } from "./skill.js";
import type {
  LineCounts,
  ChangedSection,
  ChangedFile,
  ChangedSkill,
  WhatChanged,
} from "../../records/what-changed.js";

const SCRIPT_EXT = /\.(?:py|[cm]?js|ts|sh|bash|zsh|rb|pl|php|ps1|lua|r)$/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+\S/;
const LIST_MARKER = /^(?:[-*+]|\d{1,3}[.)])\s+/;

function textAt(files: ReadonlyMap<string, BankFile>, path: string): string | undefined {
  const f = files.get(path);
  return f ? decodeUtf8(f.bytes) : undefined;
}

function isScript(path: string, file: BankFile | undefined): boolean {
  if (/(?:^|\/)scripts\//.test(path) || SCRIPT_EXT.test(path) || file?.executable) return true;
  return file ? (decodeUtf8(file.bytes)?.startsWith("#!") ?? false) : false;
}

/** Lines added and removed between two texts, a missing final newline not counted. */
export function lineCounts(before: string, after: string): LineCounts {
  const norm = (t: string) => (t === "" || t.endsWith("\n") ? t : `${t}\n`);
  const c = { added: 0, removed: 0 };
  for (const part of diffLines(norm(before), norm(after))) {
    if (part.added) c.added += part.count ?? 0;
    else if (part.removed) c.removed += part.count ?? 0;
  }
  return c;
}

/** List items in `after` that `before` lacks, and the reverse (as multisets of trimmed first lines). */
function itemChanges(
  before: string,
  after: string,
): Pick<ChangedSection, "items" | "addedItems" | "removedItems"> {
  const items = (t: string) =>
    t
      .split("\n")
      .filter((l) => LIST_ITEM.test(l))
      .map((l) => l.trim());
  const left = new Map<string, number>();
  for (const i of items(before)) left.set(i, (left.get(i) ?? 0) + 1);
  const added: string[] = [];
  for (const i of items(after)) {
    const n = left.get(i) ?? 0;
    if (n > 0) left.set(i, n - 1);
    else added.push(i);
  }
  const removed = [...left].flatMap(([i, n]) => Array<string>(n).fill(i));
  const text = (i: string) => i.replace(LIST_MARKER, "");
  return {
    items: { added: added.length, removed: removed.length },
    addedItems: added.map(text),
    removedItems: removed.map(text),
  };
}

/** SKILL.md cut into its frontmatter and its body (all body when there is no closed `---` block). */
function splitSkillMd(text: string): { front: string; body: string } {
  const m = /^\uFEFF?---[^\n]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return m ? { front: m[1]!, body: text.slice(m[0].length) } : { front: "", body: text };
}

/** Top-level frontmatter keys, each with its block (the key line and the lines indented under it). */
function frontmatterBlocks(front: string): Map<string, string> {
  const out = new Map<string, string>();
  let key: string | undefined;
  for (const line of front.split(/\r?\n/)) {
    const m = /^([^\s#:][^:]*):/.exec(line);
    if (m) out.set((key = m[1]!.trim()), line);
    else if (key !== undefined) out.set(key, `${out.get(key)}\n${line}`);
  }
  return out;
}

function changedKeys(before: string, after: string): string[] {
  const a = frontmatterBlocks(before);
  const b = frontmatterBlocks(after);
  const keys = [...new Set([...b.keys(), ...a.keys()])];
  return keys.filter((k) => (a.get(k) ?? "").trimEnd() !== (b.get(k) ?? "").trimEnd());
}

/** Sections keyed by heading, a repeated heading by its occurrence (`Steps`, `Steps#2`). */
function keyedSections(body: string): { key: string; heading: string; text: string }[] {
  const { overview, sections } = splitSections(body);
  const seen = new Map<string, number>();
  const out = overview.trim() === "" ? [] : [{ key: "", heading: "", text: overview }];
  for (const s of sections) {
    const n = (seen.get(s.title) ?? 0) + 1;
    seen.set(s.title, n);
    out.push({ key: n === 1 ? s.title : `${s.title}#${n}`, heading: s.title, text: s.text });
  }
  return out;
}

function sectionChanges(before: string, after: string): { sections: ChangedSection[]; reordered: boolean } {
  const a = keyedSections(before);
  const b = keyedSections(after);
  const inA = new Map(a.map((s) => [s.key, s]));
  const inB = new Map(b.map((s) => [s.key, s]));
  const sections: ChangedSection[] = [];
  const change = (heading: string, status: ChangedSection["status"], x: string, y: string) =>
    sections.push({ heading, status, lines: lineCounts(x, y), ...itemChanges(x, y) });
  for (const s of b) {
    const old = inA.get(s.key);
    if (!old) change(s.heading, "added", "", s.text);
    else if (old.text !== s.text) change(s.heading, "changed", old.text, s.text);
  }
  for (const s of a) if (!inB.has(s.key)) change(s.heading, "removed", s.text, "");
  const common = (xs: typeof a, other: Map<string, unknown>) =>
    xs.filter((s) => other.has(s.key)).map((s) => s.key);
  const reordered = common(a, inB).join("\n") !== common(b, inA).join("\n");
  return { sections, reordered };
}

function changedFile(
  f: FileChange,
  files: { before: ReadonlyMap<string, BankFile>; after: ReadonlyMap<string, BankFile> },
): ChangedFile {
  const script = isScript(f.path, files.after.get(f.path) ?? files.before.get(f.path));
  const lines = { added: f.added, removed: f.removed };
  const out: ChangedFile = { path: f.path, status: f.status, script, binary: f.binary, lines };
  if (script && f.patch)
    out.patch = f.patch
      .split("\n")
      .filter((l) => !/^={5,}$/.test(l))
      .join("\n");
  return out;
}

/** Everything `candidate` changed against `base`, derived from their files. */
export function whatChanged(base: SkillBank, candidate: SkillBank): WhatChanged {
  const files = {
    before: new Map(base.files.map((f) => [f.path, f])),
    after: new Map(candidate.files.map((f) => [f.path, f])),
  };
  const diff = diffBanks(base, candidate);
  const skills = diff.skills.map((s): ChangedSkill => {
    const md = s.files.find((f) => f.skillPath === SKILL_FILE);
    const before = splitSkillMd(md ? (textAt(files.before, md.path) ?? "") : "");
    const after = splitSkillMd(md ? (textAt(files.after, md.path) ?? "") : "");
    const { sections, reordered } = md
      ? sectionChanges(before.body, after.body)
      : { sections: [], reordered: false };
    return {
      skill: s.name,
      status: s.status,
      lines: s.files.reduce((c, f) => ({ added: c.added + f.added, removed: c.removed + f.removed }), {
        added: 0,
        removed: 0,
      }),
      frontmatter: md ? changedKeys(before.front, after.front) : [],
      sections,
      reordered,
      files: s.files.filter((f) => f.skillPath !== SKILL_FILE).map((f) => changedFile(f, files)),
    };
  });
  return { skills, other: diff.other.map((f) => changedFile(f, files)) };
}
