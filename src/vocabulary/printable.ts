// A name or path as text safe to print on one line: control characters (a newline in a folder name
// would forge an output line, a NUL or an ESC would reach the terminal raw) and the invisible
// characters that reorder or split text are written as escapes (`\n`, `\x00`, `\u202e`).

// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional overrides.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escape(ch: string): string {
  const code = ch.charCodeAt(0);
  return NAMED[ch] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`);
}

/** `text` with every unprintable character escaped; unchanged when it has none. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escape);
}

/** As `printable`, but line breaks and tabs stay: for messages that are several lines on purpose. */
export function printableLines(text: string): string {
  return text.replace(UNPRINTABLE, (ch) => (ch === "\n" || ch === "\t" ? ch : escape(ch)));
}
