// The workflows `skillops init` writes, run as a runner runs them: every step that uses the skillops
// Action gets the INPUT_* variables from its own `with:` (and action.yml's defaults), and the
// committed bundle (action/dist/index.js) runs in a copy of the scaffolded repository. validate runs
// end to end on a valid repository, an invalid bank and an invalid config; evolve needs secrets and
// GitHub, so only its inputs are checked (the Action accepts them), and its run is left out.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { invocationOf } from "../../src/apps/action/argv.js";
import { readInputs } from "../../src/apps/action/inputs.js";
import { runCli } from "../cli/run-cli.js";
import { REPO_ROOT } from "../support/repo-root.js";

const ACTION_REF = "acme/skillops@v9.9.9";
const work = mkdtempSync(join(tmpdir(), "skillops-generated-workflows-"));
const scaffold = join(work, "scaffold");
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface ActionStep {
  workflow: string;
  job: string;
  with: Record<string, string>;
  env: Record<string, string>;
}

const EXPRESSION = /\$\{\{.*?\}\}/;

/** The skillops Action's steps in every generated workflow, with their inputs as the YAML gives them. */
function actionSteps(): ActionStep[] {
  const dir = join(scaffold, ".github/workflows");
  const steps: ActionStep[] = [];
  for (const workflow of readdirSync(dir).sort()) {
    const doc = parse(readFileSync(join(dir, workflow), "utf8")) as {
      jobs: Record<string, { steps: Step[] }>;
    };
    for (const [job, { steps: jobSteps }] of Object.entries(doc.jobs))
      for (const step of jobSteps.filter((s) => s.uses === ACTION_REF)) {
        const strings = (o: Record<string, unknown> = {}) =>
          Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
        steps.push({ workflow, job, with: strings(step.with), env: strings(step.env) });
      }
  }
  return steps;
}

/** The runner's INPUT_* variables: each input as given, else action.yml's default (github.token faked). */
function inputEnv(given: Record<string, string>): Record<string, string> {
  const actionYml = parse(readFileSync(join(REPO_ROOT, "action.yml"), "utf8")) as {
    inputs: Record<string, { default?: string }>;
  };
  for (const name of Object.keys(given)) expect(Object.keys(actionYml.inputs)).toContain(name);
  const env: Record<string, string> = {};
  for (const [name, input] of Object.entries(actionYml.inputs)) {
    const value = given[name] ?? input.default?.replace("${{ github.token }}", "ghs_runner_token");
    if (value !== undefined) env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  }
  return env;
}

let runs = 0;
/** action/dist/index.js in a child process, in `repo` as the job's checkout. */
function runBundle(repo: string, step: ActionStep) {
  const summaryFile = join(work, `summary-${++runs}`);
  const outputFile = join(work, `output-${runs}`);
  writeFileSync(summaryFile, "");
  writeFileSync(outputFile, "");
  const env = {
    PATH: process.env.PATH ?? "",
    ...inputEnv(step.with),
    ...step.env,
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: repo,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: join(work, `runner-temp-${runs}`),
  };
  return new Promise<{ code: number; stdout: string; stderr: string; summary: string; output: string }>(
    (done) => {
      execFile(
        process.execPath,
        [join(REPO_ROOT, "action", "dist", "index.js")],
        { cwd: repo, env },
        (error, stdout, stderr) =>
          done({
            code: error ? Number(error.code ?? 1) : 0,
            stdout,
            stderr,
            summary: readFileSync(summaryFile, "utf8"),
            output: readFileSync(outputFile, "utf8"),
          }),
      );
    },
  );
}

/** A copy of the scaffolded repository, with `edit` applied, for one run. */
function repoCopy(name: string, edit: (repo: string) => void = () => {}): string {
  const repo = join(work, name);
  cpSync(scaffold, repo, { recursive: true });
  edit(repo);
  return repo;
}

const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.startsWith(needle)) + 1;

beforeAll(async () => {
  const r = await runCli(["init", scaffold, "--action-ref", ACTION_REF], REPO_ROOT);
  expect(r.code, r.stderr).toBe(0);
});

describe("the workflows skillops init writes, through the bundled Action", () => {
  it("run the skillops Action in validate and evolve steps, and nothing the test does not cover", () => {
    const commands = actionSteps().map((s) => `${s.workflow} ${s.job}: ${s.with.command}`);
    // A new Action step in a generated workflow needs its own case below.
    expect(commands).toEqual([
      "evolve.yml plan: matrix",
      "evolve.yml evolve: cache",
      "evolve.yml evolve: evolve",
      "evolve.yml shard: evolve",
      "evolve.yml shard: cache",
      "evolve.yml traces: ingest",
      "skillops-validate.yml validate: validate",
      "skillops-validate.yml validate: validate",
    ]);
  });

  const validateStep = () => {
    const step = actionSteps().find((s) => s.with.command === "validate")!;
    // Nothing to evaluate: the inputs are exactly what the runner hands the Action.
    for (const value of Object.values({ ...step.with, ...step.env })) expect(value).not.toMatch(EXPRESSION);
    return step;
  };

  it("validate passes on the repository as init leaves it", async () => {
    const r = await runBundle(repoCopy("valid"), validateStep());
    expect(r.stdout).not.toContain("::error");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain("skill-bank: ok: 1 skill(s), 0 error(s), 0 warning(s) [strict]\n");
    expect(r.stdout).toContain(".github/skillops.yml: ok [config]\n");
    expect(r.summary).toContain("### skillops validate: ok\n");
    expect(r.summary).toContain("Checked skill-bank (1 skill(s)) and .github/skillops.yml.");
  });

  it("validate fails on an invalid bank, with an annotation on the skill's file and line", async () => {
    const skill = "skill-bank/example-skill/SKILL.md";
    let line = 0;
    const repo = repoCopy("bad-bank", (dir) => {
      const text = readFileSync(join(dir, skill), "utf8");
      line = lineOf(text, "name:");
      writeFileSync(join(dir, skill), text.replace("name: example-skill", "name: another-name"));
    });
    const r = await runBundle(repo, validateStep());
    expect(r.code).toBe(1);
    expect(line).toBeGreaterThan(0);
    expect(r.stdout).toMatch(
      new RegExp(`^::error file=${skill},line=${line},title=SKILL_NAME_MISMATCH::name 'another-name'`, "m"),
    );
    expect(r.stdout).not.toContain("exit status 1");
    expect(r.summary).toContain("### skillops validate: failed (exit 1)\n");
    expect(r.summary).toContain(
      `| ${skill} | ${line} | error | SKILL\\_NAME\\_MISMATCH: name 'another-name'`,
    );
  });

  it("validate fails on an invalid config, with an annotation on .github/skillops.yml and the line", async () => {
    const config = ".github/skillops.yml";
    let line = 0;
    const repo = repoCopy("bad-config", (dir) => {
      const text = readFileSync(join(dir, config), "utf8");
      writeFileSync(join(dir, config), `${text.trimEnd()}\nevolve:\n  maxIteratons: 4\n`);
      line = text.trimEnd().split("\n").length + 2;
    });
    const r = await runBundle(repo, validateStep());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `::error file=${config},line=${line},col=3,title=skillops config::evolve.maxIteratons: unknown key; did you mean "maxIterations"?\n`,
    );
    expect(r.stdout).toContain(`${config}:${line}:3: evolve.maxIteratons: unknown key`);
    expect(r.summary).toContain(`| ${config} | ${line}:3 | error | skillops config: evolve.maxIteratons`);
  });

  it("the plan job's matrix step passes on the repository as init leaves it, and hands on the matrix", async () => {
    // A scheduled run has no dispatch inputs: each expression arrives as an empty string.
    const step = actionSteps().find((s) => s.with.command === "matrix")!;
    const given = Object.fromEntries(
      Object.entries(step.with).map(([k, v]) => [k, v.replace(new RegExp(EXPRESSION, "g"), "")]),
    );
    const r = await runBundle(repoCopy("plan"), { ...step, with: given });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const line = r.output.split("\n").find((l) => l.startsWith("matrix="));
    const matrix = JSON.parse(line!.slice("matrix=".length)) as { include: unknown[] };
    expect(matrix.include.length).toBeGreaterThan(0);
  });

  it("evolve's inputs are ones the Action accepts; its run is not (it needs secrets and GitHub)", () => {
    // The run needs the app's token, OPENAI_API_KEY and GitHub; test/e2e/action-publish.test.ts runs
    // the bundle's evolve against a GitHub double. Here the step's expressions become placeholders.
    const step = actionSteps().find((s) => s.with.command === "evolve")!;
    const given = Object.fromEntries(
      Object.entries(step.with).map(([k, v]) => [k, v.replace(new RegExp(EXPRESSION, "g"), "placeholder")]),
    );
    const invocation = invocationOf(readInputs(inputEnv(given)), join(work, "out"));
    expect(invocation.argv.slice(0, 3)).toEqual(["evolve", "--config", ".github/skillops.yml"]);
  });

  it("the continuation's cache merge and the shard jobs' evolve and cache merge are inputs the Action accepts", () => {
    // Their runs need a run handed on by an earlier workflow run: test/evolve/sharded-continued.test.ts
    // runs the same commands from the CLI as separate processes.
    const steps = actionSteps().filter((s) => s.job === "shard" || s.with.command === "cache");
    const argvs = steps.map((step) => {
      const given = Object.fromEntries(
        Object.entries(step.with).map(([k, v]) => [k, v.replace(new RegExp(EXPRESSION, "g"), "x")]),
      );
      return invocationOf(readInputs(inputEnv(given)), join(work, "out")).argv;
    });
    expect(argvs[0]!.slice(0, 2)).toEqual(["cache", "merge"]);
    expect(argvs[0]).toContain("--into");
    expect(argvs[1]).toEqual(expect.arrayContaining(["evolve", "--shard", "x/x", "--shard-out"]));
    // A shard asks GitHub nothing: the Action adds no --github, which `evolve --shard` refuses.
    expect(argvs[1]).not.toContain("--github");
    // What the shard ran joins the run's cache, which is saved even if no continuation runs.
    expect(argvs[2]!.slice(0, 2)).toEqual(["cache", "merge"]);
    expect(argvs[2]).toContain("--into");
  });

  it("the traces job's ingest inputs are ones the Action accepts; its run needs a model and GitHub", () => {
    // Opening feedback issues needs the app's token and a model key, as evolve's run does.
    const step = actionSteps().find((s) => s.with.command === "ingest")!;
    const given = Object.fromEntries(
      Object.entries(step.with).map(([k, v]) => [k, v.replace(new RegExp(EXPRESSION, "g"), "placeholder")]),
    );
    const { argv } = invocationOf(readInputs(inputEnv(given)), join(work, "out"));
    expect(argv[0]).toBe("ingest");
    expect(argv).toEqual(expect.arrayContaining(["--traces", "--issues", "--model", "openai"]));
    expect(argv).not.toContain("--github");
  });
});
