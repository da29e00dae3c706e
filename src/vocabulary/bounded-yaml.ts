// The one YAML reader for text a stranger may have written (config, SKILL.md frontmatter, case
// files, bank.yml, YAML in issue comments). Every cap is checked while the text is tokenised, before
// anything is composed, so the work done on a hostile file is bounded by the caps, not by its shape:
// characters, lines, nodes, nesting depth and aliases ("billion laughs"). Only the core schema's tags are
// accepted (`!!js/function` and friends are errors), and duplicate keys are found with one Set per
// map: the `yaml` package's own `uniqueKeys` compares every key with every earlier one, which made
// a flat 16,000-key map take seconds.
import { Composer, CST, isMap, isPair, isScalar, isSeq, Lexer, LineCounter, Parser } from "yaml";
import type { Document, Node } from "yaml";

export interface YamlCaps {
  /** What the text is, for messages: "a config file", "SKILL.md frontmatter". */
  readonly what: string;
  readonly maxChars: number;
  /** Lines, blank and comment lines included: the tokeniser's work grows with them too. */
  readonly maxLines: number;
  /** Scalars (keys and values), aliases and flow collections together. */
  readonly maxNodes: number;
  /** Collections nested in collections. */
  readonly maxDepth: number;
  /** Alias nodes (`*name`); their expansion is capped by the same number. */
  readonly maxAliases: number;
}

export interface YamlProblem {
  /** 1-based. */
  line: number;
  /** 1-based. */
  col: number;
  message: string;
  /** "cap" when the text is over one of the caps; "yaml" for a syntax error, a tag or a duplicate. */
  kind: "cap" | "yaml";
}

export interface YamlRead {
  ok: true;
  doc: Document.Parsed;
  /** The document as plain data (aliases expanded within the cap). */
  data: unknown;
  lineCounter: LineCounter;
}

export type BoundedYaml = YamlRead | { ok: false; problems: YamlProblem[] };

export interface BoundedYamlOptions {
  /** "core" (YAML 1.2: numbers, booleans, null) or "failsafe" (every scalar a string). */
  schema?: "core" | "failsafe";
}

/** The tags of the YAML 1.2 core schema, as written in a document. */
const CORE_TAGS = new Set(["!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"]);

// Lexemes that are a value or open a flow collection: what `maxNodes` counts. (A block item's
// `-` or `?` opens nothing by itself: the depth and line caps bound those.)
const NODE_TYPES = new Set<string>([
  "scalar",
  "single-quoted-scalar",
  "double-quoted-scalar",
  "alias",
  "flow-map-start",
  "flow-seq-start",
]);
// Lexemes the lexer emits that take no room in the text.
const ZERO_WIDTH = new Set(["\u0002", "\u001f", "\u0018"]);

const n = (x: number) => x.toLocaleString("en-US");

/** Parses one YAML document within `caps`; every problem has its line and column. */
export function parseBoundedYaml(
  text: string,
  caps: YamlCaps,
  options: BoundedYamlOptions = {},
): BoundedYaml {
  if (text.length > caps.maxChars)
    return fail(1, 1, "cap", `${caps.what} is ${n(text.length)} characters; the cap is ${n(caps.maxChars)}`);
  if (lineBreaks(text, caps.maxLines) > caps.maxLines)
    return fail(
      caps.maxLines + 1,
      1,
      "cap",
      `${caps.what} has more than ${n(caps.maxLines)} lines (the cap)`,
    );
  const lineCounter = new LineCounter();
  const tokens = tokenise(text, caps, lineCounter);
  if ("problem" in tokens) {
    const { line, col } = position(text, tokens.offset);
    return fail(line, col, tokens.kind, tokens.problem);
  }
  const composer = new Composer({
    version: "1.2",
    schema: options.schema ?? "core",
    merge: false,
    uniqueKeys: false, // checked below in linear time
    prettyErrors: false,
  });
  const docs = [...composer.compose(tokens.tokens, true, text.length)];
  const at = (offset: number) => lineCounter.linePos(offset);
  if (docs.length > 1) {
    const { line, col } = at(docs[1]!.range[0]);
    return fail(line, col, "yaml", `${caps.what} must be one YAML document; a second one starts here`);
  }
  const doc = docs[0]!;
  const problems: YamlProblem[] = [
    ...doc.errors.map((e) => ({ ...at(e.pos[0]), kind: "yaml" as const, message: firstLine(e.message) })),
    ...duplicateKeys(doc, at),
  ];
  if (problems.length > 0) return { ok: false, problems };
  try {
    // yaml counts the anchored node itself among its copies: maxAliases aliases make maxAliases + 1.
    return { ok: true, doc, data: doc.toJS({ maxAliasCount: caps.maxAliases + 1 }), lineCounter };
  } catch (e) {
    // toJS throws only on aliases: one past the expansion cap, or one without its anchor.
    if (/resource exhaustion/.test((e as Error).message))
      return fail(
        1,
        1,
        "cap",
        `${caps.what} expands its aliases into more than ${n(caps.maxAliases)} copies (the cap)`,
      );
    return fail(1, 1, "yaml", firstLine((e as Error).message));
  }
}

type Tokens = { tokens: CST.Token[] } | { problem: string; kind: YamlProblem["kind"]; offset: number };

/** The CST, built one lexeme at a time and abandoned at the first cap it passes. */
function tokenise(text: string, caps: YamlCaps, lineCounter: LineCounter): Tokens {
  const parser = new Parser(lineCounter.addNewLine);
  lineCounter.addNewLine(0); // what Parser.parse does first; we feed it lexeme by lexeme
  const tokens: CST.Token[] = [];
  let [nodes, aliases, offset, afterMarker] = [0, 0, 0, false];
  for (const lexeme of new Lexer().lex(text)) {
    // After a scalar marker comes the scalar's raw text, which may start with any character.
    const type = afterMarker ? "text" : CST.tokenType(lexeme);
    afterMarker = lexeme === CST.SCALAR;
    if (type !== null && NODE_TYPES.has(type) && ++nodes > caps.maxNodes)
      return {
        problem: `${caps.what} has more than ${n(caps.maxNodes)} nodes (the cap)`,
        kind: "cap",
        offset,
      };
    if (type === "alias" && ++aliases > caps.maxAliases)
      return {
        problem: `${caps.what} has more than ${n(caps.maxAliases)} aliases (the cap)`,
        kind: "cap",
        offset,
      };
    if (type === "tag" && !CORE_TAGS.has(lexeme))
      return {
        problem: `the tag ${lexeme} is not allowed (only the YAML core schema's)`,
        kind: "yaml",
        offset,
      };
    if (type === "directive-line" && !lexeme.startsWith("%YAML"))
      return { problem: `the directive ${lexeme.split(/\s/)[0]} is not allowed`, kind: "yaml", offset };
    for (const token of parser.next(lexeme)) tokens.push(token);
    // The parser's stack holds the document, then one entry per open collection (and a scalar).
    if (parser.stack.length > caps.maxDepth + 2)
      return {
        problem: `${caps.what} nests deeper than ${caps.maxDepth} levels (the cap)`,
        kind: "cap",
        offset,
      };
    if (!ZERO_WIDTH.has(lexeme)) offset += lexeme.length;
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens };
}

/** Every key that repeats an earlier key of its map, and every key that is not a scalar. */
function duplicateKeys(
  doc: Document.Parsed,
  at: (offset: number) => { line: number; col: number },
): YamlProblem[] {
  const problems: YamlProblem[] = [];
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isSeq(node)) for (const item of node.items) pending.push(item);
    if (!isMap(node)) continue;
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      pending.push(pair.value);
      const key = pair.key as Node | null;
      const offset = key?.range?.[0] ?? node.range?.[0] ?? 0;
      if (!isScalar(key)) {
        problems.push({
          ...at(offset),
          kind: "yaml",
          message: "a key must be a plain value, not a collection or alias",
        });
        continue;
      }
      const id = String(key.value); // `1` and `"1"` are one key once the map is plain data
      if (seen.has(id))
        problems.push({ ...at(offset), kind: "yaml", message: `duplicate key "${String(key.value)}"` });
      seen.add(id);
    }
  }
  return problems;
}

/**
 * The node a problem at `path` is about: the deepest node that exists along it (a missing field
 * points at its parent); its key instead when it is a collection (more readable) or with `preferKey`.
 */
export function nodeAt(doc: Document, path: readonly PropertyKey[], preferKey = false): Node | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth) as unknown[], true) as unknown;
    if (node && typeof node === "object" && "range" in node) {
      const wantKey = depth > 0 && (preferKey || isMap(node) || isSeq(node));
      return (wantKey ? keyNode(doc, path.slice(0, depth)) : undefined) ?? (node as Node);
    }
  }
  return undefined;
}

function keyNode(doc: Document, path: readonly PropertyKey[]): Node | undefined {
  const parent = doc.getIn(path.slice(0, -1) as unknown[], true) as unknown;
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((p) => (p.key as { value?: unknown } | null)?.value === path.at(-1));
  return (pair?.key as Node | undefined) ?? undefined;
}

/** Line breaks in `text`, counting no further than one past `stop`. */
function lineBreaks(text: string, stop: number): number {
  let breaks = 0;
  for (let i = text.indexOf("\n"); i !== -1 && breaks <= stop; i = text.indexOf("\n", i + 1)) breaks++;
  return breaks;
}

function position(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: offset - start + 1 };
}

function fail(line: number, col: number, kind: YamlProblem["kind"], message: string): BoundedYaml {
  return { ok: false, problems: [{ line, col, kind, message }] };
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
