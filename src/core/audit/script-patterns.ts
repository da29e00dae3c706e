// What shape-bake (Check 4) looks for in a script, by regex over its lines: indexing by a literal key
// or a literal column position, probes of the data's shape, and comparisons to string literals. A
// token heuristic, not a parser: docs/audit.md ("shapeBake") says what it misses.

export type ScriptLanguage = "python" | "js" | "shell";

export function languageOf(file: string): ScriptLanguage | undefined {
  if (/\.py$/.test(file)) return "python";
  if (/\.(?:m|c)?[jt]s$/.test(file)) return "js";
  if (/\.(?:sh|bash)$/.test(file)) return "shell";
  return undefined;
}

/** One indexing of data by something fixed in the script. */
export interface BakedIndex {
  line: number;
  /** As written: `row["H8Q05L"]`, `.iloc[:, 7]`, `$7`. */
  text: string;
  /** The key (a string key) or the position (a column number). */
  key: string;
  kind: "key" | "column";
}

/** Subscripts that are not data: arguments and the environment. */
const NOT_DATA = /(?:argv|environ|env|ENV|process\.env|sys\.argv|process\.argv|os\.environ)\s*$/;
const STRING_KEY = /([\w.)\]]+)\[\s*(["'])([^"'\n]{1,80})\2\s*\]/g;
const ILOC = /\.iloc\[[^\]]*?(\d+)\s*\]/g;
/** `name[7]`: a fixed column position; 0 and 1 are the usual first/second of a pair, not a layout. */
const POSITION = /([\w.)\]]+)\[\s*(\d+)\s*\]/g;
const AWK_FIELD = /\$(\d+)/g;
const CUT_FIELD = /\bcut\b[^|;]*?-f\s*(\d+)/g;

export function isComment(text: string, lang: ScriptLanguage): boolean {
  const t = text.trimStart();
  return lang === "js" ? t.startsWith("//") || t.startsWith("*") : t.startsWith("#");
}

export function bakedIndexes(text: string, lang: ScriptLanguage): BakedIndex[] {
  const out: BakedIndex[] = [];
  text.split("\n").forEach((src, i) => {
    if (isComment(src, lang)) return;
    const line = i + 1;
    const push = (m: RegExpMatchArray, key: string, kind: BakedIndex["kind"]) =>
      out.push({ line, text: m[0], key, kind });
    if (lang === "shell") {
      if (/\bawk\b/.test(src))
        for (const m of src.matchAll(AWK_FIELD)) if (Number(m[1]) >= 2) push(m, m[1]!, "column");
      for (const m of src.matchAll(CUT_FIELD)) push(m, m[1]!, "column");
      return;
    }
    for (const m of src.matchAll(STRING_KEY)) if (!NOT_DATA.test(m[1]!)) push(m, m[3]!, "key");
    for (const m of src.matchAll(ILOC)) push(m, m[1]!, "column");
    for (const m of src.matchAll(POSITION))
      if (!NOT_DATA.test(m[1]!) && !m[1]!.endsWith(".iloc") && Number(m[2]) >= 2) push(m, m[2]!, "column");
  });
  return out;
}

/**
 * A look at the data's shape before indexing it: keys, columns, a header row, a membership test or
 * a lookup with a default. One anywhere in the script counts (the heuristic does not follow flow).
 */
const PROBES: readonly RegExp[] = [
  /\.keys\(\)/,
  /\.columns\b/,
  /\bfieldnames\b/,
  /\bheaders?\b/i,
  /\bObject\.(?:keys|entries|hasOwn)\b/,
  /\bhasOwnProperty\b/,
  /\.get\(/,
  /\.has\(/,
  /["'][^"'\n]+["']\s+(?:not\s+)?in\s+[\w.]+/,
  /\bhead\s+-(?:n\s*)?1\b/,
  /\bNR\s*==\s*1\b/,
  /\bjq\b[^|]*\bkeys\b/,
];

export function probeLine(text: string): number | undefined {
  const i = text.split("\n").findIndex((l) => PROBES.some((p) => p.test(l)));
  return i < 0 ? undefined : i + 1;
}

export interface LiteralComparison {
  line: number;
  literal: string;
}

const COMPARISONS: Record<ScriptLanguage, readonly RegExp[]> = {
  python: [/(?:==|!=)\s*(["'])([^"'\n]+)\1/g, /\bcase\s+(["'])([^"'\n]+)\1\s*:/g],
  js: [/(?:===?|!==?)\s*(["'`])([^"'`\n]+)\1/g, /\bcase\s+(["'`])([^"'`\n]+)\1\s*:/g],
  shell: [/\s!?==?\s+(["'])([^"'\n]+)\1/g, /^\s*(["']?)([^"'()\s|*][^"'()\n|]*)\1(?:\|[^)]*)?\)/g],
};

/** Comparisons of a value to a string literal: `if x == "gold"`, `case "gold":`, shell `gold)`. */
export function comparisons(text: string, lang: ScriptLanguage): LiteralComparison[] {
  const out: LiteralComparison[] = [];
  text.split("\n").forEach((src, i) => {
    if (isComment(src, lang)) return;
    for (const re of COMPARISONS[lang])
      for (const m of src.matchAll(re)) out.push({ line: i + 1, literal: m[2]!.trim() });
  });
  return out.filter((c) => c.literal.length >= 3);
}
