// Config loading: the repository's own example file is valid; YAML and schema errors become
// specific problems (what the dashboard lists and the skillops/config check run reports).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadConfig, validateConfig, validateConfigText } from "../../src/apps/app/config-load.js";

describe("config", () => {
  test("the committed .github/skillops.yml is valid", () => {
    const text = readFileSync(fileURLToPath(new URL("../../.github/skillops.yml", import.meta.url)), "utf8");
    const result = validateConfigText(text);
    expect(result.ok && result.config).toMatchObject({
      bank: "skill-bank",
      categories: ["general", "hallucination", "special"],
      models: { provider: "sim" },
    });
  });

  test("no file means the defaults; bad YAML and bad values are problems, each specific", async () => {
    expect(validateConfig(null)).toMatchObject({ ok: true, found: false });
    expect(validateConfigText("categories: [general\n")).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(/^`\.github\/skillops\.yml`: not valid YAML: .*\(line 2, column 1\)$/),
      ],
    });
    const bad = validateConfigText("feedback:\n  maxBodyChars: -3\nunknownKey: 1\n");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.join("\n")).toMatch(/`feedback\.maxBodyChars`: Too small/);
    expect(!bad.ok && bad.problems.join("\n")).toMatch(/unknownKey/);
    // What context.config throws on a YAML error (no status) is a problem; an API error is rethrown.
    expect(
      await loadConfig({ config: async () => Promise.reject(new Error("YAMLException: bad indentation")) }),
    ).toEqual({
      ok: false,
      problems: ["`.github/skillops.yml` could not be read: YAMLException: bad indentation"],
    });
    await expect(
      loadConfig({ config: async () => Promise.reject(Object.assign(new Error("boom"), { status: 502 })) }),
    ).rejects.toThrow("boom");
  });
});
