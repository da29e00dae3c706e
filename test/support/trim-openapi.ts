// Trims OpenAI's API description (openai/openai-openapi, 3.3 MB) to what the OpenAI double checks:
// POST /chat/completions and POST /embeddings plus every #/components/... entry they reach. The
// subset is committed as test/fixtures/openai-openapi/openapi.json so the double needs no corpus;
// test/llm/openapi-subset.test.ts trims the corpus again and compares, so the two cannot drift.
// Regenerate (the source is the openai-openapi corpus, found through SKILLOPS_CORPORA; a path
// argument overrides it):
//   npx tsx test/support/trim-openapi.ts > test/fixtures/openai-openapi/openapi.json
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { requireCorpus } from "./corpora.js";

export const KEPT_PATHS = ["/chat/completions", "/embeddings"] as const;

interface OpenApiDoc {
  openapi: string;
  info: unknown;
  paths: Record<string, { post?: unknown }>;
  components: Record<string, Record<string, unknown>>;
}

const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** The subset as a JSON document; components sorted by name so the output is stable. */
export function trimOpenApi(doc: OpenApiDoc): OpenApiDoc {
  const keep: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== "object") return;
    for (const [k, v] of Object.entries(x)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith("#/components/")) {
        if (seen.has(v)) continue;
        seen.add(v);
        const [, , kind, name] = v.split("/") as [string, string, string, string];
        const target = doc.components[kind]?.[name];
        if (target === undefined) throw new Error(`dangling $ref ${v}`);
        (keep[kind] ??= {})[name] = target;
        walk(target);
      } else walk(v);
    }
  };
  const paths: OpenApiDoc["paths"] = {};
  for (const p of KEPT_PATHS) {
    paths[p] = { post: doc.paths[p]?.post };
    walk(paths[p]);
  }
  const components = Object.fromEntries(
    Object.entries(keep).map(([kind, entries]) => [
      kind,
      Object.fromEntries(Object.entries(entries).sort(byName)),
    ]),
  );
  return { openapi: doc.openapi, info: doc.info, paths, components };
}

/** The committed text: one-space indent (a third smaller than two) and a final newline. */
export function renderTrimmed(doc: OpenApiDoc): string {
  return `${JSON.stringify(doc, null, 1)}\n`;
}

export function trimOpenApiFile(path: string): string {
  return renderTrimmed(trimOpenApi(JSON.parse(readFileSync(path, "utf8")) as OpenApiDoc));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const source = process.argv[2] ?? join(requireCorpus("openai-openapi"), "openapi.json");
  process.stdout.write(trimOpenApiFile(source));
}
