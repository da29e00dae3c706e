// `skillops init --app actions|hosted`, and the scaffolded steps run through the Action with the
// inputs read from the generated YAML: the plan job's matrix and the in-Actions app's app-event.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { EVENT_TABLE, WEBHOOK_EVENTS } from "../../src/apps/app/events.js";
import { runAction } from "../../src/apps/action/run-action.js";
import { actionStepEnv, type WorkflowStep } from "../support/action-step.js";
import { checkReferences, checkWorkflow } from "../workflows/check-workflow.js";
import { runCli } from "./run-cli.js";

const ACTION = "acme/skillops@v0.1.0";
const APP = ".github/workflows/skillops-app.yml";

function gitRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "skillops-init-app-"));
  execFileSync("git", ["init", "-q", dir]);
  return dir;
}

async function init(dir: string, args: string[]) {
  const r = await runCli(["init", "--action-ref", ACTION, "--json", ...args], dir);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as {
    app: string;
    created: string[];
    unchanged: string[];
    overwritten: string[];
  };
}

type Workflow = { on: Record<string, unknown>; jobs: Record<string, { steps: WorkflowStep[] }> };
const workflow = (dir: string, path: string) => parse(readFileSync(join(dir, path), "utf8")) as Workflow;

describe("init --app", () => {
  it("actions: adds the in-Actions app workflow, which runs the Action's app-event and needs no package.json", async () => {
    const dir = gitRepo();
    const r = await init(dir, ["--app", "actions"]);
    expect(r.app).toBe("actions");
    expect(r.created).toContain(APP);
    expect(existsSync(join(dir, "package.json"))).toBe(false);
    const text = readFileSync(join(dir, APP), "utf8");
    expect(await checkWorkflow("skillops-app.yml", text)).toEqual([]);
    expect(checkReferences(parse(text))).toEqual([]);
    expect(text).not.toMatch(/npm|npx|setup-node|checkout/);
    const app = workflow(dir, APP);
    expect(Object.keys(app.on).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    // Every event.action the app handles starts the job (workflow_run is filtered by workflow).
    for (const name of EVENT_TABLE.flatMap((row) => row.on as readonly string[])) {
      const [event, action] = name.split(".");
      const on = (app.on as Record<string, { types?: string[] } | null>)[event!];
      if (action !== undefined && on?.types) expect(on.types, name).toContain(action);
    }
    const steps = app.jobs.app!.steps;
    expect(steps.map((s) => s.uses)).toEqual(["actions/create-github-app-token@v2", ACTION]);
    expect(steps[1]!.with).toEqual({ command: "app-event", token: "${{ steps.app-token.outputs.token }}" });
    expect(steps[1]!.env?.SKILLOPS_APP_SLUG).toBe("${{ steps.app-token.outputs.app-slug }}");
    const manifest = JSON.parse(readFileSync(join(dir, ".github/skillops-init.json"), "utf8"));
    expect(manifest.files[APP]).toMatch(/^sha256:/);
    const printed = await runCli(["init", "--action-ref", ACTION, "--app", "actions"], gitRepo());
    expect(printed.stdout).toContain(
      `The app runs inside this repository's Actions (${APP}): turn its webhook off.`,
    );
  });

  it("keeps the mode an earlier --app actions chose; --app hosted leaves the workflow to the user", async () => {
    const dir = gitRepo();
    await init(dir, ["--app", "actions"]);
    const again = await init(dir, ["--action-ref", "acme/skillops@v0.2.0"]);
    expect(again.app).toBe("actions");
    expect(again.overwritten).toContain(APP);
    expect(readFileSync(join(dir, APP), "utf8")).toContain("uses: acme/skillops@v0.2.0\n");
    const hosted = await init(dir, ["--app", "hosted"]);
    expect(hosted.app).toBe("hosted");
    expect([...hosted.unchanged, ...hosted.overwritten, ...hosted.created]).not.toContain(APP);
    expect(existsSync(join(dir, APP))).toBe(true); // init deletes nothing
    expect((await init(dir, [])).app).toBe("hosted");
  });

  it("refuses a mode it does not know, exit 2, writing nothing", async () => {
    const dir = gitRepo();
    const r = await runCli(["init", "--action-ref", ACTION, "--app", "server"], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('init: --app must be hosted or actions, got "server"');
    expect(existsSync(join(dir, ".github"))).toBe(false);
  });
});

describe("the scaffolded plan step, run as the runner runs the Action", () => {
  async function plan(runsOn: string) {
    const dir = gitRepo();
    await init(dir, []);
    const step = workflow(dir, ".github/workflows/evolve.yml").jobs.plan!.steps.find((s) => s.id === "plan")!;
    const output = join(dir, "github-output");
    writeFileSync(output, "");
    const env = {
      ...actionStepEnv(step, {
        "inputs.runs-on": runsOn,
        "github.token": "ghs_job",
        // A scheduled run plans every scope: no `--only`.
        "inputs.scope && format('--only {0}', inputs.scope) || ''": "",
      }),
      GITHUB_OUTPUT: output,
    };
    const code = await runAction({ env, cwd: dir, stdout: () => {}, stderr: () => {} });
    const line = readFileSync(output, "utf8")
      .split("\n")
      .find((l) => l.startsWith("matrix="));
    return { code, matrix: JSON.parse(line!.slice("matrix=".length)) as unknown };
  }

  it("hands the evolve job one entry for the whole bank, on the config's labels or the dispatch input's", async () => {
    // A scheduled run has no inputs: runs-on is empty and the scaffolded config decides.
    expect(await plan("")).toEqual({
      code: 0,
      matrix: { include: [{ scope: "all", skills: [], "runs-on": ["ubuntu-latest"] }] },
    });
    expect((await plan('["self-hosted","gpu"]')).matrix).toEqual({
      include: [{ scope: "all", skills: [], "runs-on": ["self-hosted", "gpu"] }],
    });
  });
});
