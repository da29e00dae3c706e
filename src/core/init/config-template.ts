// `.github/skillops.yml` as `skillops init` writes it: every option of the zod Config, commented out,
// with its default and its type. Generated from the schema itself, so it cannot drift from it.
// The first line points editors at the JSON Schema; after it, option lines start with "# " and prose
// with "## ": removing one "# " from every later line gives a config equal to the defaults (a test
// checks exactly that).
import { stringify } from "yaml";
import type { z } from "zod";
import { Config, DEFAULT_CONFIG } from "../config/config.js";
import { docsPointer, schemaPointer, type ActionSource } from "./action-source.js";

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  shape?: Record<string, Schema>;
  entries?: Record<string, string>;
  element?: Schema;
  valueType?: Schema;
  checks?: Array<{
    _zod: { def: { check: string; value?: number; inclusive?: boolean; format?: string; minimum?: number } };
  }>;
}

const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Strips default / prefault / optional wrappers; says whether a value may be left out with no default. */
function unwrap(schema: Schema): { inner: Schema; optional: boolean } {
  let s = schema;
  let optional = false;
  for (;;) {
    const d = defOf(s);
    if (d.type === "optional") optional = true;
    if (
      (d.type === "optional" || d.type === "default" || d.type === "prefault" || d.type === "nullable") &&
      d.innerType
    )
      s = d.innerType;
    else return { inner: s, optional };
  }
}

function bounds(d: Def, kind: "text" | "list" = "list"): string {
  const parts: string[] = [];
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === "greater_than") parts.push(`${cd.inclusive ? "≥" : ">"} ${cd.value}`);
    if (cd.check === "less_than") parts.push(`${cd.inclusive ? "≤" : "<"} ${cd.value}`);
    if (cd.check === "string_format" && cd.format === "url") parts.push("URL");
    if (cd.check === "min_length" && cd.minimum)
      parts.push(kind === "text" ? "non-empty" : `at least ${cd.minimum}`);
  }
  return parts.length ? ` ${parts.join(", ")}` : "";
}

/** A short type description: "integer ≥ 1", "one of: openai | sim", "list of strings". */
export function describeType(schema: Schema): string {
  const { inner } = unwrap(schema);
  const d = defOf(inner);
  const isInt = (d.checks ?? []).some((c) => c._zod.def.format === "safeint");
  switch (d.type) {
    case "string":
      return `string${bounds(d, "text")}`;
    case "number":
      return `${isInt ? "integer" : "number"}${bounds(d)}`;
    case "boolean":
      return "true | false";
    case "enum":
      return `one of: ${Object.values(d.entries ?? {}).join(" | ")}`;
    case "array":
      return d.element ? `list of ${plural(d.element)}${bounds(d) ? `,${bounds(d)}` : ""}` : "list";
    case "record":
      return d.valueType ? `map of name → ${describeType(d.valueType)}` : "map";
    case "object":
      return `{${Object.keys(d.shape ?? {}).join(", ")}}`;
    default:
      return d.type;
  }
}

function plural(element: Schema): string {
  const t = describeType(element);
  return t.startsWith("string") ? `strings${t.slice("string".length)}` : t;
}

function valueText(v: unknown): string {
  if (Array.isArray(v) || (v !== null && typeof v === "object")) return JSON.stringify(v).replace(/,/g, ", ");
  return stringify(v).trim();
}

function renderObject(
  shape: Record<string, Schema>,
  defaults: Record<string, unknown>,
  indent: string,
  out: string[],
): void {
  for (const [key, field] of Object.entries(shape)) {
    const { inner, optional } = unwrap(field);
    const d = defOf(inner);
    const value = defaults[key];
    if (d.type === "object" && d.shape && value !== undefined) {
      const children: string[] = [];
      renderObject(d.shape, value as Record<string, unknown>, `${indent}  `, children);
      // With every child unset, a bare `key:` would read as null: write the empty mapping instead.
      const anySet = children.some((l) => !l.startsWith(`# ${indent}  #`));
      out.push(anySet ? `# ${indent}${key}:` : `# ${indent}${key}: {}`, ...children);
    } else if (value === undefined) {
      out.push(
        `# ${indent}# ${key}:  # ${describeType(field)}${optional ? " (optional, unset by default)" : ""}`,
      );
    } else {
      out.push(`# ${indent}${key}: ${valueText(value)}  # ${describeType(field)}`);
    }
  }
}

/** The config for workflows that run `action`: its schema and its reference are that Action's. */
export function renderConfigTemplate(action: ActionSource): string {
  const out = [
    `# yaml-language-server: $schema=${schemaPointer(action)}`,
    "## skillops configuration (read by the skillops app and `skillops evolve`).",
    "## Every option is listed with its default, commented out: uncomment a line to change it.",
    `## Reference: ${docsPointer(action, "config.md")}`,
    "## An invalid file fails the check on the PR that changed it.",
    "",
  ];
  const shape = defOf(Config).shape ?? {};
  renderObject(shape, DEFAULT_CONFIG as unknown as Record<string, unknown>, "", out);
  return `${out.join("\n")}\n`;
}
