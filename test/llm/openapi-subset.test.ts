// The OpenAPI subset the OpenAI double loads (test/fixtures/openai-openapi) must be exactly what
// trimming the corpus's full description gives, and must be self-contained.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { corpusPath, skipWithoutCorpus } from "../support/corpora.js";
import { OPENAPI_PATH } from "../support/openai-double.js";
import { KEPT_PATHS, renderTrimmed, trimOpenApi, trimOpenApiFile } from "../support/trim-openapi.js";

const committed = readFileSync(OPENAPI_PATH, "utf8");

describe("the committed OpenAPI subset", () => {
  it("keeps only POST /chat/completions and /embeddings, and every $ref resolves inside it", () => {
    const doc = JSON.parse(committed) as Parameters<typeof trimOpenApi>[0];
    expect(Object.keys(doc.paths)).toEqual([...KEPT_PATHS]);
    for (const p of KEPT_PATHS) expect(Object.keys(doc.paths[p]!)).toEqual(["post"]);
    // Trimming the subset again is a no-op: nothing it references is missing (dangling refs throw).
    expect(renderTrimmed(trimOpenApi(doc))).toBe(committed);
  });
});

describe.skipIf(skipWithoutCorpus("openai-openapi"))(
  "the committed OpenAPI subset against the corpus",
  () => {
    it("is what trimming the corpus's openapi.json gives today (no drift)", () => {
      expect(trimOpenApiFile(corpusPath("openai-openapi", "openapi.json"))).toBe(committed);
    });

    it("carries the corpus's licence unchanged", () => {
      const licence = readFileSync(OPENAPI_PATH.replace(/openapi\.json$/, "LICENSE"), "utf8");
      expect(licence).toBe(readFileSync(corpusPath("openai-openapi", "LICENSE"), "utf8"));
    });
  },
);
