// The plain-language "What changed" of a candidate, worded from what-changed.ts and nothing else:
// one sentence per frontmatter change, per `##` section added, removed or changed (with its counts),
// per other file. Plain text with the headings as written: each renderer escapes it for its markup.
import type { ChangedFile, ChangedSection, ChangedSkill, LineCounts } from "../../records/what-changed.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `+6 −0 lines`, or `+6 lines` / `−4 lines` when only one side moved and `one` says so. */
export function lineCountText(c: LineCounts, one?: "added" | "removed"): string {
  if (one === "added") return `+${plural(c.added, "line")}`;
  if (one === "removed") return `−${plural(c.removed, "line")}`;
  return `+${c.added} −${c.removed} lines`;
}

const SHOWN_ITEMS = 8;
const ITEM_CHARS = 160;

/** Items quoted one after another, each cut at ITEM_CHARS, at most SHOWN_ITEMS of them. */
function quoted(items: readonly string[]): string {
  const cut = (i: string) => (i.length > ITEM_CHARS ? `${i.slice(0, ITEM_CHARS - 1)}…` : i);
  const shown = items.slice(0, SHOWN_ITEMS).map((i) => `“${cut(i)}”`);
  const more = items.length - shown.length;
  return `${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

/** `2 list items added: “a”; “b”, 1 removed: “c”`: every item named, not only counted. */
function itemsText(s: Pick<ChangedSection, "items" | "addedItems" | "removedItems">): string {
  const parts: string[] = [];
  if (s.items.added) parts.push(`${plural(s.items.added, "list item")} added: ${quoted(s.addedItems)}`);
  if (s.items.removed) {
    const what = s.items.added
      ? `${s.items.removed} removed`
      : `${plural(s.items.removed, "list item")} removed`;
    parts.push(`${what}: ${quoted(s.removedItems)}`);
  }
  return parts.join(", ");
}

export function sectionName(heading: string): string {
  return heading === "" ? "the text before the first ## heading" : `section “${heading}”`;
}

function sectionSentence(s: ChangedSection): string {
  const one = s.status === "changed" ? undefined : s.status;
  const items = itemsText(s);
  return `${sectionName(s.heading)} ${s.status}: ${lineCountText(s.lines, one)}${items ? `, ${items}` : ""}`;
}

/** `script scripts/check.py added: +12 lines`, `binary file assets/logo.png removed`. */
export function fileSentence(f: ChangedFile): string {
  const what = f.script ? "script" : f.binary ? "binary file" : "file";
  const one = f.status === "modified" ? undefined : f.status;
  return `${what} ${f.path} ${f.status}${f.binary ? "" : `: ${lineCountText(f.lines, one)}`}`;
}

/** Every change of one skill, one sentence each, in file order: frontmatter, sections, files. */
export function skillSentences(s: ChangedSkill): string[] {
  const out: string[] = [];
  if (s.frontmatter.length) out.push(`frontmatter changed: ${s.frontmatter.join(", ")}`);
  out.push(...s.sections.map(sectionSentence));
  if (s.reordered) out.push("sections reordered");
  out.push(...s.files.map(fileSentence));
  return out;
}

/** `compensation: modified, +6 −0 lines` without the name: `modified, +6 −0 lines`. */
export function skillHeadline(s: ChangedSkill): string {
  const status = s.status === "added" ? "new skill" : s.status === "removed" ? "skill removed" : "modified";
  return `${status}, ${lineCountText(s.lines)}`;
}
