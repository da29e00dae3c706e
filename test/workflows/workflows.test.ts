import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renderOwnEvolveWorkflow } from "../../scripts/own-evolve-workflow.js";
import { checkReferences, checkWorkflow } from "./check-workflow.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const DIR = join(ROOT, ".github/workflows");
const files = readdirSync(DIR).filter((f) => f.endsWith(".yml") || f.endsWith(".yaml"));
const read = (f: string) => readFileSync(join(DIR, f), "utf8");

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  steps: Step[];
  strategy?: { matrix: unknown };
  "runs-on": unknown;
}
interface Workflow {
  on: { workflow_dispatch: { inputs: Record<string, unknown> }; schedule: Array<{ cron: string }> };
  concurrency: unknown;
  jobs: Record<string, Job>;
}

describe("every workflow file", () => {
  it("exists: ci.yml and evolve.yml", () => {
    expect(files).toEqual(expect.arrayContaining(["ci.yml", "evolve.yml"]));
  });

  it.each(files)("%s passes GitHub's workflow parser (schema and expressions)", async (f) => {
    expect(await checkWorkflow(f, read(f))).toEqual([]);
  });

  it.each(files)("%s references only jobs, steps, inputs and matrix values that exist", (f) => {
    expect(checkReferences(parse(read(f)))).toEqual([]);
  });
});

describe("the checks themselves catch mistakes", () => {
  it("reject a misspelt key, a broken expression and an unknown context", async () => {
    const bad = [
      "on: push",
      "jobs:",
      "  a:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - run: echo ${{ github.sha( }}",
      "      - uses: actions/checkout@v5",
      "        with2: {}",
      "      - if: ${{ foo.bar }}",
      "        run: echo",
    ].join("\n");
    const errors = await checkWorkflow("bad.yml", bad);
    expect(errors.join("\n")).toMatch(/Unexpected symbol/);
    expect(errors.join("\n")).toMatch(/Unexpected value 'with2'/);
    expect(
      await checkWorkflow(
        "bad2.yml",
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - if: ${{ foo.bar }}\n        run: echo\n",
      ),
    ).toEqual([expect.stringMatching(/Unrecognized named-value: 'foo'/)]);
  });

  it("reject dangling needs, steps, inputs and matrix references and unpinned actions", () => {
    const wf = parse(`
on: { workflow_dispatch: { inputs: { reason: { type: string } } } }
jobs:
  a:
    needs: nope
    runs-on: \${{ matrix.os }}
    outputs: { x: "\${{ steps.gone.outputs.x }}" }
    steps:
      - run: echo \${{ inputs.reasn }} \${{ needs.b.outputs.y }} \${{ steps.later.outputs.z }}
      - id: later
        uses: actions/checkout
`);
    expect(checkReferences(wf)).toEqual([
      "inputs.reasn is not a workflow_dispatch input",
      "job a needs unknown job nope",
      "job a reads needs.b but does not need it",
      "job a reads matrix.os without a strategy.matrix",
      "job a step 0 reads steps.later before a step with that id",
      "job a step 1 uses actions/checkout without a version",
      "job a outputs read steps.gone, which does not exist",
    ]);
  });
});

describe("evolve.yml does what docs/workflows.md says", () => {
  const wf = parse(read("evolve.yml")) as Workflow;
  const evolve = wf.jobs.evolve!;
  const plan = wf.jobs.plan!;
  const steps = evolve.steps;
  const uses = steps.map((s) => String(s.uses ?? "").split("@")[0]);
  const runs = steps.map((s) => String(s.run ?? "")).join("\n");

  it("runs on dispatch (reason, runner labels as JSON) and on a schedule, one run per repository", () => {
    expect(Object.keys(wf.on.workflow_dispatch.inputs)).toEqual([
      "reason",
      "runs-on",
      // Set by the workflow itself to continue a run (docs/workflows.md "Runs that outlive a job").
      ...["scope", "continue-run", "from-run", "shards-run", "phase", "part"],
    ]);
    expect(wf.on.schedule[0]?.cron).toMatch(/^[\d*/,-]+( [\d*/,-]+){4}$/);
    expect(wf.concurrency).toEqual({
      group: "skillops-evolve-${{ github.repository }}",
      "cancel-in-progress": false,
    });
  });

  it("plans a matrix from config, one job per scope, on the labels it gives", () => {
    // The repository's own Action (the committed bundle): planning needs no npm ci.
    expect(plan.steps.map((s) => s.uses)).toEqual(["actions/checkout@v5", "./"]);
    expect(plan.steps.at(-1)?.with).toEqual({
      command: "matrix",
      config: ".github/skillops.yml",
      "runs-on": "${{ inputs.runs-on }}",
      args: "${{ inputs.scope && format('--only {0}', inputs.scope) || '' }}",
    });
    expect(evolve.strategy?.matrix).toBe("${{ fromJSON(needs.plan.outputs.matrix) }}");
    expect(evolve["runs-on"]).toBe("${{ matrix.runs-on }}");
  });

  it("uses an app installation token, setup-node, npm ci, the evaluation cache, and uploads the run record and report", () => {
    expect(uses).toEqual(
      expect.arrayContaining([
        "actions/create-github-app-token",
        "actions/checkout",
        "actions/setup-node",
        "actions/cache/restore",
        "actions/cache/save",
        "actions/upload-artifact",
      ]),
    );
    const token = steps.find((s) => s.id === "app-token");
    expect(steps.find((s) => s.name === "skillops evolve")?.env?.GITHUB_TOKEN).toBe(
      "${{ steps.app-token.outputs.token }}",
    );
    expect(token?.with?.["private-key"]).toBe("${{ secrets.SKILLOPS_APP_PRIVATE_KEY }}");
    expect(runs).toMatch(/^npm ci$/m);
    expect(
      steps
        .find((s) => String(s.uses).startsWith("actions/cache/restore"))
        ?.with?.path?.split("\n")
        .filter(Boolean),
    ).toEqual([".skillops-cache", ".skillops-evolve/cache"]);
    expect(runs).toContain("evolve --github");
    expect(runs).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(steps.find((s) => s.name === "upload run record and report")?.with?.path).toBe("skillops-out/");
  });
});

describe("evolve.yml continues its own runs, as the workflow skillops init writes does", () => {
  const wf = parse(read("evolve.yml")) as Workflow;
  const names = (job: string) => wf.jobs[job]!.steps.map((s) => s.name ?? s.uses ?? s.id);

  it("is generated from the scaffolded workflow's parts (npm run gen:workflow)", () => {
    expect(read("evolve.yml")).toBe(renderOwnEvolveWorkflow());
  });

  it("resumes from the state the job before left, hands its run on at exit 3, and has shard jobs", () => {
    expect(Object.keys(wf.jobs)).toEqual(["plan", "evolve", "shard", "shards-done"]);
    expect(names("evolve")).toEqual(
      expect.arrayContaining(["merge the shard caches", "skillops evolve", "dispatch the continuation"]),
    );
    const run = wf.jobs.evolve!.steps.find((s) => s.id === "skillops")!.run!;
    expect(run).toContain('flags+=(--continue "$CONTINUE_RUN")');
    expect(run).toMatch(/if \[ "\$code" = 3 \]; then[\s\S]*continue=[\s\S]*>> "\$GITHUB_OUTPUT"/);
    // The state it keeps and resumes from is evolve's --out, the folder the shard jobs evaluate in.
    expect(run).toContain("--out .skillops-evolve");
    const shard = wf.jobs.shard!.steps.find((s) => s.name === "skillops evolve --shard")!;
    expect(shard.uses).toBe("./");
    expect(shard.with?.args).toMatch(/^--out \.skillops-evolve --shard /);
  });
});

describe("ci.yml", () => {
  it("runs the project's own tests through .ci/run", () => {
    const wf = parse(read("ci.yml")) as Workflow;
    expect(wf.jobs.test?.steps.map((s) => s.run).filter(Boolean)).toEqual(["bash .ci/run"]);
  });
});
