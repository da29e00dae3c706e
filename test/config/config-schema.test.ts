import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renderConfigFiles } from "../../scripts/config-files.js";
import { Config, DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { configReferenceRows } from "../../src/core/config/config-reference.js";
import { configJsonSchema } from "../../src/core/config/json-schema.js";
import { renderConfigTemplate } from "../../src/core/init/config-template.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const schema = configJsonSchema();
const ajv = new Ajv2020({ strict: true, allErrors: true });
(addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
const validate = ajv.compile(schema);

describe("the generated config files", () => {
  it.each(["schema/skillops.schema.json", "docs/config.md"])(
    "%s is up to date (npm run gen:config)",
    async (path) => {
      const fresh = (await renderConfigFiles()).find((f) => f.path === path);
      expect(fresh, `${path} is not generated`).toBeDefined();
      expect(readFileSync(join(ROOT, path), "utf8"), `${path} is stale: run npm run gen:config`).toBe(
        fresh!.content,
      );
    },
  );

  it("documents every key with a meaning", () => {
    const rows = configReferenceRows(schema);
    expect(rows.filter((r) => r.meaning.trim() === "").map((r) => r.path)).toEqual([]);
    // Every leaf of the parsed defaults has its row (the walker misses no key).
    const leaves = (v: unknown, prefix: string): string[] =>
      v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0
        ? Object.entries(v).flatMap(([k, x]) => leaves(x, `${prefix}${k}.`))
        : [prefix.slice(0, -1)];
    const paths = new Set(rows.map((r) => r.path));
    expect(leaves(DEFAULT_CONFIG, "").filter((p) => !paths.has(p))).toEqual([]);
    expect(paths).toContain("models.prices.<name>.input");
    expect(paths).toContain("scopes[].runsOn");
  });
});

describe("the JSON Schema agrees with the zod config", () => {
  it("accepts an empty file, the defaults, the config init writes and this repository's own", () => {
    for (const config of [
      {},
      DEFAULT_CONFIG,
      parse(renderConfigTemplate({ kind: "pinned", ref: { repo: "my-org/skillops", ref: "v0.1.0" } })) ?? {},
      parse(readFileSync(join(ROOT, ".github/skillops.yml"), "utf8")) ?? {},
    ])
      expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each<[unknown, string]>([
    [{ evolve: { patiense: 2 } }, "unknown key"],
    [{ evolve: { n: 0 } }, "n must be > 0"],
    [{ evolve: { voteThreshold: 1.5 } }, "fraction ≤ 1"],
    [{ categories: [] }, "at least one category"],
    [{ categories: ["Bad Name"] }, "category pattern"],
    [{ models: { provider: "anthropic" } }, "enum"],
    [{ models: { baseURL: "not a url" } }, "URL format"],
    [{ models: { prices: { "gpt-4o": { input: 1 } } } }, "price without output"],
    [{ scopes: [{ name: "a" }] }, "scope without skills"],
    [{ evaluate: { kernel: { trials: 1.5 } } }, "integer"],
    [{ runners: { gpu: "gpu" } }, "labels must be a list"],
  ])("rejects %j (%s) exactly as zod does", (config, _why) => {
    expect(Config.safeParse(config).success).toBe(false);
    expect(validate(config)).toBe(false);
  });

  it("accepts what zod accepts with optional keys set", () => {
    const config = {
      models: {
        baseURL: "http://localhost:8000/v1",
        roles: { judge: { model: "gpt-4o", temperature: 0 } },
        prices: { "gpt-4o": { input: 2.5, output: 10 } },
        budget: { tokens: 1000 },
      },
      evaluate: { runner: "command", agentCommand: ["node", "agent.js"] },
      scopes: [{ name: "kernels", skills: ["a"], runsOn: ["self-hosted", "gpu"] }],
    };
    expect(Config.safeParse(config).success).toBe(true);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });
});
