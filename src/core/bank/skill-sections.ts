// A SKILL.md as a list of sections: the frontmatter, the text before the first heading, then one
// section per ATX heading (flat: a heading's section ends at the next heading of any level). Keys are
// GitHub's heading slugs (unique within the file), so a section is named the same in a parent and
// its child. Joining the sections' lines gives the file back byte for byte.
import { readHeadings } from "./policy-headings.js";

export const FRONTMATTER = "(frontmatter)";
export const PREAMBLE = "(preamble)";

export interface Section {
  key: string;
  /** The heading's text, or the key for the frontmatter and preamble. */
  title: string;
  lines: string[];
}

export function splitSections(source: string): Section[] {
  const lines = source.split("\n");
  const sections: Section[] = [];
  let bodyStart = 0;
  if (lines[0]?.replace(/\r$/, "") === "---") {
    const close = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\r?$/.test(l));
    if (close > 0) {
      sections.push({ key: FRONTMATTER, title: FRONTMATTER, lines: lines.slice(0, close + 1) });
      bodyStart = close + 1;
    }
  }
  const body = lines.slice(bodyStart);
  const headings = readHeadings(body.join("\n"));
  const firstHeading = headings[0]?.line ?? body.length;
  if (firstHeading > 0) sections.push({ key: PREAMBLE, title: PREAMBLE, lines: body.slice(0, firstHeading) });
  headings.forEach((h, i) => {
    const end = headings[i + 1]?.line ?? body.length;
    sections.push({ key: h.slug, title: h.text, lines: body.slice(h.line, end) });
  });
  return sections;
}

export function joinSections(sections: readonly Section[]): string {
  return sections.flatMap((s) => s.lines).join("\n");
}

/** Keys of the sections whose text differs between parent and child (added and removed ones too). */
export function changedSections(parent: string, child: string): string[] {
  const before = new Map(splitSections(parent).map((s) => [s.key, s.lines.join("\n")]));
  const after = new Map(splitSections(child).map((s) => [s.key, s.lines.join("\n")]));
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return keys.filter((k) => before.get(k) !== after.get(k));
}

/**
 * The parent's SKILL.md with only the `chosen` sections taken from the child: a chosen section the
 * child changed takes the child's text, one the child removed is dropped, one the child added is
 * inserted after the section that precedes it in the child. Unchosen sections stay the parent's.
 */
export function spliceSections(parent: string, child: string, chosen: ReadonlySet<string>): string {
  const changed = changedSections(parent, child).filter((k) => chosen.has(k));
  if (changed.length === 0) return parent;
  if (changed.length === changedSections(parent, child).length) return child;
  const childSections = splitSections(child);
  const byKey = new Map(childSections.map((s) => [s.key, s]));
  const out: Section[] = [];
  for (const s of splitSections(parent)) {
    if (!chosen.has(s.key)) out.push(s);
    else if (byKey.has(s.key)) out.push(byKey.get(s.key)!);
  }
  const present = new Set(out.map((s) => s.key));
  childSections.forEach((s, i) => {
    if (present.has(s.key) || !chosen.has(s.key)) return;
    const before = childSections
      .slice(0, i)
      .map((p) => p.key)
      .reverse()
      .find((k) => present.has(k));
    const at = before === undefined ? 0 : out.findIndex((o) => o.key === before) + 1;
    out.splice(at, 0, s);
    present.add(s.key);
  });
  return joinSections(out);
}
