import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { main } from "../../src/apps/cli/main.js";
import { Config, DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { renderFeedbackTemplate } from "../../src/core/feedback/form-template.js";
import { readPool } from "../../src/io/fsio/pool-store.js";
import { parseActionRef } from "../../src/core/init/action-ref.js";
import { checkReferences, checkWorkflow } from "../workflows/check-workflow.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
// Every init here pins a release; test/cli/init-vendor.test.ts covers the default, a vendored Action.
const ACTION = { repo: "acme/skillops", ref: "v0.1.0" };
const ACTION_TEXT = `${ACTION.repo}@${ACTION.ref}`;

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

/** `skillops init` pinned to ACTION unless args name their own --action-ref. */
const init = (cwd: string, args: string[] = []) =>
  cli(cwd, ["init", ...(args.includes("--action-ref") ? [] : ["--action-ref", ACTION_TEXT]), ...args]);

/** An empty git repository, as a user would run `init` in. */
function gitRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "skillops-init-"));
  execFileSync("git", ["init", "-q", dir]);
  return dir;
}

const EXPECTED = [
  ".github/skillops.yml",
  ".github/ISSUE_TEMPLATE/feedback.yml",
  ".github/workflows/evolve.yml",
  ".github/workflows/skillops-validate.yml",
  "skill-bank/example-skill/SKILL.md",
  "skill-bank/bank.yml",
  "regression-pool/README.md",
  ".gitignore",
];

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
type Workflow = Record<string, unknown> & { jobs: Record<string, { steps: Step[]; if?: string }> };

describe("skillops init in an empty git repository", () => {
  const dir = gitRepo();
  const ready = init(dir, ["--json"]);
  const workflow = (f: string) => parse(readFileSync(join(dir, ".github/workflows", f), "utf8")) as Workflow;

  it("creates every scaffold file, records them in the manifest, and writes no package.json", async () => {
    const r = await ready;
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      dir: ".",
      action: ACTION_TEXT,
      app: "hosted",
      created: EXPECTED,
      overwritten: [],
      unchanged: [],
      skipped: [],
      manifest: ".github/skillops-init.json",
      stalePins: [],
    });
    expect(existsSync(join(dir, "package.json"))).toBe(false);
    // A pinned release: nothing vendored.
    expect(existsSync(join(dir, ".github/actions"))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(dir, ".github/skillops-init.json"), "utf8"));
    expect(Object.keys(manifest.files).sort()).toEqual([...EXPECTED].sort());
    expect(Object.values(manifest.files).every((h) => /^sha256:[0-9a-f]{64}$/.test(String(h)))).toBe(true);
  });

  it("says what it did and tells nobody to npm install", async () => {
    const r = await init(gitRepo());
    expect(r.code).toBe(0);
    expect(r.out).toContain("created     .github/workflows/evolve.yml");
    expect(r.out).toContain("The app runs on a server you host");
    expect(r.out).toContain(
      `8 file(s) written, 0 unchanged, 0 skipped in .; the workflows run the skillops Action ${ACTION_TEXT}.`,
    );
    expect(r.out).not.toMatch(/npm (install|ci)/);
  });

  it("writes workflows that pass GitHub's parser and the reference checks and run the pinned Action", async () => {
    await ready;
    const files = readdirSync(join(dir, ".github/workflows")).sort();
    expect(files).toEqual(["evolve.yml", "skillops-validate.yml"]);
    for (const f of files) {
      const text = readFileSync(join(dir, ".github/workflows", f), "utf8");
      expect(await checkWorkflow(f, text)).toEqual([]);
      expect(checkReferences(parse(text))).toEqual([]);
      expect(text).not.toMatch(/npm (ci|install)|npm run|npx/);
    }
    const validate = workflow("skillops-validate.yml").jobs.validate!.steps.slice(1);
    expect(validate).toEqual([
      { uses: ACTION_TEXT, with: { command: "validate", config: ".github/skillops.yml" } },
      {
        name: "validate the regression pool",
        uses: ACTION_TEXT,
        with: { command: "validate", config: ".github/skillops.yml", args: "regression-pool" },
      },
    ]);
    const step = workflow("evolve.yml").jobs.evolve!.steps.find((s) => s.id === "skillops")!;
    expect(step.uses).toBe(ACTION_TEXT);
    expect(step.with).toEqual({
      command: "evolve",
      config: ".github/skillops.yml",
      scope: "${{ matrix.scope != 'all' && matrix.scope || '' }}",
      token: "${{ steps.app-token.outputs.token }}",
      args: "${{ inputs.continue-run && format('--continue {0}', inputs.continue-run) || '' }}",
    });
    expect(step.env?.OPENAI_API_KEY).toBe("${{ secrets.OPENAI_API_KEY }}");
    // The Action gives evolve --out $RUNNER_TEMP/skillops-evolve: its cache/ is what actions/cache keeps.
    const cache = workflow("evolve.yml").jobs.evolve!.steps.find((s) =>
      String(s.uses).startsWith("actions/cache"),
    );
    expect(String(cache?.with?.path).split("\n").filter(Boolean)).toEqual([
      ".skillops-cache",
      "${{ runner.temp }}/skillops-evolve/cache",
    ]);
    // The trajectory channel, opt-in: traces.path → feedback issues awaiting acceptance.
    const traces = workflow("evolve.yml").jobs.traces!;
    expect(traces.if).toBe("${{ vars.SKILLOPS_TRACES == 'true' }}");
    expect(traces.steps.at(-1)!.with).toEqual({
      command: "ingest",
      token: "${{ steps.app-token.outputs.token }}",
      args: "--traces --issues --model openai",
    });
  });

  it("keeps the evolve workflow's triggers, concurrency, permissions, app token and matrix from the packaged one", async () => {
    await ready;
    const ours = workflow("evolve.yml");
    const packaged = parse(readFileSync(join(ROOT, ".github/workflows/evolve.yml"), "utf8")) as Workflow;
    for (const key of ["on", "concurrency", "permissions"]) expect(ours[key]).toEqual(packaged[key]);
    const token = (w: Workflow) => w.jobs.evolve!.steps.find((s) => s.id === "app-token");
    expect(token(ours)).toEqual(token(packaged));
    expect(token(ours)?.uses).toMatch(/^actions\/create-github-app-token@/);
    // The plan job runs the Action's matrix command: no Node set-up, no build from git.
    expect(ours.jobs.plan!.steps.map((s) => s.uses)).toEqual(["actions/checkout@v5", ACTION_TEXT]);
    expect(ours.jobs.plan!.steps.at(-1)).toEqual({
      id: "plan",
      uses: ACTION_TEXT,
      with: {
        command: "matrix",
        config: ".github/skillops.yml",
        "runs-on": "${{ inputs.runs-on }}",
        args: "${{ inputs.scope && format('--only {0}', inputs.scope) || '' }}",
      },
    });
    const { steps: _s, ...evolveJob } = ours.jobs.evolve!;
    const { steps: _p, ...packagedJob } = packaged.jobs.evolve!;
    expect(evolveJob).toEqual(packagedJob);
  });

  it("writes a config whose first line points editors at the schema on the same ref, and that is valid as is", async () => {
    await ready;
    const text = readFileSync(join(dir, ".github/skillops.yml"), "utf8");
    const [first, ...rest] = text.split("\n");
    expect(first).toBe(
      `# yaml-language-server: $schema=https://raw.githubusercontent.com/${ACTION.repo}/${ACTION.ref}/schema/skillops.schema.json`,
    );
    expect(Config.parse(parse(text) ?? {})).toEqual(DEFAULT_CONFIG);
    const uncommented = rest.map((l) => l.replace(/^# ?/, "")).join("\n");
    expect(Config.parse(parse(uncommented))).toEqual(DEFAULT_CONFIG);
    expect(text).toContain("#   # baseURL:");
    expect(text).toContain("#   # agentCommand:");
    expect((await cli(dir, ["matrix"])).code).toBe(0);
  });

  it("gives a bank `skillops validate` accepts, the package's issue form and an empty, readable pool", async () => {
    await ready;
    const r = await cli(dir, ["validate", "skill-bank", "--json"]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { skills: Array<{ name: string }> }).skills.map((s) => s.name)).toEqual([
      "example-skill",
    ]);
    expect(readFileSync(join(dir, ".github/ISSUE_TEMPLATE/feedback.yml"), "utf8")).toBe(
      renderFeedbackTemplate(DEFAULT_CONFIG.categories),
    );
    expect(await readPool(join(dir, "regression-pool"))).toEqual({ cases: [], diagnostics: [] });
  });
});

describe("--action-ref", () => {
  it("pins the workflows and the schema URL to the given OWNER/REPO@REF", async () => {
    const dir = gitRepo();
    const r = await cli(dir, ["init", "--action-ref", "my-org/skillops-fork@3f2a9c1", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).action).toBe("my-org/skillops-fork@3f2a9c1");
    const evolve = readFileSync(join(dir, ".github/workflows/evolve.yml"), "utf8");
    // plan, the shard caches merged, evolve, the shard job, the shard's cache kept and traces
    expect(evolve.match(/uses: my-org\/skillops-fork@3f2a9c1\n/g)).toHaveLength(6);
    expect(readFileSync(join(dir, ".github/skillops.yml"), "utf8")).toMatch(
      /^# yaml-language-server: \$schema=https:\/\/raw\.githubusercontent\.com\/my-org\/skillops-fork\/3f2a9c1\/schema\//,
    );
  });

  it.each([
    ["skillops", "is not a GitHub OWNER/REPO"],
    ["skillops/skillops", "has no @REF"],
    ["skillops/skillops@", "has no @REF"],
    ["https://github.com/a/b@v1", "is not a GitHub OWNER/REPO"],
    ["a/b/c@v1", "is not a GitHub OWNER/REPO"],
    ["a/b@v1..v2", "is not a valid git ref"],
    ["a/b@-x y", "is not a valid git ref"],
  ])("rejects %s with a specific error, exit 2, and writes nothing", async (ref, message) => {
    const dir = gitRepo();
    const r = await cli(dir, ["init", "--action-ref", ref]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain("e.g. my-org/skillops@v0.1.0");
    expect(existsSync(join(dir, ".github"))).toBe(false);
  });

  it("takes a ref with slashes", () => {
    expect(parseActionRef("acme/skills@releases/v1")).toEqual({ repo: "acme/skills", ref: "releases/v1" });
  });
});

describe("re-running skillops init", () => {
  const SKILL = "skill-bank/example-skill/SKILL.md";
  const CONFIG = ".github/skillops.yml";
  const EVOLVE = ".github/workflows/evolve.yml";
  const json = async (dir: string, args: string[] = []) => {
    const r = await init(dir, ["--json", ...args]);
    expect(r.code).toBe(0);
    return JSON.parse(r.out) as {
      created: string[];
      overwritten: string[];
      unchanged: string[];
      skipped: Array<{ path: string; reason: string }>;
    };
  };

  it("leaves everything alone when nothing changed", async () => {
    const dir = gitRepo();
    await json(dir);
    const again = await json(dir);
    expect(again).toMatchObject({ created: [], overwritten: [], unchanged: EXPECTED, skipped: [] });
  });

  it("does not restore a file the user deleted, and says why", async () => {
    const dir = gitRepo();
    await json(dir);
    rmSync(join(dir, SKILL));
    const r = await init(dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`skipped     ${SKILL} (deleted since init wrote it; --force restores it)`);
    expect(existsSync(join(dir, SKILL))).toBe(false);
    // ...and still remembers it on the run after that.
    expect((await json(dir)).skipped).toEqual([{ path: SKILL, reason: "deleted" }]);
  });

  it("never overwrites a file the user changed, but updates the ones nobody touched", async () => {
    const dir = gitRepo();
    await json(dir);
    writeFileSync(join(dir, CONFIG), "evolve:\n  n: 5\n");
    // A new Action ref changes both the workflows and the config's $schema line.
    const r = await json(dir, ["--action-ref", "acme/skillops@v9.0.0"]);
    expect(r.skipped).toEqual([{ path: CONFIG, reason: "changed" }]);
    expect(r.overwritten).toEqual([EVOLVE, ".github/workflows/skillops-validate.yml"]);
    expect(readFileSync(join(dir, CONFIG), "utf8")).toBe("evolve:\n  n: 5\n");
    expect(readFileSync(join(dir, EVOLVE), "utf8")).toContain("uses: acme/skillops@v9.0.0\n");
    const text = (await cli(dir, ["init", "--action-ref", "acme/skillops@v9.0.0"])).out;
    expect(text).toContain(`skipped     ${CONFIG} (changed since init wrote it; --force overwrites it)`);
  });

  it("never overwrites a file that was there before init, and says so", async () => {
    const dir = gitRepo();
    writeFileSync(join(dir, ".gitignore"), "build/\n");
    const r = await init(dir);
    expect(r.out).toContain(
      "skipped     .gitignore (exists and init did not write it; --force overwrites it)",
    );
    expect(r.out).toMatch(/7 file\(s\) written, 0 unchanged, 1 skipped/);
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe("build/\n");
    const manifest = JSON.parse(readFileSync(join(dir, ".github/skillops-init.json"), "utf8"));
    expect(manifest.files[".gitignore"]).toBeUndefined();
  });

  it("--force restores deleted files and overwrites changed ones", async () => {
    const dir = gitRepo();
    await json(dir);
    const original = readFileSync(join(dir, CONFIG), "utf8");
    rmSync(join(dir, SKILL));
    writeFileSync(join(dir, CONFIG), "evolve:\n  n: 5\n");
    const forced = await json(dir, ["--force"]);
    expect(forced.created).toEqual([SKILL]);
    expect(forced.overwritten).toEqual([CONFIG]);
    expect(forced.skipped).toEqual([]);
    expect(readFileSync(join(dir, CONFIG), "utf8")).toBe(original);
    expect(existsSync(join(dir, SKILL))).toBe(true);
  });

  it("offers the existing config's categories in the issue form it adds", async () => {
    const dir = gitRepo();
    mkdirSync(join(dir, ".github"));
    writeFileSync(join(dir, CONFIG), "categories: [billing, safety]\n");
    expect((await init(dir)).code).toBe(0);
    expect(readFileSync(join(dir, ".github/ISSUE_TEMPLATE/feedback.yml"), "utf8")).toBe(
      renderFeedbackTemplate(["billing", "safety"]),
    );
  });

  it.each([
    ["not JSON", "{oops", /skillops-init\.json is not JSON/],
    [
      "a bad hash",
      '{"files":{".gitignore":"md5:1"}}',
      /is not a manifest skillops init wrote: at files\.\.gitignore/,
    ],
    ["an unknown key", '{"files":{},"extra":1}', /is not a manifest skillops init wrote/],
  ])("stops with a clear error when the manifest is %s, writing nothing", async (_what, text, message) => {
    const dir = gitRepo();
    mkdirSync(join(dir, ".github"));
    writeFileSync(join(dir, ".github/skillops-init.json"), text);
    const r = await init(dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(message);
    expect(r.err).toContain("fix it or delete it");
    expect(existsSync(join(dir, CONFIG))).toBe(false);
  });
});
