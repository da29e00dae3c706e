// The compiled CLI, as users run it: `npm run build`, then bin/skillops.js in a child process. The
// other CLI tests drive src/ in-process, so only this file notices a build that broke or a bin that
// points at the wrong place.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";

const BIN = join(REPO_ROOT, "bin", "skillops.js");
const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
  .version;
const scratch = mkdtempSync(join(tmpdir(), "skillops-bin-"));

function skillops(args: string[], bin = BIN) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "build.js")], { encoding: "utf8" });
  expect(r.stderr + r.stdout).toBe("");
  expect(r.status).toBe(0);
}, 240_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("bin/skillops.js over dist/", () => {
  it("prints the package.json version", () => {
    const r = skillops(["--version"]);
    expect(r).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("answers --help with every command, from compiled JavaScript", () => {
    const r = skillops(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: skillops /);
    for (const command of ["validate", "demo", "eval", "matrix", "init", "evolve", "sim", "report", "ingest"])
      expect(r.stdout).toContain(`  ${command}`);
    expect(readFileSync(join(REPO_ROOT, "dist", "apps", "cli", "main.js"), "utf8")).not.toMatch(/\btsx\b/);
  });

  it("runs a real command: validate passes on the example bank and fails on a missing path", () => {
    expect(skillops(["validate", "skill-bank"])).toMatchObject({
      code: 0,
      stdout:
        "skill-bank: ok: 7 skill(s), 0 error(s), 0 warning(s) [strict]\n.github/skillops.yml: ok [config]\n",
    });
    const missing = skillops(["validate", "no-such-bank"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("error: no-such-bank: no such file or folder");
  });

  it("restarts evolve lean (lean-start.ts) and still answers it, once, with its exit status", () => {
    for (const args of [
      ["evolve", "--help"],
      ["--json", "evolve", "--help"],
    ]) {
      const r = skillops(args);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout.match(/^Usage: skillops evolve /gm)).toHaveLength(1);
    }
    const bad = skillops(["evolve", "--no-such-flag"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown option '--no-such-flag'");
  });

  it("ships the kernel harness beside the compiled kernel runner", () => {
    expect(readFileSync(join(REPO_ROOT, "dist", "io", "kernel", "harness.py"), "utf8")).toBe(
      readFileSync(join(REPO_ROOT, "src", "io", "kernel", "harness.py"), "utf8"),
    );
  });

  it("says how to build when dist/ is missing, exit 1", () => {
    mkdirSync(join(scratch, "bin"));
    copyFileSync(BIN, join(scratch, "bin", "skillops.js"));
    const r = skillops(["--help"], join(scratch, "bin", "skillops.js"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not built. Run `npm run build`");
    expect(r.stdout).toBe("");
  });
});
