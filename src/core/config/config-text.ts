// The text of `.github/skillops.yml` → a Config, or problems a person can act on: each with the
// line and column, the key path, and for a mistyped key the nearest valid one. Read within
// CONFIG_YAML_CAPS (anyone may open a PR that changes the file, and the app checks it on the
// webhook's clock). Pure: the CLI and the app format the problems their own way.
import type { z } from "zod";
import { nodeAt, parseBoundedYaml, type YamlCaps, type YamlRead } from "../../vocabulary/bounded-yaml.js";
import { nearestWord } from "../../vocabulary/nearest-word.js";
import { Config } from "./config.js";
import { configJsonSchema, type JsonSchema } from "./json-schema.js";

/** A real config is a few dozen lines; these bound the parse to milliseconds. */
export const CONFIG_YAML_CAPS: YamlCaps = {
  what: "the config",
  maxChars: 64 * 1024,
  maxLines: 2_000,
  maxNodes: 2_000,
  maxDepth: 16,
  maxAliases: 100,
};

/** Problems listed one by one; the rest are counted (a crafted file may hold thousands). */
export const MAX_CONFIG_PROBLEMS = 20;

export interface ConfigProblem {
  /** 1-based; absent when the problem is not at one place in the text. */
  line?: number;
  col?: number;
  /** `evaluate.timeoutMs`; empty for a problem with the file as a whole. */
  path: string;
  message: string;
}

export type ConfigRead = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

/** Parses and validates the text of a config file (an empty file is the defaults). */
export function readConfigText(text: string): ConfigRead {
  const read = parseBoundedYaml(text, CONFIG_YAML_CAPS);
  if (!read.ok)
    return {
      ok: false,
      problems: read.problems.map((p) => ({
        line: p.line,
        col: p.col,
        path: "",
        message: p.kind === "cap" ? p.message : `not valid YAML: ${p.message}`,
      })),
    };
  return validateConfigData(read.data ?? {}, read);
}

/** Validates parsed config data; with the YAML it came from, each problem gets its line. */
export function validateConfigData(data: unknown, yaml?: YamlRead): ConfigRead {
  const parsed = Config.safeParse(data);
  if (parsed.success) return { ok: true, config: parsed.data };
  const problems: ConfigProblem[] = [];
  for (const issue of parsed.error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    for (const key of keys) {
      if (problems.length === MAX_CONFIG_PROBLEMS)
        return { ok: false, problems: [...problems, more(parsed.error.issues)] };
      problems.push(problemOf(issue, key, yaml));
    }
  }
  return { ok: false, problems };
}

function problemOf(issue: z.core.$ZodIssue, unknownKey: string | undefined, yaml?: YamlRead): ConfigProblem {
  const path = unknownKey === undefined ? issue.path : [...issue.path, unknownKey];
  const node = yaml ? nodeAt(yaml.doc, path, unknownKey !== undefined) : undefined;
  const at = node?.range ? yaml!.lineCounter.linePos(node.range[0]) : undefined;
  const message = unknownKey === undefined ? issue.message : unknownKeyMessage(issue.path, unknownKey);
  return { ...(at ? { line: at.line, col: at.col } : {}), path: path.map(String).join("."), message };
}

function more(issues: readonly z.core.$ZodIssue[]): ConfigProblem {
  const total = issues.reduce((n, i) => n + (i.code === "unrecognized_keys" ? i.keys.length : 1), 0);
  return { path: "", message: `… and ${total - MAX_CONFIG_PROBLEMS} more problem(s)` };
}

let schemaCache: JsonSchema | undefined;
/** Built once: converting the zod schema takes milliseconds, and a file may hold many typos. */
const jsonSchema = () => (schemaCache ??= configJsonSchema());

function unknownKeyMessage(parent: readonly PropertyKey[], key: string): string {
  const known = keysAt(jsonSchema(), parent);
  const near = nearestWord(key, known);
  if (near) return `unknown key; did you mean "${near}"?`;
  return known.length > 0 ? `unknown key (expected one of: ${known.join(", ")})` : "unknown key";
}

/** The keys the JSON Schema allows at `path` (through lists and maps). */
function keysAt(schema: JsonSchema, path: readonly PropertyKey[]): string[] {
  let s: JsonSchema | undefined = schema;
  for (const segment of path) {
    const props = s?.properties as Record<string, JsonSchema> | undefined;
    if (typeof segment === "number") s = s?.items as JsonSchema | undefined;
    else s = props?.[String(segment)] ?? (s?.additionalProperties as JsonSchema | undefined);
    if (typeof s !== "object" || s === null) return [];
  }
  return Object.keys((s?.properties as object | undefined) ?? {});
}

/** `file:line:col: path: message`, as compilers print it (the CLI's form). */
export function formatConfigProblem(file: string, p: ConfigProblem): string {
  const where = p.line === undefined ? file : `${file}:${p.line}:${p.col}`;
  return `${where}: ${p.path ? `${p.path}: ` : ""}${p.message}`;
}
