// Text from a run record (skill names, section headings, model-written notes, scripts' diffs) is
// untrusted: it is escaped for the markup it lands in, never interpreted.

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );
}

/** Markdown inline text: no HTML, no table breaks, no links or images, one line. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r?\n/g, " ")
    .replace(/[\\`*_{}[\]()#+!|<>~]/g, (ch) => `\\${ch}`)
    .replace(/@(?=\w)/g, "@\u200b");
}

/** A fenced code block whose fence is longer than any backtick run inside the content. */
export function fence(content: string, lang = ""): string {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(Math.max(3, longest + 1));
  const body = content.endsWith("\n") ? content : `${content}\n`;
  return `${ticks}${lang}\n${body}${ticks}`;
}
