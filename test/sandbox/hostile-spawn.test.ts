// Every place that runs code a model or a case supplied, given a hostile program (fixtures/hostile.mjs)
// and a caller whose environment, home and checkout hold credentials: no secret reaches the program,
// and under bubblewrap, as root too (CI runs as root), it has no capability; its mount, umount2,
// unshare and ptrace are refused; its write outside its folder, its reads of the home folder, the
// checkout's .git/config and /etc/shadow, its write to a host sysctl and its connections to the host's
// loopback and to a host socket under /var all fail; and nothing it started outlives it.
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import type { BankFile } from "../../src/core/bank/skill.js";
import { runBankScriptTests } from "../../src/apps/cli/audit/script-tests.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createCommandRunner } from "../../src/io/runners/command.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { runCommandItem } from "../../src/io/runners/command-scorer.js";
import { runHarnessFiles } from "../../src/io/kernel/run-harness.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { createAgentRunner } from "../../src/io/runners/agent-runner.js";
import { PRESETS } from "../../src/io/runners/agent-preset.js";
import { treeCgroupsAvailable } from "../../src/io/runners/tree-cgroup.js";
import { SANDBOX_MISSING, SANDBOX_SKIP_REASON } from "../support/containment.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { makeCase } from "../evaluate/fixtures.js";
import { containmentIn, reportIn, SECRETS, setTrap, type HostileReport, type Trap } from "./hostile-trap.js";

const enc = (s: string) => new TextEncoder().encode(s);
/** What a contained program may see of its environment: the allowlist and what skillops gave it. */
const ALLOWED = ["HOME", "LANG", "PATH", "PWD", "SKILLOPS_PROCESS_TREE", "TMPDIR"];
/** What a preset's agent is given besides: the proxy's address and the per-run token. */
// The presets' own variables: the proxy's address and token, and Claude Code's headless switches.
const PROXY_VARS = [
  ...["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "CODEX_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"],
  ...["CLAUDE_CODE_DISABLE_BUNDLED_SKILLS", "IS_SANDBOX"],
];

let trap: Trap;
let double: OpenAIDouble | undefined;
beforeEach(async () => (trap = await setTrap()));
afterEach(async () => {
  await trap.close();
  await double?.close();
  double = undefined;
});

function expectContained(report: HostileReport, given: readonly string[] = []): Promise<void> {
  expect(report.secrets).toEqual([]);
  expect(report.envNames.filter((n) => !ALLOWED.includes(n) && !given.includes(n))).toEqual([]);
  expect(report.capEff).toMatch(/^0+$/);
  const { calls, secrets: _s, envNames: _e, capEff: _c, ...files } = report;
  expect(calls, JSON.stringify(calls)).toEqual({
    mount: expect.not.stringMatching(/^ok$/),
    umount: expect.not.stringMatching(/^ok$/),
    unshareUser: expect.not.stringMatching(/^ok$/),
    unshareMount: expect.not.stringMatching(/^ok$/),
    ptrace: expect.not.stringMatching(/^ok$/),
  });
  for (const [what, result] of Object.entries(files)) expect(result, what).not.toBe("ok");
  return expectNoTraces();
}

async function expectNoTraces(): Promise<void> {
  expect(existsSync(join(trap.outside, `pwned-${trap.marker}.txt`))).toBe(false);
  expect(trap.connections()).toBe(0);
  expect(await trap.survivors()).toEqual([]);
}

/** The hostile program as the command runner's agent. */
function runAsAgent(sandbox: "bwrap" | "none") {
  const runner = createCommandRunner({
    command: trap.argv,
    cwd: trap.agentDir,
    timeoutMs: 20_000,
    maxOutputBytes: 100_000,
    containment: containmentIn(trap, sandbox),
  });
  return runner.run({ case: makeCase("c1"), skills: [], runIndex: 0, files: {} });
}

/** The reference agent calls run_script on the hostile script a model wrote into a skill. */
async function runScriptThroughAgent(sandbox: "bwrap" | "none"): Promise<string> {
  const files: BankFile[] = [
    {
      path: "tools/SKILL.md",
      bytes: enc("---\nname: tools\ndescription: Tools.\n---\n# tools\n\nRun it.\n"),
    },
    { path: "tools/scripts/lookup.mjs", bytes: enc(trap.baked) },
  ];
  double = await startOpenAIDouble([
    {
      completion: {
        toolCalls: [{ name: "run_script", arguments: { skill: "tools", script: "scripts/lookup.mjs" } }],
      },
    },
    { completion: { content: "done" } },
  ]);
  const model = createOpenAIModel(ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0 }), {
    env: { OPENAI_API_KEY: "k" },
  });
  const runner = createReferenceRunner({
    model,
    modelSettings: "m",
    maxTurns: 3,
    scriptTimeoutMs: 20_000,
    maxOutputBytes: 100_000,
    containment: containmentIn(trap, sandbox),
  });
  const bank = loadBank(files).bank;
  await runner.run({ case: makeCase("c1"), skills: bank.skills, skillFiles: files, runIndex: 0, files: {} });
  const second = double.requests[1]!.body as { messages: { content?: string }[] };
  return second.messages.at(-1)!.content ?? "";
}

/**
 * The hostile program as a preset's agent: a stand-in `claude` or `codex` on PATH (in a folder of its
 * own, as an installed agent's) answers --version, then runs it and fails with its report on stderr.
 */
async function runAsPreset(name: "claude-code" | "codex", sandbox: "bwrap" | "none") {
  const bin = await mkdtemp(join(dirname(trap.agentDir), "bin-"));
  await writeFile(join(bin, "hostile.mjs"), trap.baked);
  const version = name === "codex" ? "codex-cli 0.50.0" : "2.0.31 (Claude Code)";
  const program = PRESETS[name].defaultCommand[0]!;
  const script = `#!/bin/sh\n[ "$1" = --version ] && { echo '${version}'; exit 0; }\n'${process.execPath}' '${bin}/hostile.mjs' >&2\nexit 1\n`;
  await writeFile(join(bin, program), script);
  await chmod(join(bin, program), 0o755);
  const contained = containmentIn(trap, sandbox);
  const runner = createAgentRunner({
    preset: PRESETS[name],
    timeoutMs: 20_000,
    maxOutputBytes: 100_000,
    containment: {
      ...contained,
      parentEnv: { ...contained.parentEnv, PATH: `${bin}:${contained.parentEnv.PATH}` },
    },
    modelProxy: { upstream: "http://127.0.0.1:9/v1", apiKey: "k" },
  });
  try {
    const r = await runner.run({ case: makeCase("c1"), skills: [], runIndex: 0, files: {} });
    return reportIn(r.error ?? "");
  } finally {
    await rm(bin, { recursive: true, force: true });
  }
}

describe("no secret reaches a spawned program, sandbox or not", () => {
  it("the unsandboxed path still builds the environment from the allowlist", async () => {
    const r = await runAsAgent("none");
    const report = r.output as HostileReport;
    expect(report.secrets).toEqual([]);
    expect(report.envNames.filter((n) => !ALLOWED.includes(n))).toEqual([]);
  });

  it("a model-written script run by run_script sees no secret, so none reaches the model", async () => {
    const shown = await runScriptThroughAgent("none");
    expect(reportIn(shown).secrets).toEqual([]);
    for (const value of Object.values(SECRETS)) expect(JSON.stringify(double!.requests)).not.toContain(value);
  });
});

const underBwrap = `hostile code under bubblewrap${SANDBOX_MISSING ? ` (skipped: ${SANDBOX_SKIP_REASON})` : ""}`;
describe.skipIf(SANDBOX_MISSING)(underBwrap, () => {
  it("a command agent: no secret, no write outside, no home, no network, no survivor", async () => {
    const r = await runAsAgent("bwrap");
    expect(r.error, r.error).toBeUndefined();
    await expectContained(r.output as HostileReport);
  });

  it("a model-written script run by the reference agent's run_script", async () => {
    const shown = await runScriptThroughAgent("bwrap");
    expect(shown).toMatch(/^exit code 0/);
    await expectContained(reportIn(shown));
    for (const value of Object.values(SECRETS)) expect(JSON.stringify(double!.requests)).not.toContain(value);
  });

  it.each(["claude-code", "codex"] as const)("the %s preset's agent (a stand-in binary)", async (name) => {
    await expectContained(await runAsPreset(name, "bwrap"), PROXY_VARS);
  });

  it("a case-supplied command scorer", async () => {
    const item = { type: "command" as const, run: trap.argv, timeoutMs: 20_000 };
    const v = await runCommandItem(item, "x", {
      cwd: trap.agentDir,
      containment: containmentIn(trap, "bwrap"),
    });
    expect(v.pass, v.reason).toBe(true);
    await expectContained(reportIn(v.reason));
  });

  it("a tool's script test after a tool operation (exit 0 only when it managed nothing)", async () => {
    const files: BankFile[] = [
      { path: "tools/SKILL.md", bytes: enc("---\nname: tools\ndescription: Tools.\n---\n# tools\n") },
      { path: "tools/scripts/test_lookup.mjs", bytes: enc(trap.baked) },
    ];
    const bank = loadBank(files).bank;
    const [r] = await runBankScriptTests(
      bank,
      [{ skill: "tools", file: "tools/scripts/test_lookup.mjs" }],
      containmentIn(trap, "bwrap"),
    );
    expect(r).toMatchObject({ status: "ok" });
    await expectNoTraces();
  });

  it("a kernel solution (agent code) under the harness", async () => {
    // The solution's own folder is the harness's to write; the trap's folder is elsewhere.
    const work = await mkdtemp(join(tmpdir(), "skillops-kernel-test-"));
    const standIn = join(work, "python");
    await writeFile(join(work, "solution-code.mjs"), trap.baked);
    await writeFile(standIn, `#!/bin/bash\nexec "${process.execPath}" "${work}/solution-code.mjs"\n`, {
      mode: 0o755,
    });
    const r = await runHarnessFiles(join(work, "ref.py"), join(work, "sol.py"), {
      python: standIn,
      timeoutMs: 20_000,
      containment: containmentIn(trap, "bwrap"),
    });
    // It ran and exited 0, which it does only when it managed nothing: its report is not a harness result.
    expect(r.error).toMatch(/fails its schema/);
    await expectNoTraces();
  });
});

const asRoot = process.getuid?.() === 0;
describe("the trap sees an escape when there is one (so its checks can fail)", () => {
  it("unsandboxed, the writes, reads and connections succeed, and without a cgroup the setsid + empty-environment survivor too", async () => {
    const r = await runAsAgent("none");
    const report = r.output as HostileReport;
    const { outsideWrite, net, sock, home, gitconfig } = report;
    expect({ outsideWrite, net, sock, home, gitconfig }).toEqual({
      ...{ outsideWrite: "ok", net: "ok", sock: "ok", home: "ok", gitconfig: "ok" },
    });
    expect(trap.connections()).toBe(2);
    // The tag scan cannot find a process that left the group and cleared its environment; where the
    // tree runs in a cgroup of its own (tree-cgroup.ts), nothing leaves it.
    expect((await trap.survivors()).length).toBe(treeCgroupsAvailable() ? 0 : 1);
  });

  it.skipIf(!asRoot)(
    `unsandboxed as root, it holds capabilities, and mount, umount2, unshare, ptrace, /etc/shadow and a sysctl all work${asRoot ? "" : " (skipped: not root)"}`,
    async () => {
      const report = (await runAsAgent("none")).output as HostileReport;
      expect(report.capEff).not.toMatch(/^0+$/);
      expect(report.calls).toEqual({
        mount: "ok",
        umount: "ok",
        unshareUser: "ok",
        unshareMount: "ok",
        ptrace: "ok",
      });
      expect([report.shadow, report.sysctl]).toEqual(["ok", "ok"]);
    },
  );

  it.skipIf(!asRoot)(
    `the preset route runs the same program: unsandboxed as root, it mounts${asRoot ? "" : " (skipped: not root)"}`,
    async () => {
      const report = await runAsPreset("claude-code", "none");
      expect([report.calls.mount, report.gitconfig]).toEqual(["ok", "ok"]);
    },
  );
});
