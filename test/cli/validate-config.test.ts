// validate checks the config beside the bank: `--config FILE`, else .github/skillops.yml when it is
// there. Its problems are the config loader's `file:line:col` lines, they fail the run (exit 1),
// and --json carries them under `config`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-validate-config-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A repository with one valid skill and, when given, `.github/skillops.yml`. */
function repo(name: string, config?: string): string {
  const root = join(scratch, name);
  mkdirSync(join(root, "skill-bank", "a"), { recursive: true });
  writeFileSync(join(root, "skill-bank", "a", "SKILL.md"), "---\nname: a\ndescription: d\n---\n");
  if (config !== undefined) {
    mkdirSync(join(root, ".github"));
    writeFileSync(join(root, ".github", "skillops.yml"), config);
  }
  return root;
}

const BAD = "categories: [general]\nevolve:\n  maxIteratons: 4\nmodels:\n  timeoutMs: -1\n";

describe("skillops validate and the config", () => {
  it("checks .github/skillops.yml when it is there: a valid one adds its verdict", async () => {
    const r = await runCli(["validate"], repo("valid", "evolve:\n  maxIterations: 4\n"));
    expect(r.stdout).toBe(
      "skill-bank: ok: 1 skill(s), 0 error(s), 0 warning(s) [strict]\n.github/skillops.yml: ok [config]\n",
    );
    expect(r.code).toBe(0);
  });

  it("an invalid config fails the run with each problem's file:line:col, the bank still checked", async () => {
    const r = await runCli(["validate"], repo("invalid", BAD));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        "skill-bank: ok: 1 skill(s), 0 error(s), 0 warning(s) [strict]",
        ".github/skillops.yml:5:14: models.timeoutMs: Too small: expected number to be >0",
        '.github/skillops.yml:3:3: evolve.maxIteratons: unknown key; did you mean "maxIterations"?',
        ".github/skillops.yml: failed: 2 problem(s) [config]",
        "",
      ].join("\n"),
    );
  });

  it("--json carries the config's problems and sets ok to false", async () => {
    const r = await runCli(["validate", "--json"], repo("invalid-json", BAD));
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { ok: boolean; errors: number; config: unknown };
    expect(doc.ok).toBe(false);
    expect(doc.errors).toBe(0);
    expect(doc.config).toEqual({
      path: ".github/skillops.yml",
      ok: false,
      problems: [
        { line: 5, col: 14, path: "models.timeoutMs", message: "Too small: expected number to be >0" },
        {
          line: 3,
          col: 3,
          path: "evolve.maxIteratons",
          message: 'unknown key; did you mean "maxIterations"?',
        },
      ],
    });
  });

  it("--config names another file; without one and with none at the default path, no config is checked", async () => {
    const dir = repo("elsewhere");
    writeFileSync(join(dir, "ci.yml"), "bogus: 1\n");
    const named = await runCli(["validate", "--config", "ci.yml"], dir);
    expect(named.code).toBe(1);
    expect(named.stdout).toContain("ci.yml:1:1: bogus: unknown key");
    const none = await runCli(["validate", "--json"], dir);
    expect(none.code).toBe(0);
    expect((JSON.parse(none.stdout) as { config: unknown }).config).toBeNull();
  });

  it("a named config that is not there, or is a folder, is a usage error (exit 2)", async () => {
    const dir = repo("missing");
    const missing = await runCli(["validate", "--config", "nope.yml"], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("error: nope.yml: no such config file");
    const folder = await runCli(["validate", "--config", "skill-bank"], dir);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain("--config skill-bank: is a folder; expected a file");
  });

  it("checks the config beside a regression pool too", async () => {
    const dir = repo("pool", BAD);
    mkdirSync(join(dir, "regression-pool", "general"), { recursive: true });
    writeFileSync(join(dir, "regression-pool", "general", "x.yml"), "id: x\n");
    const r = await runCli(["validate", "regression-pool"], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("[pool]\n");
    expect(r.stdout).toContain(".github/skillops.yml: failed: 2 problem(s) [config]\n");
  });
});
