// Text from a run record (skill names, model-written change summaries) is untrusted: it is escaped
// for the markup it lands in, never interpreted.

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
