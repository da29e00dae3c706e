// The `args` input as argv: split on whitespace, with '…' and "…" quoting and backslash escapes
// outside single quotes, the way a shell would split it, but nothing is ever expanded or run.
import { ActionInputError } from "./inputs.js";

export function splitArgs(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === "\\" && quote === '"' && i + 1 < text.length) word += text[++i]!;
      else word += ch;
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (ch === "\\" && i + 1 < text.length) {
      word = (word ?? "") + text[++i]!;
    } else {
      word = (word ?? "") + ch;
    }
  }
  if (quote) throw new ActionInputError(`input args has an unclosed ${quote}: ${text}`);
  if (word !== undefined) words.push(word);
  return words;
}
