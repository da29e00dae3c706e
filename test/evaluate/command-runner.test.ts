import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommandRunner } from "../../src/io/runners/command.js";
import { SystemicError } from "../../src/core/llm/model.js";
import { makeCase, makeSkill } from "./fixtures.js";
import { NO_SANDBOX, TEST_CONTAINMENT } from "../support/containment.js";
import { existsSync } from "node:fs";
import { dirname } from "node:path";

// A small agent written for this test: it follows the stdin/stdout contract of docs/agent-command.md
// and misbehaves on request (the case prompt names the behaviour).
const AGENT = String.raw`
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
const input = JSON.parse(readFileSync(0, "utf8"));
const mode = input.case.prompt;
if (mode === "hang") setInterval(() => {}, 1000);
else if (mode === "flood") { const line = "x".repeat(1023) + "\n"; for (let i = 0; i < 10 * 1024; i++) process.stdout.write(line); }
else if (mode === "crash") { process.stderr.write("loading model...\nTraceback: KeyError 'tasks'\n"); process.exit(3); }
else if (mode === "garbage") process.stdout.write("I think the answer is 42");
else if (mode === "no-output-key") process.stdout.write(JSON.stringify({ answer: 1 }));
else {
  const skills = readdirSync(input.skillsDir).sort();
  const body = readFileSync(join(input.skillsDir, "mock-tasks", "SKILL.md"), "utf8");
  const knowledge = readFileSync(join(input.skillsDir, "mock-tasks", "knowledge.md"), "utf8");
  const script = readFileSync(join(input.skillsDir, "mock-tasks", "scripts", "check.sh"), "utf8");
  process.stdout.write(JSON.stringify({
    output: { skills, runIndex: input.runIndex, files: input.case.files, sawPolicy: body.includes("Only existing users"), knowledge: knowledge.trim(), script: script.trim() },
    usage: { input_tokens: 120, output_tokens: 30, cached_tokens: 100 },
    trace: [{ type: "skill-loaded", skill: "mock-tasks" }, "free-form note"],
  }));
}
`;

let dir: string;
let agent: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "agent-"));
  agent = join(dir, "agent.mjs");
  await writeFile(agent, AGENT);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const skill = makeSkill(
  "mock-tasks",
  "Create and update tasks under the mock policy",
  "3. Only existing users can create tasks\n",
  {
    auxiliary: [{ path: "scripts/check.sh", kind: "scripts", size: 10, sha256: "0".repeat(64) }],
    knowledge: [{ text: "user_2 does not exist", provenance: "issue #3" }],
  },
);
const skillFiles = [
  {
    path: "mock-tasks/scripts/check.sh",
    bytes: new TextEncoder().encode("echo checked\n"),
    executable: true,
  },
];
// The agent lives in the folder it runs from, as a team's agent lives in its checkout (in a sandbox,
// the working folder is visible read-only; the rest of /tmp is not).
const runner = () =>
  createCommandRunner({
    command: [process.execPath, "agent.mjs"],
    cwd: dir,
    timeoutMs: 2_000,
    maxOutputBytes: 1_000_000,
    containment: TEST_CONTAINMENT,
  });
const run = (prompt: string) =>
  runner().run({
    case: makeCase("c1", { prompt }),
    skills: [skill],
    runIndex: 2,
    files: { "db.json": '{"users":{}}' },
    skillFiles,
  });

describe("command runner", () => {
  it("unsandboxed, the agent's HOME and TMPDIR are one empty private folder beside its work folder, removed after", async () => {
    const show = `const i = JSON.parse(require("fs").readFileSync(0, "utf8")); const h = process.env.HOME;
      process.stdout.write(JSON.stringify({ output: { home: h, tmp: process.env.TMPDIR, work: i.workDir, entries: require("fs").readdirSync(h) } }));`;
    const runner = createCommandRunner({
      command: [process.execPath, "-e", show],
      timeoutMs: 20_000,
      maxOutputBytes: 100_000,
      containment: NO_SANDBOX,
    });
    const r = await runner.run({ case: makeCase("c1"), skills: [], runIndex: 0, files: {} });
    const out = r.output as { home: string; tmp: string; work: string; entries: string[] };
    expect(r.error).toBeUndefined();
    expect(out.tmp).toBe(out.home);
    expect(dirname(out.home)).toBe(dirname(out.work));
    expect(out.home).not.toBe(out.work);
    expect(out.entries).toEqual([]);
    expect(existsSync(dirname(out.home))).toBe(false);
  });

  it("sends case, skillsDir and runIndex on stdin and reads output, usage and trace from stdout", async () => {
    const r = await run("answer");
    expect(r.error).toBeUndefined();
    expect(r.output).toEqual({
      skills: ["mock-tasks"],
      runIndex: 2,
      files: { "db.json": '{"users":{}}' },
      sawPolicy: true,
      knowledge: "# Knowledge: mock-tasks\n\n## 1\nuser_2 does not exist\n\nProvenance: issue #3",
      script: "echo checked",
    });
    expect(r.usage).toEqual({ input: 120, output: 30, cached: 100 });
    expect(r.trace).toEqual([
      { type: "skill-loaded", skill: "mock-tasks" },
      { type: "note", text: "free-form note" },
    ]);
  });

  it("a hanging agent is a failed run after the timeout", async () => {
    const r = await run("hang");
    // The agent itself was still running, so it is named among the killed.
    expect(r.error).toMatch(
      /^agent command timed out after 2000 ms; killed pid \d+ \(\S+ (\S+\/)?agent\.mjs(: its whole sandbox)?\)$/,
    );
    expect(r.output).toBeNull();
  });

  it("an agent printing 10 MB is stopped at the output cap", async () => {
    const r = await run("flood");
    expect(r.error).toMatch(
      /^agent command printed more than 1000000 bytes on stdout and was stopped; killed pid \d+ \(\S+ (\S+\/)?agent\.mjs(: its whole sandbox)?\)$/,
    );
  });

  it("a non-zero exit is a failed run carrying the stderr tail", async () => {
    const r = await run("crash");
    expect(r.error).toBe(
      "agent command exited with code 3; stderr tail:\nloading model...\nTraceback: KeyError 'tasks'",
    );
  });

  it("stdout that is not the contract's JSON is a failed run saying why", async () => {
    expect((await run("garbage")).error).toMatch(
      /^agent stdout is not one JSON object .*: I think the answer is 42$/,
    );
    expect((await run("no-output-key")).error).toBe(
      "agent answer does not follow the contract: missing key `output`",
    );
  });

  it("a command that cannot start is a systemic error, not a failed case", async () => {
    const broken = createCommandRunner({
      command: [join(dir, "missing-agent")],
      timeoutMs: 1000,
      maxOutputBytes: 1000,
      containment: TEST_CONTAINMENT,
    });
    await expect(
      broken.run({ case: makeCase("c1"), skills: [], runIndex: 0, files: {} }),
    ).rejects.toBeInstanceOf(SystemicError);
    expect(() =>
      createCommandRunner({ command: [], timeoutMs: 1, maxOutputBytes: 1, containment: TEST_CONTAINMENT }),
    ).toThrow(/needs an agent command/);
  });
});
