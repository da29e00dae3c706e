// Parse and render one case file (`regression-pool/<category>/<id>.yml`). YAML 1.2 core schema, so
// no Date objects and no YAML 1.1 octals; every problem becomes a Diagnostic with the file and the
// line of the offending node, so one bad case is reported precisely and never throws.
import { isMap, isSeq, LineCounter, parseDocument, stringify } from "yaml";
import type { Document, Node } from "yaml";
import type { z } from "zod";
import type { Diagnostic } from "../bank/diagnostic.js";
import { Case, RubricItem } from "./case.js";

/** Rubric types the scorers understand, taken from the schema so the two never drift. */
export const RUBRIC_TYPES: readonly string[] = RubricItem.options.map((o) => String(o.shape.type.value));

/** Aliases expand into copies; cap them so a crafted file cannot blow up memory ("billion laughs"). */
const MAX_ALIASES = 100;

export interface ParseCaseOptions {
  /**
   * Check that `id` and `category` match `<category>/<id>.yml` in `file`. On by default for files
   * ending in .yml/.yaml; off for cases that do not live in the pool yet (e.g. an issue comment).
   */
  checkLocation?: boolean;
}

export function parseCase(
  text: string,
  file: string,
  options: ParseCaseOptions = {},
): { case?: Case; diagnostics: Diagnostic[] } {
  const read = readCaseYaml(text, file);
  if ("diagnostics" in read) return read;
  const { data, nodeLine, diag } = read;
  const diagnostics = [...checkRubricTypes(data, nodeLine, diag)];
  const parsed = Case.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (isRubricTypeIssue(issue) && diagnostics.some((d) => d.code === "CASE_RUBRIC_TYPE")) continue;
      const field = formatPath(issue.path);
      diagnostics.push(diag(nodeLine(issue.path), "CASE_SCHEMA", `${field}: ${issue.message}`));
    }
    return { diagnostics };
  }
  const c = parsed.data;
  diagnostics.push(...checkFilePaths(c, nodeLine, diag));
  if (options.checkLocation ?? /\.ya?ml$/i.test(file))
    diagnostics.push(...checkLocation(c, file, nodeLine, diag));
  return diagnostics.length > 0 ? { diagnostics } : { case: c, diagnostics };
}

/** A case file read as YAML but not yet checked against the schema, with line lookup for diagnostics. */
interface CaseYaml {
  data: unknown;
  nodeLine: (path: readonly PropertyKey[]) => number;
  diag: Diag;
}

function readCaseYaml(text: string, file: string): CaseYaml | { diagnostics: Diagnostic[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    version: "1.2",
    schema: "core",
    uniqueKeys: true,
    merge: false,
    lineCounter: lines,
    prettyErrors: false,
  });
  const diag = (line: number, code: string, message: string): Diagnostic => ({
    file,
    line,
    severity: "error",
    code,
    message,
  });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 0 : lines.linePos(offset).line);

  const yamlErrors = doc.errors.map((e) =>
    diag(lineOf(e.pos[0]), "CASE_YAML", `malformed YAML: ${firstLine(e.message)}`),
  );
  if (yamlErrors.length > 0) return { diagnostics: yamlErrors };
  if (!isMap(doc.contents))
    return {
      diagnostics: [
        diag(
          1,
          "CASE_SCHEMA",
          "a case file must be a YAML mapping (id, category, diagnosis, task, provenance, ...)",
        ),
      ],
    };

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    return { diagnostics: [diag(1, "CASE_YAML", `malformed YAML: ${firstLine((e as Error).message)}`)] };
  }
  const nodeLine = (path: readonly PropertyKey[]) => lineOf(nearestNode(doc, path)?.range?.[0]);
  return { data, nodeLine, diag };
}

function checkFilePaths(c: Case, nodeLine: (p: readonly PropertyKey[]) => number, diag: Diag): Diagnostic[] {
  const out: Diagnostic[] = [];
  c.task.files.forEach((f, i) => {
    const why = escapeReason(f.path);
    if (why)
      out.push(
        diag(
          nodeLine(["task", "files", i, "path"]),
          "CASE_FILE_ESCAPES",
          `task.files[${i}].path "${f.path}" ${why}; input files must stay inside the case's folder`,
        ),
      );
  });
  return out;
}

/** Stable YAML for a case: fixed key order, block scalars for multi-line text, no line folding. */
export function renderCase(c: Case): string {
  const ordered = Case.parse(c); // also re-validates, and orders keys as the schema declares them
  return stringify(dropUndefined(ordered), {
    version: "1.2",
    lineWidth: 0,
    indent: 2,
    aliasDuplicateObjects: false,
    blockQuote: "literal",
  });
}

/** Where a case lives in the pool, relative to the pool root. */
export function casePath(c: Pick<Case, "id" | "category">): string {
  return `${c.category}/${c.id}.yml`;
}

type Diag = (line: number, code: string, message: string) => Diagnostic;

function checkRubricTypes(
  data: unknown,
  nodeLine: (p: readonly PropertyKey[]) => number,
  diag: Diag,
): Diagnostic[] {
  const rubric = (data as { task?: { rubric?: unknown } } | null)?.task?.rubric;
  if (!Array.isArray(rubric)) return [];
  const out: Diagnostic[] = [];
  rubric.forEach((item, i) => {
    const type = (item as { type?: unknown } | null)?.type;
    if (typeof type === "string" && !RUBRIC_TYPES.includes(type)) {
      out.push(
        diag(
          nodeLine(["task", "rubric", i, "type"]),
          "CASE_RUBRIC_TYPE",
          `task.rubric[${i}]: unknown rubric type "${type}" (known: ${RUBRIC_TYPES.join(", ")})`,
        ),
      );
    }
  });
  return out;
}

function isRubricTypeIssue(issue: z.core.$ZodIssue): boolean {
  const p = issue.path;
  return (
    p.length >= 3 &&
    p[0] === "task" &&
    p[1] === "rubric" &&
    (p.length === 3 || p[3] === "type") &&
    issue.code === "invalid_union"
  );
}

function checkLocation(
  c: Case,
  file: string,
  nodeLine: (p: readonly PropertyKey[]) => number,
  diag: Diag,
): Diagnostic[] {
  const parts = file.split(/[\\/]/).filter((p) => p.length > 0);
  const base = (parts.at(-1) ?? "").replace(/\.ya?ml$/i, "");
  const dir = parts.at(-2);
  const out: Diagnostic[] = [];
  if (base !== c.id)
    out.push(
      diag(
        nodeLine(["id"]),
        "CASE_ID_MISMATCH",
        `id "${c.id}" does not match the file name "${parts.at(-1)}" (expected ${c.id}.yml)`,
      ),
    );
  if (dir !== undefined && dir !== c.category)
    out.push(
      diag(
        nodeLine(["category"]),
        "CASE_CATEGORY_MISMATCH",
        `category "${c.category}" does not match the folder "${dir}" (expected ${casePath(c)})`,
      ),
    );
  return out;
}

/** Why a relative input path would leave the case's folder, or undefined when it stays inside. */
export function escapeReason(path: string): string | undefined {
  if (path.includes("\0")) return "contains a NUL byte";
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) return "is absolute";
  if (path.includes("\\")) return "uses backslashes";
  let depth = 0;
  for (const seg of path.split("/")) {
    if (seg === "..") depth--;
    else if (seg !== "." && seg !== "") depth++;
    if (depth < 0) return "climbs out with '..'";
  }
  return depth === 0 ? "names the folder itself, not a file" : undefined;
}

/** The deepest existing node along `path`, so a missing field points at its parent. */
function nearestNode(doc: Document, path: readonly PropertyKey[]): Node | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as unknown[], true) as unknown;
    if (node && typeof node === "object" && "range" in node) {
      // For a mapping value, point at the key's line when the value is a collection (more readable).
      if (n > 0 && (isMap(node) || isSeq(node))) return keyNode(doc, path.slice(0, n)) ?? (node as Node);
      return node as Node;
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

function dropUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropUndefined);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, dropUndefined(v)]),
    );
  }
  return value;
}

/** `task.rubric[1].value`, the way a user reads the YAML. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `${out ? "." : ""}${String(p)}`;
  return out || "(root)";
}

function firstLine(s: string): string {
  return s.split("\n")[0] ?? s;
}
