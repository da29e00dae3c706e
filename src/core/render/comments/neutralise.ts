// Untrusted text (feedback titles, diagnoses, skill summaries written by a model) is quoted into
// bodies the app owns. Quoting must not notify anyone (@-mentions), close anything (GitHub's
// closing keywords act on "fixes #12" in a PR body), break the layout (pipes in tables, HTML such
// as </details> or <!--), or escape a code fence.

const ZWSP = "\u200b";

/** GitHub's closing keywords followed by an issue reference (#N, owner/repo#N or an issue URL). */
const CLOSING =
  /\b(clos|fix|resolv)(e|es|ed|e?s)?\b(?=\s*:?\s*(?:[\w.-]+\/[\w.-]+)?#\d|\s*:?\s*https?:\/\/)/gi;

/** Break `@login` and `@org/team` mentions with a zero-width space so nobody is pinged. */
export function neutraliseMentions(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9])/g, `@${ZWSP}`);
}

/** Break closing keywords before issue references ("fixes #3" → "f\u200bixes #3"). */
export function neutraliseClosingKeywords(text: string): string {
  return text.replace(CLOSING, (word) => `${word[0]}${ZWSP}${word.slice(1)}`);
}

/** Escape the characters that start HTML (tags, comments, entities) in GitHub markdown. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** One line of quoted text for running prose: whitespace collapsed, trimmed to `max` characters. */
export function quoteInline(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
  return neutraliseClosingKeywords(neutraliseMentions(escapeHtml(cut)));
}

/** Quoted text inside a markdown table cell: as `quoteInline`, with pipes escaped. */
export function tableCell(text: string, max = 120): string {
  return quoteInline(text, max).replace(/\|/g, "\\|");
}

// The fence is the reports' too (report.md shows scripts' diffs), so it lives there.
export { fence } from "../../report/escape.js";

/** True when `text` contains a closing keyword acting on an issue reference (for tests and guards). */
export function hasClosingKeyword(text: string): boolean {
  CLOSING.lastIndex = 0;
  const found = CLOSING.test(text);
  CLOSING.lastIndex = 0;
  return found;
}
