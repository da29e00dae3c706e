// Parse SKILL.md safely. gray-matter splits the file, but every engine that could run code is
// replaced (it `eval`s `---js` blocks by default), YAML is read with the `yaml` package's failsafe
// schema (every scalar a string: no Date, no octal, no 1.10 → 1.1), and an options object is always
// passed so gray-matter's content-keyed cache (shared `data`, poisoned after an error) is never used.
import matter from "gray-matter";
import { LineCounter, isMap, isScalar, parse, parseDocument, Scalar, visit } from "yaml";
import type { Diagnostic } from "./diagnostic.js";
import type { SkillFrontmatter } from "./skill.js";

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

class FrontmatterLanguageError extends Error {}

/** Thrown by our yaml engine so the caller can report YAML problems with file lines. */
class FrontmatterYamlError extends Error {
  constructor(readonly problems: { line: number; message: string }[]) {
    super(problems.map((p) => p.message).join("; "));
  }
}

const refuse = (language: string) => () => {
  throw new FrontmatterLanguageError(language);
};

interface YamlResult {
  data: Record<string, unknown>;
  lines: Map<string, number>;
  /** Plain scalars other YAML clients would not read as strings. */
  ambiguous: { line: number; value: string }[];
}

function readYaml(text: string): YamlResult {
  const lineCounter = new LineCounter();
  // gray-matter cuts the block at "\n---", so with CRLF the last line keeps its "\r".
  const doc = parseDocument(text.replace(/\r$/, ""), {
    schema: "failsafe",
    lineCounter,
    uniqueKeys: true,
    prettyErrors: true,
  });
  if (doc.errors.length > 0) {
    throw new FrontmatterYamlError(
      doc.errors.map((e) => ({ line: e.linePos?.[0].line ?? 1, message: firstLine(e.message) })),
    );
  }
  const lines = new Map<string, number>();
  const ambiguous: YamlResult["ambiguous"] = [];
  const root = doc.contents;
  if (root === null) return { data: {}, lines, ambiguous };
  if (!isMap(root))
    throw new FrontmatterYamlError([{ line: 1, message: "frontmatter must be a mapping of keys to values" }]);
  for (const item of root.items) {
    if (!isScalar(item.key) || !item.key.range) continue;
    const key = String(item.key.value);
    lines.set(key, lineCounter.linePos(item.key.range[0]).line);
    if (key === "metadata" && isMap(item.value)) {
      for (const sub of item.value.items) {
        if (isScalar(sub.key) && sub.key.range) {
          lines.set(`metadata.${String(sub.key.value)}`, lineCounter.linePos(sub.key.range[0]).line);
        }
      }
    }
  }
  visit(doc, {
    Scalar(key, node) {
      if (
        key !== "key" &&
        node.type === Scalar.PLAIN &&
        typeof node.value === "string" &&
        node.range &&
        typedElsewhere(node.value)
      ) {
        ambiguous.push({ line: lineCounter.linePos(node.range[0]).line, value: node.value });
      }
    },
  });
  // maxAliasCount bounds alias expansion ("billion laughs").
  const data = doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
  return { data, lines, ambiguous };
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?$/, "");
}

/** Options for every gray-matter call: only YAML, parsed by `readYaml`; code engines refuse. */
function matterOptions(sink: { result?: YamlResult }) {
  const yamlEngine = {
    parse: (text: string) => {
      sink.result = readYaml(text);
      return sink.result.data;
    },
  };
  return {
    language: "yaml",
    engines: {
      yaml: yamlEngine,
      yml: yamlEngine,
      js: refuse("js"),
      javascript: refuse("javascript"),
      coffee: refuse("coffee"),
      coffeescript: refuse("coffeescript"),
      cson: refuse("cson"),
      json: refuse("json"),
      toml: refuse("toml"),
    },
  };
}

/** The language word after the opening `---`, as gray-matter would read it. */
function frontmatterLanguage(text: string): string {
  const afterOpen = text.slice(3);
  const eol = afterOpen.search(/\r?\n/);
  return (eol === -1 ? afterOpen : afterOpen.slice(0, eol)).trim();
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
  const sink: { result?: YamlResult } = {};
  let parsed: { data: Record<string, unknown>; content: string };
  try {
    parsed = matter(source, matterOptions(sink));
  } catch (e) {
    if (e instanceof FrontmatterYamlError) {
      for (const p of e.problems) {
        diagnostics.push({
          file,
          line: p.line,
          severity: "error",
          code: "SKILL_YAML_INVALID",
          message: p.message,
        });
      }
      return { frontmatter: {}, body: source, diagnostics, lines: new Map(), ok: false };
    }
    if (e instanceof FrontmatterLanguageError) {
      return fail(1, "SKILL_FRONTMATTER_LANGUAGE", `frontmatter language '${e.message}' is not allowed`);
    }
    return fail(1, "SKILL_FRONTMATTER_INVALID", e instanceof Error ? e.message : String(e));
  }
  for (const a of sink.result?.ambiguous ?? []) {
    diagnostics.push({
      file,
      line: a.line,
      severity: "warning",
      code: "SKILL_YAML_AMBIGUOUS",
      message: `'${a.value}' is read as a string here but as a number, boolean or date by YAML 1.1/1.2 clients; quote it`,
    });
  }
  // An empty block (`---\n---`) never reaches the engine.
  const frontmatter = (sink.result?.data ?? {}) as SkillFrontmatter;
  return { frontmatter, body: parsed.content, diagnostics, lines: sink.result?.lines ?? new Map(), ok: true };
}
