import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { main } from "../../src/cli/main.js";
import { Config, DEFAULT_CONFIG } from "../../src/config/config.js";
import { renderFeedbackTemplate } from "../../src/feedback/form-template.js";
import { readPool } from "../../src/fsio/pool-store.js";
import { renderConfigTemplate } from "../../src/init/config-template.js";
import { checkReferences, checkWorkflow } from "../workflows/check-workflow.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

async function cli(cwd: string, argv: string[]) {
  let out = "";
  let err = "";
  const code = await main(argv, {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    cwd,
    isTTY: false,
    env: {},
  });
  return { code, out, err };
}

const EXPECTED = [
  ".github/skillops.yml",
  ".github/ISSUE_TEMPLATE/feedback.yml",
  ".github/workflows/evolve.yml",
  ".github/workflows/skillops-validate.yml",
  "skill-bank/example-skill/SKILL.md",
  "skill-bank/bank.yml",
  "regression-pool/README.md",
  "package.json",
  ".gitignore",
];

describe("skillops init into an empty folder", () => {
  const parent = mkdtempSync(join(tmpdir(), "skillops-init-"));
  const dir = join(parent, "my-skills");
  const ready = cli(parent, ["init", "my-skills", "--json"]);

  it("creates every scaffold file and reports them", async () => {
    const r = await ready;
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ dir: "my-skills", created: EXPECTED, overwritten: [], skipped: [] });
  });

  it("gives a bank that `skillops validate` accepts, with the example skill", async () => {
    await ready;
    const r = await cli(dir, ["validate", "skill-bank", "--json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { ok: boolean; skills: Array<{ name: string }>; errors: number };
    expect(report.ok).toBe(true);
    expect(report.skills.map((s) => s.name)).toEqual(["example-skill"]);
  });

  it("gives workflows that pass GitHub's parser and the reference checks", async () => {
    await ready;
    const wfDir = join(dir, ".github/workflows");
    const files = readdirSync(wfDir);
    expect(files.sort()).toEqual(["evolve.yml", "skillops-validate.yml"]);
    for (const f of files) {
      const text = readFileSync(join(wfDir, f), "utf8");
      expect(await checkWorkflow(f, text)).toEqual([]);
      expect(checkReferences(parse(text))).toEqual([]);
    }
    expect(readFileSync(join(wfDir, "evolve.yml"), "utf8")).toBe(
      readFileSync(join(ROOT, ".github/workflows/evolve.yml"), "utf8"),
    );
  });

  it("writes a config that is valid as is and, uncommented, equals every default", async () => {
    await ready;
    const text = readFileSync(join(dir, ".github/skillops.yml"), "utf8");
    expect(Config.parse(parse(text) ?? {})).toEqual(DEFAULT_CONFIG);
    const uncommented = text
      .split("\n")
      .map((l) => l.replace(/^# ?/, ""))
      .join("\n");
    expect(Config.parse(parse(uncommented))).toEqual(DEFAULT_CONFIG);
    // Optional options without a default are still listed (commented twice).
    expect(text).toContain("#   # baseURL:");
    expect(text).toContain("#   # agentCommand:");
    // The plan job reads the same file.
    expect((await cli(dir, ["matrix"])).code).toBe(0);
  });

  it("copies the issue form from the package's renderer and leaves an empty, readable pool", async () => {
    await ready;
    expect(readFileSync(join(dir, ".github/ISSUE_TEMPLATE/feedback.yml"), "utf8")).toBe(
      renderFeedbackTemplate(DEFAULT_CONFIG.categories),
    );
    expect(await readPool(join(dir, "regression-pool"))).toEqual({ cases: [], diagnostics: [] });
  });
});

describe("skillops init over existing files", () => {
  it("offers the existing config's categories in the issue form it adds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skillops-init-"));
    mkdirSync(join(dir, ".github"));
    writeFileSync(join(dir, ".github/skillops.yml"), "categories: [billing, safety]\n");
    expect((await cli(dir, ["init"])).code).toBe(0);
    expect(readFileSync(join(dir, ".github/ISSUE_TEMPLATE/feedback.yml"), "utf8")).toBe(
      renderFeedbackTemplate(["billing", "safety"]),
    );
  });

  it("skips what exists and says so; --force overwrites", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skillops-init-"));
    writeFileSync(join(dir, "package.json"), '{"name":"mine"}\n');
    const first = await cli(dir, ["init"]);
    expect(first.code).toBe(0);
    expect(first.out).toContain("skipped     package.json (exists; --force overwrites it)");
    expect(first.out).toMatch(/8 file\(s\) written, 1 skipped/);
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe('{"name":"mine"}\n');

    writeFileSync(join(dir, ".github/skillops.yml"), "evolve:\n  n: 5\n");
    const again = await cli(dir, ["init", "--json"]);
    expect(JSON.parse(again.out).skipped).toEqual(EXPECTED);
    expect(readFileSync(join(dir, ".github/skillops.yml"), "utf8")).toBe("evolve:\n  n: 5\n");

    const forced = await cli(dir, ["init", "--force", "--json"]);
    expect(JSON.parse(forced.out).overwritten).toEqual(EXPECTED);
    expect(readFileSync(join(dir, ".github/skillops.yml"), "utf8")).toBe(renderConfigTemplate());
  });
});
