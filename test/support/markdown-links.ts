// Links and anchors of a Markdown file, for the link check (test/docs/links.test.ts). No Markdown
// parser is a dependency, so this reads the few forms our docs use: inline links and images
// `[t](target "title")`, reference definitions `[id]: target`, HTML `href`/`src`, ATX headings and
// explicit `<a id>` anchors. Code (fenced blocks and inline spans) is skipped: it holds examples.
import GithubSlugger from "github-slugger";

export interface MarkdownLink {
  /** 1-based line of the link. */
  line: number;
  target: string;
}

/** The text with fenced code blocks and inline code spans blanked, lines kept where they were. */
export function withoutCode(markdown: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return markdown
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, blank)
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, blank);
}

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Every link target in the file, with its line. */
export function linksIn(markdown: string): MarkdownLink[] {
  const text = withoutCode(markdown);
  const found: MarkdownLink[] = [];
  const add = (index: number, target: string) => found.push({ line: lineAt(text, index), target });
  // Inline: the target is `<…>` or runs to the first space or the closing parenthesis (our targets
  // hold no parentheses; a title follows a space).
  for (const m of text.matchAll(/\]\(\s*(?:<([^>\n]*)>|([^)\s]*))[^)]*\)/g)) add(m.index, m[1] ?? m[2]!);
  for (const m of text.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?/gm)) add(m.index, m[1]!);
  for (const m of text.matchAll(/\b(?:href|src)\s*=\s*"([^"]*)"/g)) add(m.index, m[1]!);
  return found;
}

/** The anchors GitHub gives the file: one per heading (github-slugger's rule) and each `<a id>`. */
export function anchorsIn(markdown: string): Set<string> {
  const text = withoutCode(markdown);
  const codeless = text.split("\n");
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const [i, raw] of markdown.split("\n").entries()) {
    // A heading's text is read from the original line (code spans count), if the line is no code.
    if (!/^ {0,3}#{1,6}\s/.test(codeless[i] ?? "")) continue;
    const heading = raw.replace(/^ {0,3}#{1,6}\s+/, "").replace(/\s+#+\s*$/, "");
    anchors.add(slugger.slug(plainHeading(heading)));
  }
  for (const m of text.matchAll(/<a\s+(?:id|name)\s*=\s*"([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

/** A heading's text as GitHub slugs it: links reduced to their text, emphasis and code marks gone. */
function plainHeading(heading: string): string {
  // Odd pieces are code spans, whose text (`<id>` included) is kept as written.
  return heading
    .split("`")
    .map((piece, i) =>
      i % 2 ? piece : piece.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>|\*/g, ""),
    )
    .join("");
}
