// The Markdown headings of a policy document, each with its GitHub-style anchor (the slug GitHub
// gives the heading when it renders the file), so `metadata.policy` back-links are computed from the
// file itself and never taken from a model. ATX headings only (`#`…`######`), outside code fences.
// Slugs are github-slugger's, the library that reproduces GitHub's anchor rule.
import GithubSlugger from "github-slugger";

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

export function readHeadings(markdown: string): Heading[] {
  const out: Heading[] = [];
  const slugger = new GithubSlugger();
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
    out.push({ level: m[1]!.length, text, slug: slugger.slug(text), line });
  });
  return out;
}

/** The anchors a policy file offers to `metadata.policy` back-links. */
export function headingAnchors(markdown: string): Set<string> {
  return new Set(readHeadings(markdown).map((h) => h.slug));
}

/** The text of a heading's section: its line up to the next heading of the same or a higher level. */
export function sectionLines(headings: readonly Heading[], h: Heading, lineCount: number): [number, number] {
  const next = headings.find((o) => o.line > h.line && o.level <= h.level);
  return [h.line, next ? next.line : lineCount];
}
