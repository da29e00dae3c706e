// The instance constants a rewrite could copy from a case: ids, numbers and amounts, dates, proper
// names and quoted strings. Each has a normal form so `$1,250` in a skill matches `1250` in a rubric.
export type LiteralKind = "id" | "number" | "date" | "name" | "quoted";

export interface Literal {
  kind: LiteralKind;
  /** As written. */
  text: string;
  /** Compared form: digits without `$` and separators; quoted strings lower-cased. */
  norm: string;
}

/** Letters and digits mixed, or snake_case with a digit: reservation ids, flight numbers, user ids. */
const ID = /(?<![\w-])(?=[\w]*[A-Za-z])(?=[\w]*\d)[A-Za-z0-9_]{4,}(?![\w-])/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const NUMBER = /(?<![\w.,-])\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,])|(?<![\w.,$-])\$?\d+(?:\.\d+)?(?![\w])/g;
const NAME = /\b[A-Z][a-z]{3,}\b/g;
const QUOTED = /["“]([^"”\n]{4,80})["”]/g;
/** Text before a word that makes it sentence-initial (so capitalised for grammar, not a name). */
const SENTENCE_START = /(^|[.!?:;]\s+|^\s*(?:[-*+>]|#+|\d+[.)])\s+|[("'`*_[]\s*)$/;

/** Single digits and years are in every text; counting them would flag every rule with a date. */
export function isTrivialNumber(norm: string): boolean {
  if (/^\d$/.test(norm)) return true;
  return /^(19|20)\d\d$/.test(norm);
}

function normNumber(text: string): string {
  return text.replace(/[$,]/g, "").replace(/\.0+$/, "");
}

/** Every literal in `text`. With `names: "all"`, sentence-initial capitalised words count too. */
export function extractLiterals(text: string, names: "proper" | "all" = "proper"): Literal[] {
  const out: Literal[] = [];
  for (const m of text.matchAll(QUOTED)) {
    const inner = (m[1] ?? "").trim();
    if (inner.length >= 4) out.push({ kind: "quoted", text: inner, norm: inner.toLowerCase() });
  }
  let rest = text.replace(DATE, (d) => {
    out.push({ kind: "date", text: d, norm: d });
    return " ".repeat(d.length);
  });
  rest = rest.replace(ID, (id) => {
    out.push({ kind: "id", text: id, norm: id });
    return " ".repeat(id.length);
  });
  for (const m of rest.matchAll(NUMBER)) {
    const norm = normNumber(m[0]);
    if (!isTrivialNumber(norm)) out.push({ kind: "number", text: m[0], norm });
  }
  for (const m of rest.matchAll(NAME)) {
    const before = rest.slice(Math.max(0, (m.index ?? 0) - 40), m.index);
    const lineStart = before.lastIndexOf("\n");
    if (names === "proper" && SENTENCE_START.test(before.slice(lineStart + 1))) continue;
    out.push({ kind: "name", text: m[0], norm: m[0] });
  }
  return out;
}

/** The set of normal forms in a text, for membership questions. */
export function literalSet(text: string): Set<string> {
  return new Set(extractLiterals(text, "all").map((l) => l.norm));
}
