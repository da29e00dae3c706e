// The Markdown headings of a policy document, each with its GitHub-style anchor (the slug GitHub
// gives the heading when it renders the file), so `metadata.policy` back-links are computed from the
// file itself and never taken from a model. ATX headings only (`#`…`######`), outside code fences.
export interface Heading {
  level: number;
  text: string;
  /** GitHub's anchor: lowercased, punctuation dropped, spaces to hyphens, `-1`, `-2`… on repeats. */
  slug: string;
  /** 0-based line of the heading. */
  line: number;
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** GitHub's slug of one heading text, before de-duplication. */
export function baseSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

export function readHeadings(markdown: string): Heading[] {
  const out: Heading[] = [];
  const seen = new Map<string, number>();
  let fence: string | undefined;
  markdown.split(/\r?\n/).forEach((raw, line) => {
    const f = FENCE.exec(raw)?.[1];
    if (f !== undefined) {
      if (fence === undefined) fence = f;
      else if (f[0] === fence[0] && f.length >= fence.length) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const m = ATX.exec(raw);
    if (!m) return;
    const text = m[2]!.trim();
    if (text === "") return;
    const base = baseSlug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.push({ level: m[1]!.length, text, slug: n === 0 ? base : `${base}-${n}`, line });
  });
  return out;
}

/** The text of a heading's section: its line up to the next heading of the same or a higher level. */
export function sectionLines(headings: readonly Heading[], h: Heading, lineCount: number): [number, number] {
  const next = headings.find((o) => o.line > h.line && o.level <= h.level);
  return [h.line, next ? next.line : lineCount];
}
