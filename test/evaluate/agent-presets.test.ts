// `skillops eval --runner claude-code|codex|agents-sdk` through stand-ins that print the agents'
// published output formats (test/support/agent-doubles, fixtures in test/fixtures/agents): the
// record's skillsLoaded, scripts, tokens and verdicts come from the fixture; a missing binary, an
// old version, a crash and output in another format fail with a specific error and are not cached.
import { chmod, cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { SANDBOX_MISSING } from "../support/containment.js";
import { capturedIo } from "../support/captured-io.js";

const SOURCE = join(REPO_ROOT, "test/support/agent-doubles");
let root: string;

/**
 * A folder holding `claude` and `codex` wrappers that start the double as that version, with the
 * stand-ins copied inside: the sandbox shows the agent the folders on its PATH, not the checkout
 * (which may itself live under /tmp, hidden there), as with an installed agent.
 */
async function binDir(name: string, version: string): Promise<string> {
  const dir = join(root, name);
  const DOUBLES = join(dir, "agent-doubles");
  await mkdir(dir, { recursive: true });
  await cp(SOURCE, DOUBLES, { recursive: true });
  await cp(join(REPO_ROOT, "test/fixtures/agents"), join(dir, "fixtures"), { recursive: true });
  for (const kind of ["claude", "codex"]) {
    const script = `#!/bin/sh\nSTANDIN_VERSION=${version} STANDIN_FIXTURES='${dir}/fixtures' exec '${process.execPath}' '${DOUBLES}/agent-double.mjs' ${kind} "$@"\n`;
    await writeFile(join(dir, kind), script);
    await chmod(join(dir, kind), 0o755);
  }
  return dir;
}

async function casesFor(scenario: string): Promise<string> {
  const dir = join(root, `cases-${scenario}`, "general");
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, "c1.yml"),
    `id: c1\ncategory: general\ndiagnosis: d\ntask:\n  prompt: "scenario: ${scenario}"\n  rubric:\n    - type: contains\n      path: $.answer\n      value: ok\nprovenance:\n  channel: manual\n  created: "2026-11-30T00:00:00Z"\n`,
  );
  return `cases-${scenario}`;
}

let bin: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-presets-"));
  await mkdir(join(root, "bank/helper/scripts"), { recursive: true });
  await writeFile(
    join(root, "bank/helper/SKILL.md"),
    "---\nname: helper\ndescription: Helps.\n---\nSay ok.\n",
  );
  await writeFile(join(root, "bank/helper/scripts/check.sh"), "echo checked\n");
  await mkdir(join(root, ".github"));
  const sandbox = SANDBOX_MISSING ? "\n  sandbox: none" : "";
  await writeFile(
    join(root, ".github/skillops.yml"),
    `evaluate:\n  env:\n    pass: [PYTHONPATH]${sandbox}\n`,
  );
  bin = await binDir("bin", "2.0.31");
});
afterAll(async () => rm(root, { recursive: true, force: true }));

async function evalWith(runner: string, scenario: string, env: Record<string, string> = {}, cache?: string) {
  const { io, out } = capturedIo(root, {
    PATH: `${bin}:${process.env.PATH}`,
    PYTHONPATH: join(bin, "agent-doubles", "python"),
    ...env,
  });
  const flags = ["--runner", runner, "--json", ...(cache ? ["--cache-dir", cache] : ["--no-cache"])];
  const cases = await casesFor(scenario);
  const code = await main(["eval", "--bank", "bank", "--cases", cases, "--n", "1", "--k", "1", ...flags], io);
  const record = out.stdout ? EvalRecord.parse(JSON.parse(out.stdout)) : undefined;
  return { code, stderr: out.stderr, record };
}

/** Files under a cache folder (none when it was never created). */
async function cachedFiles(dir: string): Promise<string[]> {
  const all = await readdir(join(root, dir), { recursive: true, withFileTypes: true }).catch(() => []);
  return all.filter((e) => e.isFile()).map((e) => e.name);
}

const run0 = (r: Awaited<ReturnType<typeof evalWith>>) => r.record!.cases[0]!.runDetails[0]!;

describe("agent presets: an eval through each stand-in matches its fixture", () => {
  it("claude-code: Skill tool use and Bash script from stream-json, tokens from the result event", async () => {
    const r = await evalWith("claude-code", "skill-used");
    expect(r.code).toBe(0);
    expect(run0(r)).toMatchObject({
      pass: true,
      skillsLoaded: ["helper"],
      scriptsRun: ["helper/scripts/check.sh"],
      tokens: { input: 9 + 2400 + 1200, output: 85, cached: 2400 },
      usageSource: "self-reported",
    });
  });

  it("codex: SKILL.md read and script run from command_execution items, usage from turn.completed", async () => {
    const r = await evalWith("codex", "skill-used");
    expect(r.code).toBe(0);
    expect(run0(r)).toMatchObject({
      pass: true,
      skillsLoaded: ["helper"],
      scriptsRun: ["helper/scripts/check.sh"],
      tokens: { input: 24763, output: 122, cached: 24448 },
    });
  });

  it("agents-sdk: the shipped script's tools load the skill and run its script", async () => {
    const r = await evalWith("agents-sdk", "skill-used");
    expect(run0(r).error).toBeUndefined();
    expect(r.code).toBe(0);
    expect(run0(r)).toMatchObject({
      pass: true,
      skillsLoaded: ["helper"],
      scriptsRun: ["helper/scripts/check.sh"],
      tokens: { input: 812, output: 47 },
    });
  });

  it("a good run is cached (the control for the not-cached checks below)", async () => {
    await evalWith("codex", "skill-used", {}, "cache-control");
    expect((await cachedFiles("cache-control")).length).toBeGreaterThan(0);
  });

  it("a run the agent ended itself (error_max_turns, turn.failed) fails with its reason", async () => {
    const claude = run0(await evalWith("claude-code", "max-turns"));
    expect(claude).toMatchObject({
      pass: false,
      skillsLoaded: ["helper"],
      tokens: { input: 10, output: 40 },
    });
    expect(claude.error).toBe("claude-code run ended with error_max_turns");
    expect(claude.transient).toBeUndefined();
    const codex = run0(await evalWith("codex", "turn-failed"));
    expect(codex.error).toMatch(/^codex error: stream disconnected before completion/);
  });
});

describe("agent presets: bad agents get a specific error and are not cached", () => {
  for (const runner of ["claude-code", "codex", "agents-sdk"]) {
    it(`${runner}: a crash fails the run with the stderr tail, marked transient, and nothing is cached`, async () => {
      const r = await evalWith(runner, "crash", {}, `cache-${runner}`);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/1 of 1 run\(s\) failed to execute/);
      const d = run0(r);
      expect(d).toMatchObject({ pass: false, transient: true });
      expect(d.error).toMatch(new RegExp(`^${runner} crashed \\(exit code \\d+\\); stderr tail: `));
      expect(d.error).toMatch(runner === "agents-sdk" ? /APIConnectionError/ : /panic: the agent gave up/);
      expect(await cachedFiles(`cache-${runner}`)).toEqual([]);
    });
  }

  for (const runner of ["claude-code", "codex"]) {
    it(`${runner}: output in another format names the line and is not cached`, async () => {
      const d = run0(await evalWith(runner, "garbage"));
      expect(d.transient).toBe(true);
      expect(d.error).toMatch(
        /stdout line 1 is not a JSON event: Welcome! Type your question below\.; stderr tail/,
      );
    });

    it(`${runner}: a stream cut before its last event is an error`, async () => {
      const d = run0(await evalWith(runner, "truncated"));
      expect(d.transient).toBe(true);
      expect(d.error).toMatch(runner === "codex" ? /no `turn.completed` event/ : /no final `result` event/);
    });
  }

  it("a missing binary stops the evaluation with the install command", async () => {
    const r = await evalWith("codex", "skill-used", { PATH: "/usr/bin:/bin" });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/codex: cannot start \["codex"\].*npm install -g @openai\/codex/);
  });

  it("an unsupported version stops the evaluation and names the minimum", async () => {
    const old = await binDir("old-bin", "1.0.128");
    const r = await evalWith("claude-code", "skill-used", { PATH: `${old}:${process.env.PATH}` });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(
      /claude-code: version 1\.0\.128 is not supported; the preset needs 2\.0\.20 or later/,
    );
  });
});
