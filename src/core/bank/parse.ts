// Parse SKILL.md safely. The frontmatter is cut out here (as gray-matter cut it, without its
// regex over the block, which is quadratic on whitespace lines) and read by `parseBoundedYaml` with
// the failsafe schema (every scalar a string: no Date, no octal, no 1.10 → 1.1), within
// FRONTMATTER_CAPS, with only the core schema's tags. Only YAML is accepted: no code is evaluated.
import { isMap, isScalar, parse, Scalar, Schema, visit } from "yaml";
import { parseBoundedYaml, type YamlCaps } from "../../vocabulary/bounded-yaml.js";
import type { Diagnostic } from "./diagnostic.js";
import type { SkillFrontmatter } from "./skill.js";

/** Far above any real frontmatter (the spec's fields are short); bounds the parse to milliseconds. */
export const FRONTMATTER_CAPS: YamlCaps = {
  what: "the frontmatter",
  maxChars: 64 * 1024,
  maxLines: 1_000,
  maxNodes: 1_000,
  maxDepth: 16,
  maxAliases: 100,
};

export interface ParsedSkillMd {
  frontmatter: SkillFrontmatter;
  body: string;
  diagnostics: Diagnostic[];
  /** 1-based line of each top-level key, and of each `metadata.<key>`. */
  lines: ReadonlyMap<string, number>;
  /** False when the frontmatter could not be read at all (missing, unclosed, bad YAML, wrong language). */
  ok: boolean;
}

const YAML_LANGUAGES = new Set(["", "yaml", "yml"]);

/**
 * True when a plain scalar would NOT read back as this string in another client: YAML 1.2 core
 * (`1.0`, `012345` → numbers) or YAML 1.1 as js-yaml reads it (`yes` → true, `2024-01-31` → Date).
 * We read with the failsafe schema, but the bank must load the same everywhere.
 */
export function typedElsewhere(value: string): boolean {
  if (value.includes("\n")) return false; // rendered as a block scalar: always a string
  for (const schema of ["core", "yaml-1.1"] as const) {
    try {
      if (parse(value, { schema, logLevel: "silent" }) !== value) return true;
    } catch {
      return false; // not valid as a plain scalar: the stringifier quotes it anyway
    }
  }
  return false;
}

// The schemas other clients read with; their tags' own tests are what resolves a plain scalar.
const OTHER_SCHEMAS = [new Schema({ schema: "core" }), new Schema({ schema: "yaml-1.1" })];

/**
 * `typedElsewhere` for a value that is already a plain scalar, by the schemas' resolver tests
 * instead of two parses (a property test checks the two agree).
 */
export function plainTypedElsewhere(plain: string): boolean {
  return OTHER_SCHEMAS.some((schema) =>
    schema.tags.some((tag) => tag.default === true && (tag as { test?: RegExp }).test?.test(plain) === true),
  );
}

type YamlProblem = { line: number; message: string };

interface YamlResult {
  data: Record<string, unknown>;
  lines: Map<string, number>;
  /** Plain scalars other YAML clients would not read as strings. */
  ambiguous: { line: number; value: string }[];
}

/** The frontmatter block (its first line is the file's first line) read within FRONTMATTER_CAPS. */
function readYaml(block: string): YamlResult | { problems: YamlProblem[] } {
  // The block ends before "\n---", so with CRLF its last line keeps its "\r".
  const read = parseBoundedYaml(block.replace(/\r$/, ""), FRONTMATTER_CAPS, { schema: "failsafe" });
  if (!read.ok) return { problems: read.problems.map((p) => ({ line: p.line, message: p.message })) };
  const { doc, lineCounter } = read;
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  const lines = new Map<string, number>();
  const ambiguous: YamlResult["ambiguous"] = [];
  const root = doc.contents;
  if (root === null) return { data: {}, lines, ambiguous };
  if (!isMap(root))
    return { problems: [{ line: 1, message: "frontmatter must be a mapping of keys to values" }] };
  for (const item of root.items) {
    if (!isScalar(item.key) || !item.key.range) continue;
    const key = String(item.key.value);
    lines.set(key, lineOf(item.key.range[0]));
    if (key === "metadata" && isMap(item.value)) {
      for (const sub of item.value.items) {
        if (isScalar(sub.key) && sub.key.range)
          lines.set(`metadata.${String(sub.key.value)}`, lineOf(sub.key.range[0]));
      }
    }
  }
  visit(doc, {
    Scalar(key, node) {
      const value = node.value;
      if (key === "key" || node.type !== Scalar.PLAIN || typeof value !== "string" || !node.range) return;
      if (plainTypedElsewhere(value)) ambiguous.push({ line: lineOf(node.range[0]), value });
    },
  });
  return { data: read.data as Record<string, unknown>, lines, ambiguous };
}

/** The language word after the opening `---`, as gray-matter would read it. */
function frontmatterLanguage(text: string): string {
  const afterOpen = text.slice(3);
  const eol = afterOpen.search(/\r?\n/);
  return (eol === -1 ? afterOpen : afterOpen.slice(0, eol)).trim();
}

/**
 * Cuts `text` (no BOM; starts with `---`, has a closing line) as gray-matter does: the block runs
 * from the end of the opening line to the next "\n---"; the body starts after that, less one "\r"
 * and one "\n".
 */
function splitFrontmatter(text: string): { block: string; body: string } {
  const afterOpen = text.slice(3);
  const eol = afterOpen.search(/\r?\n/);
  const rest = afterOpen.slice(eol);
  const close = rest.indexOf("\n---");
  let body = rest.slice(close + 4);
  if (body.startsWith("\r")) body = body.slice(1);
  if (body.startsWith("\n")) body = body.slice(1);
  return { block: rest.slice(0, close), body };
}

export function parseSkillMd(source: string, file: string): ParsedSkillMd {
  const diagnostics: Diagnostic[] = [];
  const fail = (line: number, code: string, message: string): ParsedSkillMd => {
    diagnostics.push({ file, line, severity: "error", code, message });
    return { frontmatter: {}, body: source, diagnostics, lines: new Map(), ok: false };
  };
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  if (!/^---[^-]/.test(text) && text !== "---") {
    return fail(
      1,
      "SKILL_FRONTMATTER_MISSING",
      "SKILL.md must start with YAML frontmatter between '---' lines",
    );
  }
  const language = frontmatterLanguage(text);
  if (!YAML_LANGUAGES.has(language.toLowerCase())) {
    return fail(
      1,
      "SKILL_FRONTMATTER_LANGUAGE",
      `frontmatter language '${language}' is not allowed (only YAML; code is never evaluated)`,
    );
  }
  if (!/\r?\n---/.test(text.slice(3))) {
    return fail(1, "SKILL_FRONTMATTER_UNCLOSED", "frontmatter has no closing '---' line");
  }
  const { block, body } = splitFrontmatter(text);
  const read = readYaml(block);
  if ("problems" in read) {
    for (const p of read.problems) fail(p.line, "SKILL_YAML_INVALID", p.message);
    return { frontmatter: {}, body: source, diagnostics, lines: new Map(), ok: false };
  }
  for (const a of read.ambiguous) {
    diagnostics.push({
      file,
      line: a.line,
      severity: "warning",
      code: "SKILL_YAML_AMBIGUOUS",
      message: `'${a.value}' is read as a string here but as a number, boolean or date by YAML 1.1/1.2 clients; quote it`,
    });
  }
  return { frontmatter: read.data as SkillFrontmatter, body, diagnostics, lines: read.lines, ok: true };
}
