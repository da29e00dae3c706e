// Parse and render one case file (`regression-pool/<category>/<id>.yml`). YAML 1.2 core schema, so
// no Date objects and no YAML 1.1 octals, read within CASE_YAML_CAPS; every problem becomes a
// Diagnostic with the file and the line of the offending node, so one bad case is reported
// precisely and never throws.
import { isMap, stringify } from "yaml";
import type { z } from "zod";
import type { Diagnostic } from "../bank/diagnostic.js";
import { nodeAt, parseBoundedYaml, type YamlCaps } from "../../vocabulary/bounded-yaml.js";
import { Case, RubricItem } from "../../records/case.js";

/** Rubric types the scorers understand, taken from the schema so the two never drift. */
export const RUBRIC_TYPES: readonly string[] = RubricItem.options.map((o) => String(o.shape.type.value));

/**
 * What one case file's YAML may hold (checked before it is parsed). Far above any real case (a long
 * prompt is one scalar; input files live beside it), and parsed in well under 100 ms at the cap.
 */
export const CASE_YAML_CAPS: YamlCaps = {
  what: "a case file",
  maxChars: 128 * 1024,
  maxLines: 5_000,
  maxNodes: 2_000,
  maxDepth: 32,
  maxAliases: 100,
};

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
  const diag = (line: number, code: string, message: string): Diagnostic => ({
    file,
    line,
    severity: "error",
    code,
    message,
  });
  const read = parseBoundedYaml(text, CASE_YAML_CAPS);
  if (!read.ok)
    return {
      diagnostics: read.problems.map((p) =>
        diag(p.line, "CASE_YAML", p.kind === "cap" ? p.message : `malformed YAML: ${p.message}`),
      ),
    };
  const { doc, lineCounter } = read;
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
  const lineOf = (offset: number | undefined) =>
    offset === undefined ? 0 : lineCounter.linePos(offset).line;
  const nodeLine = (path: readonly PropertyKey[]) => lineOf(nodeAt(doc, path)?.range?.[0]);
  return { data: read.data, nodeLine, diag };
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
