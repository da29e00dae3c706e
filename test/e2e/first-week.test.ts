// A team's first week, as the Actions runner would run it: `skillops init` with no flags in an empty
// git repository vendors the Action, then the scheduled evolve workflow's jobs run step by step. A
// local action step runs `node` on the `runs.main` of the vendored action.yml with INPUT_* from its
// `with:` and that action.yml's defaults, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as files; a `run:`
// step runs in bash with its `env:`; each `if:` is evaluated for a scheduled run (no dispatch inputs).
// The app token comes from a stand-in; GitHub is the double, with no feedback accepted: a quiet week,
// which must be green and say what is missing. The validate workflow then runs on the same checkout.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { runCli } from "../cli/run-cli.js";

const TOKEN = "ghs_app_installation_token";
const work = mkdtempSync(join(tmpdir(), "skillops-first-week-"));
const repo = join(work, "agent-skills");
let double: GitHubDouble;

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  steps: Step[];
}
interface StepResult {
  code: number;
  log: string;
  outputs: Record<string, string>;
}

/** What the runner knows while a job runs: the job's matrix entry, earlier steps' and jobs' outputs. */
interface JobContext {
  matrix: Record<string, unknown>;
  steps: Record<string, Record<string, string>>;
  needs: Record<string, Record<string, string>>;
  summary: string;
}

/**
 * The value of one `${{ }}` expression on a scheduled run: no dispatch inputs, so every `inputs.*`
 * is empty. Each expression the scaffold uses is listed; a new one fails the test until it is added.
 */
function evaluate(expr: string, ctx: JobContext): string | boolean {
  const scope = String(ctx.matrix.scope ?? "");
  const known: Record<string, () => string | boolean> = {
    "inputs.reason || github.event_name": () => "schedule",
    "inputs.runs-on": () => "",
    "inputs.scope && format('--only {0}', inputs.scope) || ''": () => "",
    "inputs.continue-run": () => false,
    "inputs.shards-run": () => false,
    "inputs.phase != 'evaluate'": () => true,
    "inputs.phase == 'evaluate'": () => false,
    // The trajectory channel is opt-in through a repository variable a new repository does not set.
    "vars.SKILLOPS_TRACES == 'true'": () => false,
    "inputs.continue-run && format('--continue {0}', inputs.continue-run) || ''": () => "",
    "matrix.scope != 'all' && matrix.scope || ''": () => (scope !== "all" ? scope : ""),
    "matrix.scope": () => scope,
    "matrix.runs-on": () => JSON.stringify(ctx.matrix["runs-on"]),
    "fromJSON(needs.plan.outputs.matrix)": () => ctx.needs.plan?.matrix ?? "",
    "vars.SKILLOPS_APP_ID": () => "12345",
    "secrets.SKILLOPS_APP_PRIVATE_KEY": () => "-----BEGIN PRIVATE KEY-----",
    // No model key: a quiet week must not need one.
    "secrets.OPENAI_API_KEY": () => "",
    "runner.temp": () => join(work, "runner-temp"),
    "github.run_id": () => "4242",
    "github.run_attempt": () => "1",
    "!cancelled()": () => true,
    "always()": () => true,
  };
  const step = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
  if (step) return ctx.steps[step[1]!]?.[step[2]!] ?? "";
  const value = known[expr];
  if (value === undefined) throw new Error(`the test does not know the expression \${{ ${expr} }}`);
  return value();
}

const text = (value: unknown, ctx: JobContext): string =>
  String(value).replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, e: string) => String(evaluate(e, ctx)));

/** An `if:`: every expression in it must hold (the scaffold joins conditions with && only). */
function holds(condition: string | undefined, ctx: JobContext): boolean {
  if (condition === undefined) return true;
  const inner = condition.replace(/^\$\{\{\s*|\s*\}\}$/g, "");
  return inner.split(/\s*&&\s*/).every((part) => Boolean(evaluate(part, ctx)));
}

/** `name=value` lines the step appended to GITHUB_OUTPUT. */
const readOutputs = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

let stepNo = 0;
/** The runner's environment for a step: its files, the repository, the event, the double. */
function runnerEnv(ctx: JobContext): { env: Record<string, string>; output: string } {
  const output = join(work, `output-${++stepNo}`);
  writeFileSync(output, "");
  mkdirSync(join(work, "runner-temp"), { recursive: true });
  const env = {
    PATH: process.env.PATH ?? "",
    GITHUB_ACTIONS: "true",
    CI: "true",
    GITHUB_EVENT_NAME: "schedule",
    GITHUB_WORKSPACE: repo,
    GITHUB_REPOSITORY: "acme/agent-skills",
    GITHUB_API_URL: double.baseUrl,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: ctx.summary,
    RUNNER_TEMP: join(work, "runner-temp"),
  };
  return { env, output };
}

function spawn(file: string, args: string[], env: Record<string, string>, output: string) {
  return new Promise<StepResult>((done) =>
    execFile(file, args, { cwd: repo, env }, (error, stdout, stderr) =>
      done({
        code: error ? Number(error.code ?? 1) : 0,
        log: stdout + stderr,
        outputs: readOutputs(output),
      }),
    ),
  );
}

/** A local action (`uses: ./…`): node on its action.yml's runs.main, INPUT_* as the runner sets them. */
function runLocalAction(step: Step, ctx: JobContext): Promise<StepResult> {
  const dir = join(repo, step.uses!);
  const yml = parse(readFileSync(join(dir, "action.yml"), "utf8")) as {
    inputs: Record<string, { default?: string }>;
    runs: { using: string; main: string };
  };
  expect(yml.runs.using).toMatch(/^node\d+$/);
  const { env, output } = runnerEnv(ctx);
  for (const [name, input] of Object.entries(yml.inputs)) {
    const given = step.with?.[name] ?? input.default?.replace("${{ github.token }}", "ghs_job_token");
    if (given !== undefined) env[`INPUT_${name.toUpperCase()}`] = text(given, ctx);
  }
  for (const [name, value] of Object.entries(step.env ?? {})) env[name] = text(value, ctx);
  return spawn(process.execPath, [join(dir, yml.runs.main)], env, output);
}

/** The actions from elsewhere, by what they do here: the checkout is the repository itself. */
function standIn(step: Step): StepResult {
  const name = step.uses!.split("@")[0]!;
  if (name === "actions/create-github-app-token") return { code: 0, log: "", outputs: { token: TOKEN } };
  // The job's workspace is the repository init wrote; a cache miss restores nothing, a save keeps nothing.
  if (name === "actions/checkout" || name.startsWith("actions/cache"))
    return { code: 0, log: "", outputs: {} };
  throw new Error(`the test has no stand-in for ${step.uses}`);
}

/** One job's steps in order, as the runner runs them; stops at the first failure. */
async function runJob(job: Job, ctx: JobContext): Promise<Array<{ step: string; result: StepResult }>> {
  const ran: Array<{ step: string; result: StepResult }> = [];
  let checkedOut = false;
  for (const step of job.steps) {
    if (!holds(step.if, ctx)) continue;
    const label = step.name ?? step.uses ?? step.id ?? "run";
    let result: StepResult;
    if (step.uses?.startsWith("./")) {
      // A local action is read from the workspace: there is none before actions/checkout.
      expect(checkedOut, `${label} runs before actions/checkout`).toBe(true);
      result = await runLocalAction(step, ctx);
    } else if (step.uses !== undefined) {
      checkedOut ||= step.uses.startsWith("actions/checkout@");
      result = standIn(step);
    } else if (step.name === "sandbox (bubblewrap)") {
      // Installs bubblewrap with sudo on a hosted runner; this machine has it.
      result = { code: 0, log: "", outputs: {} };
    } else {
      const { env, output } = runnerEnv(ctx);
      for (const [name, value] of Object.entries(step.env ?? {})) env[name] = text(value, ctx);
      result = await spawn("bash", ["-e", "-c", step.run!], env, output);
    }
    ran.push({ step: label, result });
    if (step.id) ctx.steps[step.id] = result.outputs;
    if (result.code !== 0) break;
  }
  return ran;
}

const workflow = (file: string) =>
  parse(readFileSync(join(repo, ".github/workflows", file), "utf8")) as { jobs: Record<string, Job> };

const newContext = (matrix: Record<string, unknown> = {}, needs: JobContext["needs"] = {}): JobContext => {
  const summary = join(work, `summary-${++stepNo}`);
  writeFileSync(summary, "");
  return { matrix, steps: {}, needs, summary };
};

beforeAll(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.tokens.set(TOKEN, double.state.botLogin);
  execFileSync("git", ["init", "-q", repo]);
  const r = await runCli(["init"], repo);
  expect(r.code, r.stderr).toBe(0);
});
afterAll(async () => {
  await double.close();
  rmSync(work, { recursive: true, force: true });
});

describe("skillops init with no flags, then a quiet week's scheduled evolve, as the runner runs it", () => {
  it("vendors the Action: every skillops step uses ./.github/actions/skillops, and no release", () => {
    const uses = Object.values(workflow("evolve.yml").jobs).flatMap((j) => j.steps.map((s) => s.uses));
    expect(uses).toContain("./.github/actions/skillops");
    expect(uses.filter((u) => u !== undefined && !u.startsWith("./") && !u.startsWith("actions/"))).toEqual(
      [],
    );
  });

  it("runs the plan and evolve jobs green with no accepted feedback, and the summary says what is missing", async () => {
    const { jobs } = workflow("evolve.yml");
    // A scheduled run: plan, then evolve per matrix entry; the shard jobs and traces do not run.
    const runs = new Set<string>();
    for (const [name, job] of Object.entries(jobs)) {
      const needs = [job.needs ?? []].flat();
      if (holds(job.if, newContext()) && needs.every((n) => runs.has(n))) runs.add(name);
    }
    expect([...runs]).toEqual(["plan", "evolve"]);
    const plan = newContext();
    const planned = await runJob(jobs.plan!, plan);
    for (const { step, result } of planned) expect(result.code, `${step}: ${result.log}`).toBe(0);
    const matrix = JSON.parse(plan.steps.plan!.matrix!) as { include: Array<Record<string, unknown>> };
    expect(matrix.include.length).toBeGreaterThan(0);
    for (const entry of matrix.include) {
      const ctx = newContext(entry, { plan: plan.steps.plan! });
      const ran = await runJob(jobs.evolve!, ctx);
      for (const { step, result } of ran) expect(result.code, `${step}: ${result.log}`).toBe(0);
      expect(ran.map((r) => r.step)).toEqual(expect.arrayContaining(["skillops evolve", "summary"]));
      const summary = readFileSync(ctx.summary, "utf8");
      expect(summary).toContain("### skillops evolve: ok, nothing to evolve\n");
      expect(summary).toContain(
        "Nothing was evolved: 0 accepted feedback issues; accept one with the label skillops:accepted",
      );
      expect(summary).toContain("Triggered by: schedule");
      // No run, so the summary step names none.
      expect(summary).not.toContain("Run ,");
    }
    // A quiet week reads (a GraphQL query is a POST too); it writes nothing to GitHub.
    const isQuery = (w: { path: string; body?: unknown }) =>
      w.path === "/graphql" && !/^\s*mutation\b/.test(String((w.body as { query?: unknown }).query));
    expect(double.writes().filter((w) => !isQuery(w))).toEqual([]);
    double.assertClean();
  });

  it("validates every pull request: the bank, the config and the (empty) regression pool", async () => {
    const ran = await runJob(workflow("skillops-validate.yml").jobs.validate!, newContext());
    expect(ran.map((r) => r.step)).toEqual([
      "actions/checkout@v5",
      "./.github/actions/skillops",
      "validate the regression pool",
    ]);
    for (const { step, result } of ran) expect(result.code, `${step}: ${result.log}`).toBe(0);
    expect(ran[2]!.result.log).toContain("regression-pool: ok: 0 case(s), 0 error(s), 0 warning(s) [pool]");
  });

  it("fails a pull request whose regression-pool case is invalid, with an annotation on its file", async () => {
    const bad = join(repo, "regression-pool", "faq", "broken.yml");
    mkdirSync(join(repo, "regression-pool", "faq"), { recursive: true });
    writeFileSync(bad, "id: broken\ncategory: faq\n");
    try {
      const ran = await runJob(workflow("skillops-validate.yml").jobs.validate!, newContext());
      const pool = ran.find((r) => r.step === "validate the regression pool")!;
      expect(pool.result.code).toBe(1);
      expect(pool.result.log).toMatch(/^::error file=regression-pool\/faq\/broken\.yml/m);
    } finally {
      rmSync(join(repo, "regression-pool", "faq"), { recursive: true, force: true });
    }
  });
});
