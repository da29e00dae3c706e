// Bounded regexes and contained agents (issue 11), each side by side with the naive method in one run.
//   npm run bench:containment  [-- --regex-timeout 5 --timeout 2 --hold 10]
// 1. `(a+)+$` on "a"×N + "!": native RegExp (in a worker, terminated after --regex-timeout s so the
//    bench cannot hang) vs re2js (what scorers/regex.ts uses).
// 2. An agent whose setsid() grandchild keeps stdout open (it lives --hold s), then hangs; agent
//    timeout --timeout s. Naive: the old spawn (group kill, wait for the pipes to close) vs spawnCapped.
// 3. An agent that answers and exits 0, leaving a same-group child running: is it alive afterwards?
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { compileSafePattern } from "../src/records/safe-pattern.js";
import { spawnCapped } from "../src/io/runners/spawn-capped.js";
import { DEFAULT_LIMITS } from "../src/core/sandbox/containment.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const REGEX_TIMEOUT_S = arg("regex-timeout", 5);
const TIMEOUT_S = arg("timeout", 2);
const HOLD_S = arg("hold", 10);
const SIZES = [10, 20, 24, 26, 28, 40, 100_000];

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const t = performance.now();
const matched = new RegExp("(a+)+$").test("a".repeat(workerData) + "!");
parentPort.postMessage({ matched, ms: performance.now() - t });
`;

/** Native RegExp in a worker: the match time, or "> X s, killed" when it ran past the limit. */
function nativeRegex(n: number): Promise<string> {
  return new Promise((resolve) => {
    const w = new Worker(WORKER, { eval: true, workerData: n });
    const timer = setTimeout(() => {
      void w.terminate();
      resolve(`> ${REGEX_TIMEOUT_S} s, killed`);
    }, REGEX_TIMEOUT_S * 1000);
    w.on("message", (m: { matched: boolean; ms: number }) => {
      clearTimeout(timer);
      void w.terminate();
      resolve(`${m.ms.toFixed(1)} ms (${m.matched ? "match" : "no match"})`);
    });
  });
}

function re2Regex(n: number): string {
  const compiled = compileSafePattern("(a+)+$");
  if (!compiled.ok) throw new Error(compiled.reason);
  const input = "a".repeat(n) + "!";
  const t = performance.now();
  const matched = compiled.matcher.test(input);
  return `${(performance.now() - t).toFixed(1)} ms (${matched ? "match" : "no match"})`;
}

async function benchRegex(): Promise<void> {
  console.log(`\n(a+)+$ on "a"×N + "!"`);
  console.log(`${"N".padStart(8)}  ${"native RegExp".padEnd(26)}  re2js`);
  re2Regex(10); // warm-up, so the first row does not time the JIT
  for (const n of SIZES) {
    // The backtracking time doubles with each N; past the limit the rest are killed too, so skip them.
    const native = n > 40 ? `(not run: > ${REGEX_TIMEOUT_S} s at N = 40)` : await nativeRegex(n);
    console.log(`${String(n).padStart(8)}  ${native.padEnd(26)}  ${re2Regex(n)}`);
  }
}

const escape = (piddir: string) => `setsid bash -c 'echo $$ > ${piddir}/grandchild; exec sleep ${HOLD_S}' &`;

/** The spawn before issue 11: group kill on timeout, then wait for the pipes to close. */
function naiveSpawn(argv: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ["pipe", "pipe", "pipe"], detached: true });
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), timeoutMs);
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.end();
    child.on("close", () => (clearTimeout(timer), resolve()));
  });
}

function isAlive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  const text = readFileSync(stat, "utf8");
  return text[text.lastIndexOf(")") + 2] !== "Z";
}

async function timed(
  dir: string,
  script: string,
  how: (argv: string[]) => Promise<unknown>,
): Promise<{ s: number; alive: boolean }> {
  const piddir = await mkdtemp(join(dir, "run-"));
  const t = performance.now();
  await how(["bash", "-c", script.replaceAll("PIDDIR", piddir)]);
  const s = (performance.now() - t) / 1000;
  const pid = Number((await readFile(join(piddir, "grandchild"), "utf8")).trim());
  await new Promise((r) => setTimeout(r, 200));
  const alive = isAlive(pid);
  if (alive) process.kill(pid, "SIGKILL");
  return { s, alive };
}

async function benchAgents(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-containment-"));
  const ms = TIMEOUT_S * 1000;
  // The unsandboxed path (process group and tag scan); bench/sandbox.ts measures bubblewrap's.
  const contain = { sandbox: "none" as const, pass: [], limits: DEFAULT_LIMITS, parentEnv: process.env };
  const contained = (argv: string[]) => spawnCapped(argv, { timeoutMs: ms, maxOutputBytes: 1e6, contain });
  // Each agent waits until its leftover has written its pid before going on: on a loaded machine
  // the agent could otherwise be killed (or exit and have its group killed) first, and the bench
  // would find no pid to check.
  const pidWritten = "until [ -s PIDDIR/grandchild ]; do sleep 0.01; done;";
  const cases = [
    [
      `setsid() grandchild holds stdout (lives ${HOLD_S} s), agent hangs`,
      `${escape("PIDDIR")} ${pidWritten} sleep 300`,
    ],
    [
      "same-group child left behind, agent exits 0",
      `bash -c 'echo $$ > PIDDIR/grandchild; exec sleep ${HOLD_S}' </dev/null >/dev/null 2>&1 & ${pidWritten} echo '{"output":1}'`,
    ],
  ] as const;
  console.log(`\nagent timeout ${TIMEOUT_S} s; time to return, and whether the leftover is alive afterwards`);
  for (const [label, script] of cases) {
    const old = await timed(dir, script, (argv) => naiveSpawn(argv, ms));
    const now = await timed(dir, script, contained);
    const show = (r: { s: number; alive: boolean }) =>
      `${r.s.toFixed(2)} s, leftover ${r.alive ? "ALIVE" : "dead"}`;
    console.log(`  ${label}\n    naive spawn: ${show(old)}\n    spawnCapped: ${show(now)}`);
  }
  console.log(
    "  (the naive spawn returns only when the setsid() grandchild exits by itself: never, if it never does)",
  );
  await rm(dir, { recursive: true, force: true });
}

await benchRegex();
if (process.platform === "linux") await benchAgents();
else console.log("\nagent containment: the /proc scan is Linux only; skipped");
