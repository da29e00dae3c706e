// The Action's pure half: INPUT_* variables → inputs → one skillops command line, and what the step
// hands on (outputs, summary). Every refused input has its own message.
import { describe, expect, it } from "vitest";
import { invocationOf } from "../../src/apps/action/argv.js";
import { ActionInputError, readInputs } from "../../src/apps/action/inputs.js";
import { outputsOf, pullRequestsIn, renderOutputs, summaryOf } from "../../src/apps/action/outputs.js";
import { splitArgs } from "../../src/apps/action/split-args.js";
import type { RunRecord } from "../../src/records/run-record.js";

const OUT = "/runner/tmp/skillops-evolve";
const argvFor = (env: Record<string, string>) => invocationOf(readInputs(env), OUT);

describe("readInputs", () => {
  it("reads INPUT_* as the runner writes them (hyphens kept), empty as absent", () => {
    expect(
      readInputs({ INPUT_COMMAND: " evolve ", "INPUT_DRY-RUN": "true", INPUT_SCOPE: "", INPUT_MODEL: "sim" }),
    ).toEqual({ command: "evolve", dryRun: true, model: "sim" });
  });

  it.each([
    [
      {},
      "input command is required: one of evolve, eval, ingest, validate, report, matrix, app-event, cache, doctor",
    ],
    [
      { INPUT_COMMAND: "deploy" },
      'input command must be one of evolve, eval, ingest, validate, report, matrix, app-event, cache, doctor, got "deploy"',
    ],
    [{ INPUT_COMMAND: "evolve", "INPUT_DRY-RUN": "yes" }, 'input dry-run must be true or false, got "yes"'],
  ])("refuses %j", (env, message) => {
    expect(() => readInputs(env)).toThrow(new ActionInputError(message));
  });
});

describe("invocationOf", () => {
  it("maps evolve's inputs to flags, publishes unless dry-run, and writes to the runner's temp folder", () => {
    const inv = argvFor({
      INPUT_COMMAND: "evolve",
      INPUT_CONFIG: "ci/skillops.yml",
      INPUT_SCOPE: "refunds",
      INPUT_MODEL: "openai",
      INPUT_BUDGET: "500000",
      INPUT_TOKEN: "ghs_x",
      INPUT_ARGS: "--seed 3",
    });
    expect(inv.argv).toEqual([
      "evolve",
      "--config",
      "ci/skillops.yml",
      "--scope",
      "refunds",
      "--model",
      "openai",
      "--budget-tokens",
      "500000",
      "--github",
      "--seed",
      "3",
      "--out",
      OUT,
    ]);
    expect(inv.out).toBe(OUT);
    expect(inv.env).toEqual({ GITHUB_TOKEN: "ghs_x", SKILLOPS_GITHUB_TOKEN: "ghs_x" });
  });

  it("maps dry-run to --github --dry-run for evolve and for ingest", () => {
    expect(argvFor({ INPUT_COMMAND: "evolve", "INPUT_DRY-RUN": "true" }).argv).toEqual([
      "evolve",
      "--github",
      "--dry-run",
      "--out",
      OUT,
    ]);
    expect(argvFor({ INPUT_COMMAND: "ingest", "INPUT_DRY-RUN": "true" }).argv).toEqual([
      "ingest",
      "--github",
      "--dry-run",
    ]);
    expect(argvFor({ INPUT_COMMAND: "ingest" }).argv).toEqual(["ingest", "--github"]);
  });

  it("runs ingest --traces without --github (it reads a file; --issues publishes), and refuses dry-run with it", () => {
    expect(argvFor({ INPUT_COMMAND: "ingest", INPUT_ARGS: "--traces --issues --model openai" }).argv).toEqual(
      ["ingest", "--traces", "--issues", "--model", "openai"],
    );
    expect(() =>
      argvFor({ INPUT_COMMAND: "ingest", INPUT_ARGS: "--traces=t.jsonl --issues", "INPUT_DRY-RUN": "true" }),
    ).toThrow("input dry-run does not apply to ingest --traces");
  });

  it("runs evolve --shard without --github (a shard job asks GitHub nothing), and refuses dry-run with it", () => {
    for (const shard of [["--shard", "2/4"], ["--shard=2/4"]]) {
      const args = ["--out", "state", ...shard, "--shard-out", "s"].join(" ");
      const inv = argvFor({ INPUT_COMMAND: "evolve", INPUT_CONFIG: "c.yml", INPUT_ARGS: args });
      expect(inv.argv).toEqual(["evolve", "--config", "c.yml", ...splitArgs(args)]);
      expect(() => argvFor({ INPUT_COMMAND: "evolve", INPUT_ARGS: args, "INPUT_DRY-RUN": "true" })).toThrow(
        "input dry-run does not apply to evolve --shard",
      );
    }
  });

  it("keeps an --out given in args and reads the run record from there", () => {
    for (const args of ["--out my-out", "--out=my-out"]) {
      const inv = argvFor({ INPUT_COMMAND: "evolve", "INPUT_DRY-RUN": "true", INPUT_ARGS: args });
      expect(inv.argv).toEqual(["evolve", "--github", "--dry-run", ...splitArgs(args)]);
      expect(inv.out).toBe("my-out");
    }
  });

  it("passes validate's and report's positional arguments through args, and ingest always publishes", () => {
    expect(argvFor({ INPUT_COMMAND: "validate", INPUT_ARGS: "skill-bank --lenient" })).toEqual({
      argv: ["validate", "--json", "skill-bank", "--lenient"],
      env: {},
      validateJson: "added",
    });
    expect(argvFor({ INPUT_COMMAND: "report", INPUT_ARGS: "out/run-record.json --md r.md" })).toEqual({
      argv: ["report", "out/run-record.json", "--md", "r.md"],
      env: {},
    });
    expect(argvFor({ INPUT_COMMAND: "ingest" }).argv).toEqual(["ingest", "--github"]);
    expect(argvFor({ INPUT_COMMAND: "eval", INPUT_CONFIG: "c.yml" }).argv).toEqual([
      "eval",
      "--config",
      "c.yml",
    ]);
  });

  it("maps validate's config to --config and always asks for its JSON report, unless args already did", () => {
    expect(argvFor({ INPUT_COMMAND: "validate", INPUT_CONFIG: ".github/skillops.yml" })).toEqual({
      argv: ["validate", "--config", ".github/skillops.yml", "--json"],
      env: {},
      validateJson: "added",
    });
    expect(argvFor({ INPUT_COMMAND: "validate", INPUT_ARGS: "bank --json" })).toEqual({
      argv: ["validate", "bank", "--json"],
      env: {},
      validateJson: "given",
    });
  });

  it("plans the evolve matrix: config and runs-on as flags, printed for the matrix output", () => {
    expect(
      argvFor({ INPUT_COMMAND: "matrix", INPUT_CONFIG: ".github/skillops.yml", "INPUT_RUNS-ON": '["gpu"]' })
        .argv,
    ).toEqual(["matrix", "--config", ".github/skillops.yml", "--runs-on", '["gpu"]', "--github-output"]);
    // A scheduled run has no workflow_dispatch inputs: runs-on arrives empty, the config decides.
    expect(argvFor({ INPUT_COMMAND: "matrix", "INPUT_RUNS-ON": "" }).argv).toEqual([
      "matrix",
      "--github-output",
    ]);
  });

  it("runs the app on the job's event with the given token as the app's", () => {
    expect(argvFor({ INPUT_COMMAND: "cache", INPUT_ARGS: "merge a b --into c" }).argv).toEqual([
      ...["cache", "merge", "a", "b", "--into", "c"],
    ]);
    expect(argvFor({ INPUT_COMMAND: "app-event", INPUT_TOKEN: "ghs_app" })).toEqual({
      argv: ["app-event"],
      env: { GITHUB_TOKEN: "ghs_app", SKILLOPS_GITHUB_TOKEN: "ghs_app" },
    });
  });

  it.each([
    [
      { INPUT_COMMAND: "report", INPUT_CONFIG: "c.yml" },
      "input config applies to evolve, eval, validate, matrix and doctor only, not to report",
    ],
    [
      { INPUT_COMMAND: "evolve", "INPUT_RUNS-ON": "gpu" },
      "input runs-on applies to matrix only, not to evolve",
    ],
    [
      { INPUT_COMMAND: "app-event", "INPUT_DRY-RUN": "true" },
      "input dry-run applies to evolve and ingest only, not to app-event",
    ],
    [{ INPUT_COMMAND: "eval", INPUT_SCOPE: "s" }, "input scope applies to evolve only, not to eval"],
    [{ INPUT_COMMAND: "report", INPUT_MODEL: "sim" }, "input model applies to evolve only, not to report"],
    [
      { INPUT_COMMAND: "evolve", INPUT_BUDGET: "1e6" },
      'input budget must be a positive whole number of tokens, got "1e6"',
    ],
    [
      { INPUT_COMMAND: "evolve", INPUT_BUDGET: "0" },
      'input budget must be a positive whole number of tokens, got "0"',
    ],
    [
      { INPUT_COMMAND: "eval", "INPUT_DRY-RUN": "true" },
      "input dry-run applies to evolve and ingest only, not to eval",
    ],
    [{ INPUT_COMMAND: "validate", INPUT_ARGS: "'skill bank" }, "input args has an unclosed ': 'skill bank"],
  ])("refuses %j", (env, message) => {
    expect(() => argvFor(env)).toThrow(new ActionInputError(message));
  });
});

describe("splitArgs", () => {
  it("splits like a shell without expanding anything", () => {
    expect(splitArgs(` a  'b c' "d \\" e" f\\ g '' $HOME `)).toEqual([
      "a",
      "b c",
      'd " e',
      "f g",
      "",
      "$HOME",
    ]);
    expect(splitArgs("  ")).toEqual([]);
  });
});

describe("outputs", () => {
  const record = {
    runId: "6ee5a68a-5",
    simulated: true,
    frontier: [
      { operatingPoint: "cost", selected: false },
      { operatingPoint: "accuracy", selected: true },
    ],
  } as unknown as RunRecord;
  // The lines src/apps/cli/evolve/evolve-publish.ts prints (test/e2e/action-publish.test.ts checks them for real).
  const stderr =
    "iteration 1\ngithub created 0a1b2c3d #12\ngithub updated 9f8e7d6c #14\ngithub skipped 11112222 (rejected)\n";

  it("takes run-id and P*'s operating point from the record, PR numbers from the publish lines", () => {
    expect(pullRequestsIn(stderr)).toEqual([12, 14]);
    const outputs = outputsOf(record, stderr);
    expect(outputs).toEqual({
      "run-id": "6ee5a68a-5",
      "pull-requests": "[12,14]",
      "operating-point": "accuracy",
      matrix: "",
      shards: "",
      continue: "",
    });
    expect(renderOutputs(outputs)).toBe(
      "run-id=6ee5a68a-5\npull-requests=[12,14]\noperating-point=accuracy\nmatrix=\nshards=\ncontinue=\n",
    );
    expect(summaryOf("evolve", 0, outputs, record)).toBe(
      "### skillops evolve: ok\n\n| run | P* operating point | pull requests |\n|---|---|---|\n| `6ee5a68a-5` (simulated) | accuracy | #12, #14 |\n",
    );
  });

  it("is empty without a record, and the summary says the command failed", () => {
    const outputs = outputsOf(undefined, "");
    expect(outputs).toEqual({
      "run-id": "",
      "pull-requests": "[]",
      "operating-point": "",
      matrix: "",
      shards: "",
      continue: "",
    });
    expect(summaryOf("validate", 1, outputs)).toBe("### skillops validate: failed (exit 1)\n");
  });

  it("hands on matrix's printed line as the matrix output, and lists its jobs in the summary", () => {
    const matrix = '{"include":[{"scope":"refunds","skills":["refunds"],"runs-on":["self-hosted","gpu"]}]}';
    const outputs = outputsOf(undefined, "", `matrix=${matrix}\nshards=[1,2]\n`);
    expect(outputs.matrix).toBe(matrix);
    expect(outputs.shards).toBe("[1,2]");
    expect(renderOutputs(outputs)).toContain(`\nmatrix=${matrix}\n`);
    expect(summaryOf("matrix", 0, outputs)).toBe(
      "### skillops matrix: ok\n\n| scope | runs on |\n|---|---|\n| refunds | `self-hosted`, `gpu` |\n",
    );
  });

  it("hands on a continued run's continuation, and the summary says it was handed on", () => {
    const line = '{"runId":"6ee5a68a-5","reason":"job-budget","part":1,"afterIteration":4}';
    const outputs = outputsOf(undefined, "", "", line);
    expect(renderOutputs(outputs)).toContain(`\ncontinue=${line}\n`);
    expect(summaryOf("evolve", 3, outputs)).toBe("### skillops evolve: handed on to a continuation job\n");
  });
});
