import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RubricItem } from "../../src/records/case.js";
import { createCommandRunner } from "../../src/io/runners/command.js";
import { spawnCapped } from "../../src/io/runners/spawn-capped.js";
import { runCommandItem } from "../../src/io/runners/command-scorer.js";
import { runHarnessFiles } from "../../src/io/kernel/run-harness.js";
import { makeCase } from "./fixtures.js";
import { treeCgroupsAvailable } from "../../src/io/runners/tree-cgroup.js";
import { NO_SANDBOX } from "../support/containment.js";

// An agent in bash that leaves processes behind (the case prompt names how), each writing its pid
// to $PIDDIR so the test can check afterwards that it is dead:
// - escape-and-hang: a setsid() grandchild keeping stdout open, then the agent hangs;
// - escape-and-answer: the same grandchild, but the agent answers and exits 0;
// - linger-and-answer: a plain background child (same process group, stdio detached), then answer;
// - scrub-and-answer: a setsid() child that stays, and under it a grandchild with an empty
//   environment (no tag, not in the group: found only as a descendant), then answer;
// - orphan-and-answer: the same grandchild, but its setsid() parent exits at once, so it is in no
//   group of ours, carries no tag and descends from nothing of the tree: only a cgroup holds it.
const AGENT = String.raw`#!/bin/bash
mode=$(cat)
escape() { setsid bash -c 'echo $$ > "$PIDDIR/grandchild"; exec sleep 300' & }
case "$mode" in
  *escape-and-hang*) escape; sleep 300 ;;
  *escape-and-answer*) escape; sleep 0.2; echo '{"output":"ok"}' ;;
  *linger-and-answer*)
    bash -c 'echo $$ > "$PIDDIR/grandchild"; exec sleep 300' </dev/null >/dev/null 2>&1 &
    sleep 0.2; echo '{"output":"ok"}' ;;
  *scrub-and-answer*)
    setsid bash -c '(exec env -i sleep 300) & echo $! > "$PIDDIR/grandchild"; wait' </dev/null >/dev/null 2>&1 &
    sleep 0.2; echo '{"output":"ok"}' ;;
  *orphan-and-answer*)
    setsid bash -c '(exec env -i sleep 300) & echo $! > "$PIDDIR/grandchild"' </dev/null >/dev/null 2>&1 &
    sleep 0.2; echo '{"output":"ok"}' ;;
esac
`;

let dir: string;
let agent: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "containment-"));
  agent = join(dir, "agent.sh");
  await writeFile(agent, AGENT, { mode: 0o755 });
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** Alive = listed in /proc and not a zombie (an orphan's zombie may wait for a PID 1 that never reaps). */
function isAlive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    const text = readFileSync(stat, "utf8");
    return text.slice(text.lastIndexOf(")") + 2, text.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * How the kill may name a leftover it caught at any step of setsid → bash → (env -i) → sleep: by its
 * command line, or, inside execve() (the command line is empty for a moment, longer on a loaded
 * machine), by its name. The pid is what must match.
 */
const SOME_STEP = /^(setsid bash -c .*|bash -c .*|(env -i )?sleep 300|setsid|bash|env|sleep)$/;
const leftover = (pid: number) => ({ pid, command: expect.stringMatching(SOME_STEP) as unknown as string });

/** SIGKILL is delivered asynchronously; give the kernel a moment before calling a pid alive. */
async function diesSoon(pid: number): Promise<boolean> {
  for (let i = 0; i < 40 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}

async function runAgent(mode: string, timeoutMs: number) {
  const piddir = await mkdtemp(join(dir, "run-"));
  const runner = createCommandRunner({
    command: [agent],
    timeoutMs,
    maxOutputBytes: 100_000,
    // The unsandboxed path: process groups and the tag scan (sandbox.test.ts covers bubblewrap).
    containment: { ...NO_SANDBOX, pass: ["PIDDIR"], parentEnv: { ...process.env, PIDDIR: piddir } },
  });
  const started = performance.now();
  const result = await runner.run({
    case: makeCase("c1", { prompt: mode }),
    skills: [],
    runIndex: 0,
    files: {},
  });
  const seconds = (performance.now() - started) / 1000;
  const grandchild = Number((await readFile(join(piddir, "grandchild"), "utf8")).trim());
  return { result, seconds, grandchild };
}

describe.skipIf(process.platform !== "linux")("containment of what an agent starts", () => {
  it("a setsid() grandchild holding stdout open neither outlives the timeout nor holds eval", async () => {
    const { result, seconds, grandchild } = await runAgent("escape-and-hang", 1500);
    // Before: eval waited on the pipe until the grandchild's sleep 300 ended.
    expect(seconds).toBeLessThan(20);
    expect(result.error).toMatch(/^agent command timed out after 1500 ms; killed /);
    expect(await diesSoon(grandchild)).toBe(true);
    const killed = result.trace.find((e) => e.type === "processes-killed");
    expect(killed).toMatchObject({ type: "processes-killed", after: "timeout", source: "agent command" });
    expect(killed?.type === "processes-killed" && killed.processes).toContainEqual(leftover(grandchild));
  });

  it("a setsid() grandchild left after a normal exit is killed and the answer still counts", async () => {
    const { result, seconds, grandchild } = await runAgent("escape-and-answer", 60_000);
    expect(seconds).toBeLessThan(20);
    expect(result.error).toBeUndefined();
    expect(result.output).toBe("ok");
    expect(await diesSoon(grandchild)).toBe(true);
    expect(result.trace).toContainEqual({
      type: "processes-killed",
      after: "exit",
      source: "agent command",
      processes: [leftover(grandchild)],
    });
  });

  it("a same-group child left running after a normal exit is killed", async () => {
    const { result, grandchild } = await runAgent("linger-and-answer", 60_000);
    expect(result.output).toBe("ok");
    expect(await diesSoon(grandchild)).toBe(true);
    expect(result.trace).toContainEqual(
      expect.objectContaining({
        type: "processes-killed",
        after: "exit",
        processes: [leftover(grandchild)],
      }),
    );
  });

  it("a grandchild with an empty environment under a setsid() child is killed as its descendant", async () => {
    const { result, grandchild } = await runAgent("scrub-and-answer", 60_000);
    expect(result.output).toBe("ok");
    expect(await diesSoon(grandchild)).toBe(true);
    const killed = result.trace.find((e) => e.type === "processes-killed");
    expect(killed?.type === "processes-killed" && killed.processes).toContainEqual(leftover(grandchild));
  });

  // Where the runner may make a cgroup (cgroup v2, delegated; as root in CI), the tree runs in one:
  // nothing it starts can leave it. Elsewhere this orphan is the /proc scan's documented limit.
  it.skipIf(!treeCgroupsAvailable())(
    "an orphan that left the group and scrubbed its environment is killed: the tree's cgroup holds it",
    async () => {
      const { result, grandchild } = await runAgent("orphan-and-answer", 60_000);
      expect(result.output).toBe("ok");
      expect(await diesSoon(grandchild)).toBe(true);
      const killed = result.trace.find((e) => e.type === "processes-killed");
      expect(killed?.type === "processes-killed" && killed.processes).toContainEqual(leftover(grandchild));
    },
  );

  it("a program that leaves nothing behind reports nothing killed", async () => {
    const r = await spawnCapped(["bash", "-c", "echo hi"], {
      timeoutMs: 10_000,
      maxOutputBytes: 1000,
      contain: NO_SANDBOX,
    });
    expect(r).toMatchObject({ exitCode: 0, stdout: "hi\n", killed: [], timedOut: false });
  });

  it("a command scorer's leftovers are killed and named in the verdict", async () => {
    const piddir = await mkdtemp(join(dir, "scorer-"));
    const item = RubricItem.parse({
      type: "command",
      run: ["bash", "-c", `setsid bash -c 'echo $$ > ${piddir}/grandchild; exec sleep 300' & sleep 300`],
      timeoutMs: 1000,
    });
    if (item.type !== "command") throw new Error("expected a command item");
    const v = await runCommandItem(item, "x", { containment: NO_SANDBOX });
    const grandchild = Number((await readFile(join(piddir, "grandchild"), "utf8")).trim());
    expect(v).toMatchObject({ pass: false, failure: "command-timeout" });
    const named = [...(v.reason ?? "").matchAll(/pid (\d+) \(([^()]*)\)/g)].map((m) => ({
      pid: Number(m[1]),
      command: m[2]!,
    }));
    expect(named).toContainEqual(leftover(grandchild));
    expect(await diesSoon(grandchild)).toBe(true);
  });

  it("the kernel harness's leftovers (the solution is agent code) are killed on its timeout", async () => {
    // A stand-in interpreter: the harness's process misbehaving the way a solution could make it.
    const piddir = await mkdtemp(join(dir, "harness-"));
    const python = join(piddir, "python");
    const script = `#!/bin/bash\nsetsid bash -c 'echo $$ > ${piddir}/grandchild; exec sleep 300' &\nsleep 300\n`;
    await writeFile(python, script, { mode: 0o755 });
    const r = await runHarnessFiles("ref.py", "sol.py", { python, timeoutMs: 1000, containment: NO_SANDBOX });
    const grandchild = Number((await readFile(join(piddir, "grandchild"), "utf8")).trim());
    expect(r.error).toMatch(/^the harness ran past its 1000 ms timeout .*; killed .*pid \d+ \(sleep 300\)/);
    expect(await diesSoon(grandchild)).toBe(true);
  });
});
