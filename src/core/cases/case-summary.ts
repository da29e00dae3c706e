// What the pool index needs from a case file (id, category, skills), read without a YAML parse.
// A full parse costs ~0.4 ms per case (45 s for 100,000); this line scan costs microseconds. It only
// accepts the plain shape `renderCase` writes; anything else (quotes, comments, flow mappings, tags,
// anchors, a document marker) returns `undefined` so the caller falls back to `parseCase`. The full
// parse when a case is sampled checks the summary again (pool-store `readCases`).
import type { PoolEntry } from "./pool.js";

/** A plain scalar we can read without a YAML parser: a name, nothing that YAML would reinterpret. */
const PLAIN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A top-level `key: rest` line. */
const TOP_KEY = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t]+(.*))?$/;
/** A block sequence item holding a plain scalar (`  - name`). */
const ITEM = /^([ ]*)-[ ]+(\S+)[ ]*$/;
/** Plain scalars the YAML 1.2 core schema reads as something other than a string. */
const NOT_A_STRING =
  /^(?:true|false|null|True|False|TRUE|FALSE|Null|NULL|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const isPlainString = (s: string) => PLAIN.test(s) && !NOT_A_STRING.test(s);

const SPACE = 0x20;
const CR = 0x0d;
const DASH = 0x2d;

export type CaseSummary = Pick<PoolEntry, "id" | "category" | "skills" | "draft" | "linkText">;

/** A `draft:` line directly under `provenance:` (drafts are never sampled; src/core/cases/draft.ts). */
const DRAFT = /^([ ]+)draft[ \t]*:[ \t]*(.*?)[ \t]*$/;

/**
 * The id, category and skills of a case file's text, or `undefined` when the text is not in the
 * plain shape this scan understands (the caller then parses it in full).
 */
export function summarizeCase(text: string): CaseSummary | undefined {
  const lines = text.split("\n");
  const top = new Map<string, { rest: string; line: number }>();
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!.charCodeAt(0);
    // Nested content of some key (space), an empty line, or a column-0 item of a block sequence
    // (checked by its key): skipped without a regex, which keeps the scan at a few microseconds.
    if (Number.isNaN(first) || first === SPACE || first === CR || (first === DASH && lines[i]![1] === " "))
      continue;
    const m = TOP_KEY.exec(lines[i]!.replace(/\r$/, ""));
    if (!m) return undefined; // a comment, a marker, a quoted or complex key: let the parser decide
    if (top.has(m[1]!)) return undefined; // a duplicate key is the parser's CASE_YAML error
    top.set(m[1]!, { rest: (m[2] ?? "").trim(), line: i });
  }
  const id = top.get("id")?.rest;
  const category = top.get("category")?.rest;
  if (id === undefined || category === undefined || !isPlainString(id) || !isPlainString(category))
    return undefined;
  const skillsKey = top.get("skills");
  const skills = skillsKey ? readSkills(lines, skillsKey.line, skillsKey.rest) : [];
  const provenance = top.get("provenance");
  const draft = provenance ? readDraft(lines, provenance.line, provenance.rest) : false;
  if (!skills || draft === undefined) return undefined;
  const summary: CaseSummary = draft ? { id, category, skills, draft } : { id, category, skills };
  if (skills.length === 0) summary.linkText = linkTextIn(lines, top);
  return summary;
}

/** At most this much of an unlinked case's text is kept in the index (retrieval needs only words). */
export const LINK_TEXT_CHARS = 1000;

/** Text as retrieval reads it: one line, single spaces, capped (the index cache keeps it on a line). */
export const flatLinkText = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, LINK_TEXT_CHARS);

/**
 * The raw YAML of the diagnosis and the task's prompt, for retrieval links (core/evolve/retrieval-links.ts):
 * a bag of words, so the scalar's quotes and block indicators need no decoding.
 */
function linkTextIn(
  lines: readonly string[],
  top: ReadonlyMap<string, { rest: string; line: number }>,
): string {
  const diagnosis = top.get("diagnosis");
  const task = top.get("task");
  const raw = [diagnosis ? blockAt(lines, diagnosis.line, diagnosis.rest, 0) : ""];
  if (task) {
    const at = lines.findIndex((l, i) => i > task.line && /^ {2}prompt[ \t]*:/.test(l));
    if (at > task.line) raw.push(blockAt(lines, at, lines[at]!.replace(/^ {2}prompt[ \t]*:/, ""), 2));
  }
  return flatLinkText(raw.join(" "));
}

/** A key's value: the rest of its line and the lines after it indented deeper than `indent`. */
function blockAt(lines: readonly string[], keyLine: number, rest: string, indent: number): string {
  const out = [rest];
  for (let i = keyLine + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() !== "" && line.length - line.trimStart().length <= indent) break;
    out.push(line);
  }
  return out.join(" ");
}

/** Whether the block under `provenance:` says `draft: true`; `undefined` for a shape not read here. */
function readDraft(lines: readonly string[], keyLine: number, rest: string): boolean | undefined {
  if (rest === "{}") return false;
  if (rest !== "") return undefined; // a flow mapping or a scalar: the parser decides
  let indent: number | undefined;
  for (let i = keyLine + 1; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, "");
    if (line.trim() === "") continue;
    if (line[0] !== " ") break;
    const own = line.length - line.trimStart().length;
    indent ??= own;
    if (own !== indent) continue; // nested deeper (a block scalar's text, a sub-mapping)
    const m = DRAFT.exec(line);
    if (!m) continue;
    if (m[2] === "true") return true;
    return m[2] === "false" ? false : undefined;
  }
  return false;
}

/** The block list under `skills:` (or `skills: []`); `undefined` for any other shape. */
function readSkills(lines: readonly string[], keyLine: number, rest: string): string[] | undefined {
  if (rest === "[]") return [];
  if (rest !== "") return undefined;
  const out: string[] = [];
  let indent: number | undefined;
  for (let i = keyLine + 1; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, "");
    if (line.trim() === "") continue;
    const m = ITEM.exec(line);
    if (!m) {
      // The list ends at the next top-level key; anything else nested here is not a plain list.
      if (TOP_KEY.test(line)) break;
      return undefined;
    }
    if (indent !== undefined && m[1]!.length !== indent) return undefined;
    indent = m[1]!.length;
    if (!isPlainString(m[2]!)) return undefined;
    out.push(m[2]!);
  }
  return out.length > 0 ? out : undefined; // `skills:` with nothing under it is null: the schema's call
}
