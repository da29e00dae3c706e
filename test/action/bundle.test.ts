// The committed Action, as a runner executes it: action.yml names the bundle, the bundle matches a
// fresh build of src/ (CI fails on a stale one), carries no stand-ins, and runs as a subprocess
// with INPUT_* in and $GITHUB_OUTPUT / $GITHUB_STEP_SUMMARY out.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../cli/run-cli.js";

const COMMITTED = join(REPO_ROOT, "action", "dist");
const scratch = mkdtempSync(join(tmpdir(), "skillops-action-"));
const fresh = join(scratch, "fresh");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(() => {
  const r = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, "scripts", "build-action.js"),
      "--outdir",
      fresh,
      "--metafile",
      join(scratch, "meta.json"),
    ],
    { encoding: "utf8" },
  );
  expect(r.stderr + r.stdout).toBe("");
  expect(r.status).toBe(0);
}, 120_000);

let n = 0;
function action(env: Record<string, string>) {
  const dir = join(scratch, `run-${++n}`);
  const files = { GITHUB_OUTPUT: `${dir}-output`, GITHUB_STEP_SUMMARY: `${dir}-summary` };
  for (const f of Object.values(files)) writeFileSync(f, "");
  const r = spawnSync(process.execPath, [join(COMMITTED, "index.js")], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH, RUNNER_TEMP: dir, ...files, ...env },
  });
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    output: readFileSync(files.GITHUB_OUTPUT, "utf8"),
    summary: readFileSync(files.GITHUB_STEP_SUMMARY, "utf8"),
  };
}

describe("the committed bundle", () => {
  it("is what npm run build:action makes from these sources (else: run it and commit action/dist)", () => {
    for (const file of ["index.js", "harness.py", "proxy-bridge.mjs"]) {
      const same = readFileSync(join(fresh, file)).equals(readFileSync(join(COMMITTED, file)));
      expect(same, `action/dist/${file} is stale: run npm run build:action and commit it`).toBe(true);
    }
  });

  it("bundles no test double and no demo, and stays under 10 MB", () => {
    const meta = JSON.parse(readFileSync(join(scratch, "meta.json"), "utf8")) as { inputs: object };
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toContain("src/apps/action/main.ts");
    expect(inputs.filter((p) => /^(test|demo|bench)\//.test(p) || p.includes("double"))).toEqual([]);
    expect(statSync(join(COMMITTED, "index.js")).size).toBeLessThan(10 * 1024 * 1024);
  });

  it("is what action.yml runs, with the inputs and outputs the code reads and writes", () => {
    const yml = parseYaml(readFileSync(join(REPO_ROOT, "action.yml"), "utf8")) as {
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
      runs: { using: string; main: string };
    };
    expect(yml.runs).toEqual({ using: "node24", main: "action/dist/index.js" });
    expect(Object.keys(yml.inputs)).toEqual([
      "command",
      "config",
      "scope",
      "model",
      "token",
      "budget",
      "runs-on",
      "dry-run",
      "args",
    ]);
    expect(Object.keys(yml.outputs)).toEqual([
      "run-id",
      "pull-requests",
      "operating-point",
      "shards",
      "continue",
      "matrix",
    ]);
  });
});

describe("running the bundle as a runner does", () => {
  it("validate: exit 0, the outputs written (empty for validate), a summary of what was checked", () => {
    const r = action({ INPUT_COMMAND: "validate", INPUT_ARGS: "skill-bank" });
    expect(r.stdout).toBe(
      "skill-bank: ok: 7 skill(s), 0 error(s), 0 warning(s) [strict]\n.github/skillops.yml: ok [config]\n",
    );
    expect(r.code).toBe(0);
    expect(r.output).toBe("run-id=\npull-requests=[]\noperating-point=\nmatrix=\nshards=\ncontinue=\n");
    expect(r.summary).toBe(
      "### skillops validate: ok\n\nChecked skill-bank (7 skill(s)) and .github/skillops.yml.\n",
    );
  });

  it("matrix: the evolve workflow's plan step, its matrix handed on as the matrix output", async () => {
    const r = action({ INPUT_COMMAND: "matrix", INPUT_CONFIG: ".github/skillops.yml", "INPUT_RUNS-ON": "" });
    expect(r.code).toBe(0);
    const planned = await runCli(["matrix", "--config", ".github/skillops.yml"], REPO_ROOT);
    const line = r.output.split("\n").find((l) => l.startsWith("matrix="));
    expect(JSON.parse(line!.slice("matrix=".length))).toEqual(JSON.parse(planned.stdout));
    expect(r.summary).toMatch(/^### skillops matrix: ok\n\n\| scope \| runs on \|\n/);
  });

  it("a failing command fails the step with an ::error:: annotation naming why", () => {
    const r = action({ INPUT_COMMAND: "validate", INPUT_ARGS: "no-such-bank" });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(
      "::error title=skillops validate failed::no-such-bank: no such file or folder\n",
    );
    // The summary holds the error and its fix, not only the exit status.
    expect(r.summary).toBe(
      "### skillops validate: failed (exit 2)\n\n**Error:** no-such-bank: no such file or folder\n\n**Fix:** as the error says; the step's log has the full output.\n",
    );
  });

  it("a bad input fails before anything runs", () => {
    const r = action({ INPUT_COMMAND: "validate", INPUT_SCOPE: "refunds" });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(
      "::error title=skillops action::input scope applies to evolve only, not to validate\n",
    );
    expect(r.output).toBe("");
  });

  it("evolve with dry-run still needs GitHub: without a token it fails before the loop, naming the token", async () => {
    // The Action's evolve always talks to GitHub (dry-run = --github --dry-run); a publishing run
    // through the bundle is test/e2e/action-publish.test.ts.
    const world = await runCli(["sim", "new", "--seed", "1", "--rules", "6"], REPO_ROOT);
    expect(world.code).toBe(0);
    writeFileSync(join(scratch, "world.yml"), world.stdout);
    const r = action({
      INPUT_COMMAND: "evolve",
      "INPUT_DRY-RUN": "true",
      INPUT_ARGS: `--world ${join(scratch, "world.yml")} --max-iterations 2`,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("error: --github needs a token: set SKILLOPS_GITHUB_TOKEN");
    expect(r.stdout).toContain("::error title=skillops evolve failed::");
    expect(existsSync(join(scratch, `run-${n}`, "skillops-evolve", "run-record.json"))).toBe(false);
  });
});
