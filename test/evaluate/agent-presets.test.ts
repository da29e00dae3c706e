// `skillops eval --runner claude-code|codex|agents-sdk` through stand-ins that print the agents'
// published output formats (test/support/agent-doubles, fixtures in test/fixtures/agents): the
// record's skillsLoaded, scripts, tokens and verdicts come from the fixture; a missing binary, an
// old version, a crash and output in another format fail with a specific error and are not cached.
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { NO_TASK, TraceRecord } from "../../src/core/evaluate/trace-record.js";
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
/** The model endpoint behind the proxy: answers each stand-in's one call with a little usage. */
let upstream: Server;
let upstreamUrl: string;
beforeAll(async () => {
  upstream = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ type: "message", usage: { input_tokens: 7, output_tokens: 3 } }));
  });
  await new Promise<void>((ok) => upstream.listen(0, "127.0.0.1", ok));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
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
afterAll(async () => {
  upstream.close();
  await rm(root, { recursive: true, force: true });
});

async function evalWith(
  runner: string,
  scenario: string,
  env: Record<string, string> = {},
  cache?: string,
  extra: string[] = [],
) {
  const { io, out } = capturedIo(root, {
    PATH: `${bin}:${process.env.PATH}`,
    PYTHONPATH: join(bin, "agent-doubles", "python"),
    ANTHROPIC_BASE_URL: upstreamUrl,
    OPENAI_BASE_URL: `${upstreamUrl}/v1`,
    ...env,
  });
  const flags = [
    "--runner",
    runner,
    "--json",
    ...(cache ? ["--cache-dir", cache] : ["--no-cache"]),
    ...extra,
  ];
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
      proxyTokens: { input: 7, output: 3, cached: 0 },
      modelCalls: 1,
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
    expect(codex.error).toMatch(/^codex turn\.failed: stream disconnected before completion/);
    expect(codex.transient).toBeUndefined();
  });

  it("--traces-out writes a failed run's trace marked as holding no task; ingest skips it, not failing", async () => {
    const without = await evalWith("claude-code", "max-turns");
    const r = await evalWith("claude-code", "max-turns", {}, undefined, [
      "--traces-out",
      "preset-traces.jsonl",
    ]);
    expect(r.code).toBe(without.code); // the exit code is the evaluation's own
    expect(r.stderr).toContain("wrote 1 trace(s) to preset-traces.jsonl");
    const text = await readFile(join(root, "preset-traces.jsonl"), "utf8");
    const trace = TraceRecord.parse(JSON.parse(text.trim()));
    expect(trace).toMatchObject({ case: "c1", outcome: "error", noTask: NO_TASK });
    expect(trace.error).toBe("claude-code run ended with error_max_turns");
    const { io, out } = capturedIo(root, { PATH: process.env.PATH });
    const code = await main(["ingest", "--traces", "preset-traces.jsonl", "--out", "drafts"], io);
    expect(out.stderr).not.toContain("no user message to replay");
    expect(code).toBe(0);
    expect(out.stdout).toContain(`line 1\tc1 run 0\tskipped: ${NO_TASK}`);
  });

  it("codex: recoverable `Reconnecting... N/5` error events do not fail a run that completed", async () => {
    const r = await evalWith("codex", "reconnected");
    expect(r.code).toBe(0);
    expect(run0(r)).toMatchObject({ pass: true, skillsLoaded: ["helper"] });
    expect(run0(r).error).toBeUndefined();
  });
});

describe("agent presets: bad agents get a specific error and are not cached", () => {
  // None of these made a model call that worked: an infrastructure failure, run again (bounded),
  // then the evaluation stops naming the cause; nothing is scored or cached.
  const stopped = (r: Awaited<ReturnType<typeof evalWith>>) => {
    expect(r.code).not.toBe(0);
    expect(r.record).toBeUndefined();
    expect(r.stderr).toMatch(
      /case c1: every run ended in an infrastructure failure, so nothing was scored or cached/,
    );
  };
  for (const runner of ["claude-code", "codex", "agents-sdk"]) {
    it(`${runner}: a crash before any model call stops the evaluation with the stderr tail, nothing cached`, async () => {
      const r = await evalWith(runner, "crash", {}, `cache-${runner}`);
      stopped(r);
      expect(r.stderr).toMatch(new RegExp(`${runner} crashed \\(exit code \\d+\\); stderr tail: `));
      expect(r.stderr).toMatch(runner === "agents-sdk" ? /APIConnectionError/ : /panic: the agent gave up/);
      expect(r.stderr).toMatch(/\[infrastructure: no model call reached the proxy\]/);
      expect(await cachedFiles(`cache-${runner}`)).toEqual([]);
    });
  }

  for (const runner of ["claude-code", "codex"]) {
    it(`${runner}: output in another format names the line and is not cached`, async () => {
      const r = await evalWith(runner, "garbage", {}, `cache-garbage-${runner}`);
      stopped(r);
      expect(r.stderr).toMatch(
        /stdout line 1 is not a JSON event: Welcome! Type your question below\.; stderr tail/,
      );
      expect(await cachedFiles(`cache-garbage-${runner}`)).toEqual([]);
    });

    it(`${runner}: a stream cut before its last event is an error`, async () => {
      const r = await evalWith(runner, "truncated");
      stopped(r);
      expect(r.stderr).toMatch(runner === "codex" ? /no `turn.completed` event/ : /no final `result` event/);
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

describe("agent presets: the versions each was tested on", () => {
  const warnings = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("warning: claude-code"));

  it("a version outside the tested range runs, with one warning for the whole evaluation", async () => {
    // bin's stand-in says 2.0.31: above the minimum (2.0.20), below the tested 2.1.197.
    const { io, out } = capturedIo(root, {
      PATH: `${bin}:${process.env.PATH}`,
      ANTHROPIC_BASE_URL: upstreamUrl,
    });
    const cases = await casesFor("skill-used");
    const argv = ["eval", "--bank", "bank", "--cases", cases, "--n", "3", "--k", "1", "--no-cache"];
    const code = await main([...argv, "--runner", "claude-code", "--json"], io);
    expect(code).toBe(0);
    expect(warnings(out.stderr)).toEqual([
      "warning: claude-code: version 2.0.31 is outside the versions this preset was tested on (2.1.197); it may work, but check its runs (docs/agents.md)",
    ]);
  });
});

describe("agent presets: an endpoint that refuses connections", () => {
  /** A port nothing listens on (yet). */
  async function closedPort(): Promise<number> {
    const s = createServer();
    await new Promise<void>((ok) => s.listen(0, "127.0.0.1", ok));
    const port = (s.address() as AddressInfo).port;
    await new Promise<void>((ok) => s.close(() => ok()));
    return port;
  }

  it("for a while: the proxy retries the connection, and no run is scored failed because of it", async () => {
    const port = await closedPort();
    const late = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ usage: { input_tokens: 4, output_tokens: 2 } }));
    });
    // Opens after the first try was refused; the proxy's backoff reaches it on a later try.
    const opening = new Promise<void>((ok) => setTimeout(() => late.listen(port, "127.0.0.1", ok), 300));
    try {
      const r = await evalWith(
        "codex",
        "skill-used",
        { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` },
        "cache-refused-awhile",
      );
      expect(r.code).toBe(0);
      expect(run0(r)).toMatchObject({ pass: true, modelCalls: 1 });
      expect(run0(r).error).toBeUndefined();
    } finally {
      await opening;
      late.close();
    }
  });

  it("for good: every run is transient, re-run, never cached, and the evaluation names the cause", async () => {
    const port = await closedPort();
    const r = await evalWith(
      "codex",
      "skill-used",
      { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` },
      "cache-refused",
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/every run ended in an infrastructure failure/);
    expect(r.stderr).toMatch(/the model endpoint was unreachable \(1 call\(s\) never connected\)/);
    expect(r.stderr).toMatch(/ECONNREFUSED/);
    expect(await cachedFiles("cache-refused")).toEqual([]);
  }, 120_000);
});
