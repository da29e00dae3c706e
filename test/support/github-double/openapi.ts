// Validates requests (and the double's own responses) against GitHub's OpenAPI description
// (@octokit/openapi generated/api.github.com.json, loaded directly, not through the package index).
// OpenAPI 3.0 is not JSON Schema: `nullable` without `type` is rewritten so Ajv understands it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Json;
}
interface Operation {
  operationId?: string;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, { schema?: Json }> } | { $ref: string }>;
}

// GitHub answers 404 when the resource is already gone, though its description omits that status
// for these operations (two app instances deleting the same duplicate comment meet it).
const UNDOCUMENTED_404 = new Set(["issues/delete-comment"]);

export interface MatchedOperation {
  /** The OpenAPI path template, e.g. `/repos/{owner}/{repo}/issues/{issue_number}`. */
  template: string;
  method: string;
  operationId: string;
  params: Record<string, string>;
}

const require = createRequire(import.meta.url);

function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(fixNullable);
    return;
  }
  if (!node || typeof node !== "object") return;
  const n = node as Json;
  if (n.nullable === true && Array.isArray(n.enum) && !n.enum.includes(null)) n.enum.push(null);
  if (n.nullable === true && n.type === undefined) {
    delete n.nullable;
    if (Array.isArray(n.oneOf)) n.oneOf.push({ type: "null" });
    else if (Array.isArray(n.anyOf)) n.anyOf.push({ type: "null" });
    else if (Array.isArray(n.allOf)) {
      n.anyOf = [{ allOf: n.allOf }, { type: "null" }];
      delete n.allOf;
    }
  }
  for (const v of Object.values(n)) fixNullable(v);
}

const pointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

interface CompiledPath {
  template: string;
  regex: RegExp;
  names: string[];
  literals: number;
  greedy: boolean;
}

function compilePath(template: string, greedyLast: boolean): CompiledPath {
  const names: string[] = [];
  const segments = template.split("/").slice(1);
  let literals = 0;
  const parts = segments.map((seg, i) => {
    if (!seg.includes("{")) {
      literals += 1;
      return seg.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    }
    const last = i === segments.length - 1;
    return seg
      .split(/(\{[^}]+\})/)
      .map((piece) => {
        if (!piece.startsWith("{")) return piece.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
        names.push(piece.slice(1, -1));
        return last && greedyLast ? "(.+)" : "([^/]+)";
      })
      .join("");
  });
  return { template, regex: new RegExp(`^/${parts.join("/")}$`), names, literals, greedy: greedyLast };
}

export class OpenApiValidator {
  readonly spec: {
    paths: Record<string, Record<string, Operation>>;
    components: { parameters: Record<string, Parameter> };
  };
  private readonly ajv: Ajv;
  private readonly paths: CompiledPath[];
  private readonly cache = new Map<string, ValidateFunction>();

  constructor() {
    const file = require.resolve("@octokit/openapi/generated/api.github.com.json");
    this.spec = JSON.parse(readFileSync(file, "utf8"));
    fixNullable(this.spec);
    this.ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true, discriminator: true });
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
      addFormatsModule) as (a: Ajv) => void;
    addFormats(this.ajv);
    for (const f of ["repo.nwo", "uri-template", "int32", "int64", "double", "timestamp", "binary"])
      this.ajv.addFormat(f, true);
    this.ajv.addSchema(this.spec as unknown as Json, "gh");
    const templates = Object.keys(this.spec.paths);
    // Exact segment matches first; a trailing path-like parameter may absorb slashes (contents/{path}, git/ref/{ref}).
    this.paths = [
      ...templates.map((t) => compilePath(t, false)),
      ...templates.filter((t) => /\{(path|ref|branch|basehead)\}$/.test(t)).map((t) => compilePath(t, true)),
    ];
  }

  /** The operation for a concrete method + path, or an explanation of why there is none. */
  match(method: string, pathname: string): MatchedOperation | { error: string } {
    const m = method.toLowerCase();
    const candidates = this.paths
      .map((p) => ({ p, hit: p.regex.exec(pathname) }))
      .filter((x): x is { p: CompiledPath; hit: RegExpExecArray } => x.hit !== null)
      .sort((a, b) => Number(a.p.greedy) - Number(b.p.greedy) || b.p.literals - a.p.literals);
    if (candidates.length === 0) return { error: `no GitHub REST path matches ${pathname}` };
    const withMethod = candidates.find((c) => this.spec.paths[c.p.template]?.[m] !== undefined);
    if (!withMethod)
      return { error: `${method.toUpperCase()} is not an operation of ${candidates[0]!.p.template}` };
    const op = this.spec.paths[withMethod.p.template]![m]!;
    const params: Record<string, string> = {};
    withMethod.p.names.forEach((name, i) => (params[name] = decodeURIComponent(withMethod.hit[i + 1]!)));
    return {
      template: withMethod.p.template,
      method: m,
      operationId: op.operationId ?? `${m} ${withMethod.p.template}`,
      params,
    };
  }

  private operation(op: MatchedOperation): Operation {
    return this.spec.paths[op.template]![op.method]!;
  }

  private parameters(op: MatchedOperation): Parameter[] {
    const raw = [
      ...((this.spec.paths[op.template] as unknown as { parameters?: Parameter[] }).parameters ?? []),
      ...(this.operation(op).parameters ?? []),
    ];
    return raw.map((p) => ("$ref" in p ? this.spec.components.parameters[p.$ref.split("/").pop()!]! : p));
  }

  private compile(key: string, ref: string): ValidateFunction {
    let v = this.cache.get(key);
    if (!v) {
      v = this.ajv.compile({ $ref: `gh#${ref}` });
      this.cache.set(key, v);
    }
    return v;
  }

  /** Problems with the path parameters, query and JSON body of a request; empty when valid. */
  validateRequest(op: MatchedOperation, query: URLSearchParams, body: unknown): string[] {
    const problems: string[] = [];
    const params = this.parameters(op);
    for (const p of params.filter((x) => x.in === "path" || x.in === "query")) {
      const raw = p.in === "path" ? op.params[p.name] : (query.get(p.name) ?? undefined);
      if (raw === undefined) {
        if (p.required) problems.push(`missing required ${p.in} parameter "${p.name}"`);
        continue;
      }
      const value = coerce(raw, p.schema);
      if (p.schema && !this.ajv.validate(p.schema, value))
        problems.push(
          `${p.in} parameter "${p.name}"=${JSON.stringify(raw)}: ${this.ajv.errorsText(this.ajv.errors)}`,
        );
    }
    for (const name of query.keys()) {
      if (!params.some((p) => p.in === "query" && p.name === name))
        problems.push(`unknown query parameter "${name}"`);
    }
    const requestBody = this.operation(op).requestBody;
    const jsonSchema = requestBody?.content?.["application/json"]?.schema;
    if (body === undefined) {
      if (requestBody?.required && jsonSchema) problems.push("missing required JSON body");
    } else if (!jsonSchema) {
      problems.push("a JSON body was sent to an operation that takes none");
    } else {
      const ref = `/paths/${pointer(op.template)}/${op.method}/requestBody/content/application~1json/schema`;
      const v = this.compile(`req ${op.method} ${op.template}`, ref);
      if (!v(body)) problems.push(`body: ${this.errors(v)}`);
    }
    return problems;
  }

  /** Problems with a response the double is about to send; empty when valid or not described as JSON. */
  validateResponse(op: MatchedOperation, status: number, body: unknown): string[] {
    const responses = this.operation(op).responses ?? {};
    const described = responses[String(status)];
    if (!described && !(status === 404 && UNDOCUMENTED_404.has(op.operationId)))
      return [`status ${status} is not a documented response of ${op.operationId}`];
    if (!described) return [];
    if ("$ref" in described || !described.content?.["application/json"]?.schema || body === undefined)
      return [];
    const ref = `/paths/${pointer(op.template)}/${op.method}/responses/${status}/content/application~1json/schema`;
    const v = this.compile(`res ${status} ${op.method} ${op.template}`, ref);
    return v(body) ? [] : [`response ${status}: ${this.errors(v)}`];
  }

  /** Ajv's messages, capped: a list response can fail the same way a hundred times. */
  private errors(v: ValidateFunction): string {
    const all = (v.errors ?? []).map((e) => `${e.instancePath || "body"} ${e.message ?? ""}`.trim());
    const unique = [...new Set(all)];
    return unique.slice(0, 8).join(", ") + (unique.length > 8 ? ` (+${unique.length - 8} more)` : "");
  }
}

function coerce(raw: string, schema: Json | undefined): unknown {
  const type = schema?.type;
  if ((type === "integer" || type === "number") && raw.trim() !== "" && !Number.isNaN(Number(raw)))
    return Number(raw);
  if (type === "boolean" && (raw === "true" || raw === "false")) return raw === "true";
  return raw;
}

let shared: OpenApiValidator | undefined;
/** One parsed description per test worker (parsing takes ~0.3 s and ~60 MB). */
export function openApiValidator(): OpenApiValidator {
  shared ??= new OpenApiValidator();
  return shared;
}
