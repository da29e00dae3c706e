// Blocks of a Markdown page that a script writes, never a person: the lines between
// `<!-- generated:NAME … -->` and `<!-- /generated:NAME -->`. `npm run figures:docs` rewrites them
// (scripts/figures-docs.ts); a test renders the same block and fails when the page differs, so a
// figure in the docs is always what the code prints today.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function blockRegExp(name: string): RegExp {
  const n = escape(name);
  return new RegExp(`(<!-- generated:${n}(?= |-->)[^\\n]*-->\\n)([\\s\\S]*?)(<!-- /generated:${n} -->)`);
}

/** The block's current text, or an error naming the page and the missing markers. */
export function readBlock(markdown: string, name: string, page: string): string {
  const m = blockRegExp(name).exec(markdown);
  if (!m) throw new Error(`${page}: no <!-- generated:${name} --> … <!-- /generated:${name} --> block`);
  return m[2]!;
}

/** The page with the block's text replaced by `content` (which ends with a newline). */
export function writeBlock(markdown: string, name: string, page: string, content: string): string {
  readBlock(markdown, name, page);
  return markdown.replace(
    blockRegExp(name),
    (_all, open: string, _old, close: string) => `${open}${content}${close}`,
  );
}
