// Every job `skillops init` scaffolds, its GITHUB_TOKEN permissions read against what its steps do
// with that token. The table below says, per kind of step, which endpoints it calls and so which
// permission the job's token needs; steps that act with the app's installation token (minted by
// actions/create-github-app-token with its own permission-* inputs) need nothing of it. Checked for
// the vendored Action and a pinned one, with the app in Actions too, and for this repository's own
// evolve workflow (generated from the same parts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { planScaffold } from "../../src/core/init/scaffold.js";
import type { ActionSource } from "../../src/core/init/action-source.js";
import { REPO_ROOT } from "../support/repo-root.js";

type Level = "read" | "write";
type Permissions = Record<string, Level> | "read-all" | "write-all" | Record<string, never>;
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  permissions?: Permissions;
  steps: Step[];
}
interface Workflow {
  permissions?: Permissions;
  jobs: Record<string, Job>;
}

const JOB_TOKEN = /\$\{\{\s*(github\.token|secrets\.GITHUB_TOKEN)\s*\}\}/;
/** A value given to the step explicitly, or the action's default when it takes the job's token by default. */
const usesJobToken = (value: unknown, byDefault: boolean) =>
  value === undefined ? byDefault : JOB_TOKEN.test(String(value));

/**
 * What each kind of step calls with the job's token, as `scope: level`. A step not in the table fails
 * the test, so a new kind of step must say what it needs.
 */
const NEEDS: Array<{ what: string; match: (s: Step) => boolean; needs: (s: Step) => Record<string, Level> }> =
  [
    {
      what: "actions/checkout: clones the repository (GET contents) with its token input, the job's by default",
      match: (s) => s.uses?.startsWith("actions/checkout@") === true,
      needs: (s) => (usesJobToken(s.with?.token, true) ? { contents: "read" } : {}),
    },
    {
      what: "actions/download-artifact with run-id: lists and downloads another run's artifacts (GET /actions/runs/{id}/artifacts)",
      match: (s) => s.uses?.startsWith("actions/download-artifact@") === true,
      needs: (s) =>
        s.with?.["run-id"] !== undefined && usesJobToken(s.with?.["github-token"], false)
          ? { actions: "read" }
          : {},
    },
    {
      what: "actions/upload-artifact and actions/cache: the runner's own artifact and cache service, no GitHub API",
      match: (s) => /^actions\/(upload-artifact|cache(\/restore|\/save)?)@/.test(s.uses ?? ""),
      needs: () => ({}),
    },
    {
      what: "actions/create-github-app-token: mints the app's token from the app's key",
      match: (s) => s.uses?.startsWith("actions/create-github-app-token@") === true,
      needs: () => ({}),
    },
    {
      what: "the skillops Action: its GitHub calls (issues, PRs, pushes, checks) go through its token input",
      match: (s) => s.uses === "./.github/actions/skillops" || /\/skillops@/.test(s.uses ?? ""),
      needs: (s) => {
        if (!usesJobToken(s.with?.token, true)) return {};
        // With the job's token, only commands that ask GitHub nothing are allowed.
        expect(
          ["validate", "matrix", "cache"],
          `skillops ${String(s.with?.command)} on the job's token`,
        ).toContain(
          s.with?.command === "evolve" && String(s.with?.args ?? "").includes("--shard")
            ? "cache"
            : s.with?.command,
        );
        return {};
      },
    },
    {
      what: "gh workflow run: dispatches a workflow (POST /actions/workflows/{id}/dispatches) with GH_TOKEN",
      match: (s) => s.run?.includes("gh workflow run") === true,
      needs: (s) => (usesJobToken(s.env?.GH_TOKEN, false) ? { actions: "write" } : {}),
    },
    {
      what: "shell steps that call no GitHub API (the sandbox, the summary)",
      match: (s) => s.run !== undefined && !/\bgh\b|api\.github\.com|GITHUB_TOKEN/.test(s.run),
      needs: () => ({}),
    },
  ];

const rank = (l: Level | undefined) => (l === "write" ? 2 : l === "read" ? 1 : 0);

/** Scopes a job needs that its permissions (the job's, else the workflow's) do not grant. */
function missing(workflow: Workflow, job: Job): string[] {
  const granted = job.permissions ?? workflow.permissions ?? "write-all";
  const level = (scope: string): Level | undefined =>
    granted === "write-all"
      ? "write"
      : granted === "read-all"
        ? "read"
        : (granted as Record<string, Level>)[scope];
  const gaps: string[] = [];
  for (const step of job.steps) {
    const rule = NEEDS.find((r) => r.match(step));
    if (!rule) throw new Error(`no rule for the step ${JSON.stringify(step).slice(0, 160)}`);
    for (const [scope, need] of Object.entries(rule.needs(step)))
      if (rank(level(scope)) < rank(need)) gaps.push(`${scope}: ${need} (${rule.what.split(":")[0]})`);
  }
  return [...new Set(gaps)];
}

const SOURCES: Array<[string, ActionSource]> = [
  ["vendored", { kind: "vendored" }],
  ["pinned", { kind: "pinned", ref: { repo: "acme/skillops", ref: "v0.1.0" } }],
];

describe("the GITHUB_TOKEN permissions of every scaffolded job", () => {
  it.each(SOURCES)("grant what its steps use (%s Action, the app in Actions)", (_, action) => {
    const workflows = planScaffold({ action, app: "actions" }).filter((f) =>
      f.path.startsWith(".github/workflows/"),
    );
    expect(workflows.map((f) => f.path).sort()).toEqual([
      ".github/workflows/evolve.yml",
      ".github/workflows/skillops-app.yml",
      ".github/workflows/skillops-validate.yml",
    ]);
    const gaps = workflows.flatMap((f) => {
      const wf = parse(f.content) as Workflow;
      return Object.entries(wf.jobs).flatMap(([name, job]) =>
        missing(wf, job).map((g) => `${f.path} ${name}: ${g}`),
      );
    });
    expect(gaps).toEqual([]);
  });

  it("never grant the job's token a write (everything written goes through the app's scoped token)", () => {
    for (const [, action] of SOURCES)
      for (const f of planScaffold({ action, app: "actions" }).filter((x) =>
        x.path.startsWith(".github/workflows/"),
      )) {
        const wf = parse(f.content) as Workflow;
        const all = [wf.permissions, ...Object.values(wf.jobs).map((j) => j.permissions)];
        for (const p of all) {
          expect(p).not.toBe("write-all");
          if (p && typeof p === "object") expect(Object.values(p)).not.toContain("write");
        }
      }
  });

  it("hold for this repository's own evolve workflow too", () => {
    const wf = parse(readFileSync(join(REPO_ROOT, ".github/workflows/evolve.yml"), "utf8")) as Workflow;
    // Its own steps run the CLI from source; only the continuation and shard downloads are read here.
    const downloads = Object.entries(wf.jobs).map(([name, job]) => ({
      name,
      job: { ...job, steps: job.steps.filter((s) => s.uses?.startsWith("actions/download-artifact@")) },
    }));
    expect(downloads.flatMap(({ name, job }) => missing(wf, job).map((g) => `${name}: ${g}`))).toEqual([]);
    expect(downloads.some(({ job }) => job.steps.length > 0)).toBe(true);
  });
});
