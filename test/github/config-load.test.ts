// Config loading: the repository's own example file is valid; YAML and schema errors become
// specific problems (what the dashboard lists and the skillops/config check run reports). The
// default branch's file is found as Probot's `context.config` finds it (the owner's `.github`
// repository when the repository has none, then `_extends`), but every file is read within the
// config caps before it is parsed: a file 4× over the size cap, or over the node cap, is refused by
// the cap (the parse that stalled the app for seconds never starts). The stand-in is the contents
// API: a map from `owner/repo:path` to text.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadConfig, validateConfig, validateConfigText } from "../../src/apps/app/config-load.js";
import type { ConfigFetch } from "../../src/apps/app/config-files.js";

/** The contents API over `files` (`owner/repo:path` → text); every request is logged. */
function contents(files: Record<string, string>): ConfigFetch & { asked: string[] } {
  const asked: string[] = [];
  const fetch = async (at: { owner: string; repo: string; path: string }) => {
    const key = `${at.owner}/${at.repo}:${at.path}`;
    asked.push(key);
    return files[key] ?? null;
  };
  return Object.assign(fetch, { asked });
}
const REPO = { owner: "acme", repo: "agent" };
const OWN = "acme/agent:.github/skillops.yml";
const ORG = "acme/.github:.github/skillops.yml";

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
  });
});

describe("the default branch's config, read within the caps", () => {
  test("a config 4× over the size cap is refused by its size, before any parse", async () => {
    // Valid YAML and a valid config, were it parsed: only the cap refuses it.
    const text = `categories: [general]\n${"# padding padding padding padding padding\n".repeat(7 * 1024)}`;
    expect(text.length).toBeGreaterThan(4 * 64 * 1024);
    const r = await loadConfig(contents({ [OWN]: text }), REPO);
    expect(r).toEqual({
      ok: false,
      problems: [
        `\`.github/skillops.yml\`: the config is ${text.length.toLocaleString("en-US")} characters; the cap is 65,536 (line 1, column 1)`,
      ],
    });
  });

  test("a config under the size cap but over the node cap is refused by the node cap", async () => {
    const text = `categories: [${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(", ")}]\n`;
    expect(text.length).toBeLessThan(64 * 1024);
    const r = await loadConfig(contents({ [OWN]: text }), REPO);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.join("\n")).toMatch(
      /^`\.github\/skillops\.yml`: .*2,000.*\(line 1, column \d+\)$/,
    );
  });

  test("the repository's own file, with its problems' lines; no file at all is the defaults", async () => {
    const bad = await loadConfig(contents({ [OWN]: "feedback:\n  maxBodyChars: -3\n" }), REPO);
    expect(bad).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(
          /^`\.github\/skillops\.yml`: `feedback\.maxBodyChars`: Too small.*\(line 2, column 17\)$/,
        ),
      ],
    });
    const none = contents({});
    expect(await loadConfig(none, REPO)).toMatchObject({ ok: true, found: false });
    expect(none.asked).toEqual([OWN, ORG]);
  });

  test("Probot's fallback: the owner's .github repository's file when the repository has none", async () => {
    const fetch = contents({ [ORG]: "categories: [org-wide]\n" });
    const r = await loadConfig(fetch, REPO);
    expect(r.ok && r.config.categories).toEqual(["org-wide"]);
    expect(fetch.asked).toEqual([OWN, ORG]);
    // An empty file of the repository's own is its config (the defaults): the org's is not asked.
    const empty = contents({ [OWN]: "", [ORG]: "categories: [org-wide]\n" });
    expect((await loadConfig(empty, REPO)).ok).toBe(true);
    expect(empty.asked).toEqual([OWN]);
  });

  test("the org's file is read within the same caps, and named in the problem", async () => {
    const text = `categories: [general]\n${"#".repeat(70 * 1024)}\n`;
    const r = await loadConfig(contents({ [ORG]: text }), REPO);
    expect(r).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(/^`acme\/\.github:\.github\/skillops\.yml` \(extended by .*the cap is 65,536/),
      ],
    });
  });

  test("_extends as Probot follows it: the chain merged, mappings key by key, lists concatenated", async () => {
    const fetch = contents({
      [OWN]: "_extends: base\ncategories: [mine]\nfeedback:\n  maxBodyChars: 9000\n",
      "acme/base:.github/skillops.yml": "_extends: other-org/shared:conf/skillops.yaml\ncategories: [base]\n",
      "other-org/shared:conf/skillops.yaml": "bank: shared-bank\nfeedback:\n  maxBodyChars: 100\n",
    });
    const r = await loadConfig(fetch, REPO);
    expect(r.ok && r.config).toMatchObject({
      bank: "shared-bank",
      categories: ["base", "mine"],
      feedback: { maxBodyChars: 9000 },
    });
    expect(fetch.asked).toEqual([
      OWN,
      "acme/base:.github/skillops.yml",
      "other-org/shared:conf/skillops.yaml",
    ]);
  });

  test("an _extends that loops, or is not a repository, is a problem; a failing API call is thrown", async () => {
    const loop = contents({
      [OWN]: "_extends: base\n",
      "acme/base:.github/skillops.yml": "_extends: agent\n",
    });
    expect(await loadConfig(loop, REPO)).toEqual({
      ok: false,
      problems: [
        "`acme/base:.github/skillops.yml` (extended by `.github/skillops.yml`): `_extends` loops back to acme/agent:.github/skillops.yml, which was already read",
      ],
    });
    const bad = await loadConfig(contents({ [OWN]: "_extends: [a, b]\n" }), REPO);
    expect(!bad.ok && bad.problems[0]).toMatch(
      /`_extends: \["a","b"\]` is not `repo`, `owner\/repo` or `owner\/repo:path\.yml`/,
    );
    const down: ConfigFetch = () => Promise.reject(Object.assign(new Error("boom"), { status: 502 }));
    await expect(loadConfig(down, REPO)).rejects.toThrow("boom");
  });
});
