// What the harness costs per execution against the physical floor (issue 33, item 3), in one run:
//   npm run bench:harness [-- --runs 100 --sleepers 24 --sleep-ms 200]
// 1. a bare child_process.spawn of the trivial agent's command in a loop (stdin in, stdout read);
// 2. spawnCapped of the same command, evaluate.sandbox none and bwrap;
// 3. the command runner with that trivial agent (skills folder, work folder, answer parsed), none
//    and bwrap; its median over (1)'s median is the overhead (target ≤ 2×);
// 4. throughput of the command runner at concurrency 4 over concurrency 1 for an agent that sleeps
//    (target ≥ 1.6×), and for the trivial agent (what 2 cores allow).
// Rows 1–3 are timed interleaved (one of each per round), so a shared machine's load falls on all
// alike. Beside each, the worst event-loop stall while it ran: the synchronous work on the
// main thread that no concurrency can overlap.
import { spawn } from "node:child_process";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import pLimit from "p-limit";
import { createCommandRunner } from "../src/io/runners/command.js";
import { spawnCapped } from "../src/io/runners/spawn-capped.js";
import type { Containment } from "../src/core/sandbox/containment.js";
import { assertSandboxReady } from "../src/io/sandbox/sandbox-ready.js";
import { makeCase } from "../test/evaluate/fixtures.js";
import { NO_SANDBOX, SANDBOX } from "../test/support/containment.js";

function arg(name: string, fallback: string): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}
const RUNS = arg("runs", "100");
const SLEEPERS = arg("sleepers", "24");
const SLEEP_S = arg("sleep-ms", "200") / 1000;

const ANSWER = `cat >/dev/null; echo '{"output":1}'`;
const TRIVIAL = ["/bin/sh", "-c", ANSWER];
const SLEEPER = ["/bin/sh", "-c", `sleep ${SLEEP_S}; ${ANSWER}`];
const STDIN = JSON.stringify({ case: { id: "c1", prompt: "p", files: {} }, runIndex: 0 });

const contain = (sandbox: Containment["sandbox"]): Containment =>
  sandbox === "bwrap" ? SANDBOX : NO_SANDBOX;

/** The floor: spawn, feed stdin, read stdout to its end, wait for the exit. */
function bare(argv: readonly string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ["pipe", "pipe", "ignore"] });
    child.on("error", fail);
    child.stdout.resume();
    child.stdin.end(STDIN);
    child.on("close", () => ok());
  });
}

function runner(argv: readonly string[], sandbox: Containment["sandbox"]) {
  const r = createCommandRunner({
    command: argv,
    timeoutMs: 30_000,
    maxOutputBytes: 1e6,
    containment: contain(sandbox),
  });
  return async (runIndex = 0) => {
    const out = await r.run({ case: makeCase("c1"), skills: [], runIndex, files: {} });
    if (out.error) throw new Error(out.error);
  };
}

interface Row {
  label: string;
  median: number;
  p90: number;
  stallMs: number;
  /** This process's CPU time (user + system) per execution: what the main thread paid. */
  cpuMs: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * Times every way of executing `RUNS` times, interleaved (one of each per round), so the load of a
 * shared machine falls on all of them alike.
 */
async function timeInterleaved(ways: [string, () => Promise<unknown>][]): Promise<Row[]> {
  for (const [, once] of ways) await once(); // warm: the first spawn pays for the page cache
  const ms = ways.map(() => [] as number[]);
  const stall = ways.map(() => 0);
  const cpu = ways.map(() => 0);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  for (let i = 0; i < RUNS; i++) {
    for (const [w, [, once]] of ways.entries()) {
      loop.reset();
      const t = performance.now();
      const c = process.cpuUsage();
      await once();
      ms[w]!.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu[w]! += (used.user + used.system) / 1000;
      stall[w] = Math.max(stall[w]!, loop.max / 1e6);
    }
  }
  loop.disable();
  return ways.map(([label], w) => {
    const sorted = ms[w]!.sort((a, b) => a - b);
    return {
      label,
      median: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      stallMs: stall[w]!,
      cpuMs: cpu[w]! / RUNS,
    };
  });
}

/** Executions per second for `count` executions, `concurrency` at a time. */
async function throughput(count: number, concurrency: number, once: (i: number) => Promise<void>) {
  const limit = pLimit(concurrency);
  const t = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => limit(() => once(i))));
  return count / ((performance.now() - t) / 1000);
}

async function main(): Promise<void> {
  await assertSandboxReady(contain("bwrap"));
  const capped = (sandbox: Containment["sandbox"]) => () =>
    spawnCapped(TRIVIAL, { stdin: STDIN, timeoutMs: 30_000, maxOutputBytes: 1e6, contain: contain(sandbox) });
  const rows = await timeInterleaved([
    ["bare spawn of the trivial agent (sh -c)", () => bare(TRIVIAL)],
    ["spawnCapped, sandbox none", capped("none")],
    ["spawnCapped, sandbox bwrap", capped("bwrap")],
    ["command runner, trivial agent, sandbox none", runner(TRIVIAL, "none")],
    ["command runner, trivial agent, sandbox bwrap", runner(TRIVIAL, "bwrap")],
  ]);
  const floor = rows[0]!.median;
  const cpuFloor = rows[0]!.cpuMs;
  console.log(`${RUNS} executions each, one at a time, interleaved (wall ms per execution)\n`);
  console.log(
    "| execution | median | p90 | × bare spawn | our CPU ms | × bare spawn | worst event-loop stall ms |\n|---|---:|---:|---:|---:|---:|---:|",
  );
  for (const r of rows) {
    const cells = [
      r.median.toFixed(1),
      r.p90.toFixed(1),
      (r.median / floor).toFixed(2),
      r.cpuMs.toFixed(2),
      (r.cpuMs / cpuFloor).toFixed(2),
      r.stallMs.toFixed(1),
    ];
    console.log(`| ${r.label} | ${cells.join(" | ")} |`);
  }
  console.log(
    `\noverhead per execution, command runner (none) over bare spawn: ${(rows[3]!.median / floor).toFixed(2)}× wall, ${(rows[3]!.cpuMs / cpuFloor).toFixed(2)}× our CPU (target ≤ 2×)`,
  );

  console.log(`\n${SLEEPERS} executions through the command runner, sandbox none (executions/s)\n`);
  console.log("| agent | concurrency 1 | concurrency 4 | 4 over 1 | target |\n|---|---:|---:|---:|---:|");
  const agents: [string, readonly string[], string][] = [
    [`sleeps ${SLEEP_S * 1000} ms`, SLEEPER, "≥ 1.6×"],
    ["trivial (computes, 2 cores)", TRIVIAL, "—"],
  ];
  for (const [label, argv, target] of agents) {
    const once = runner(argv, "none");
    await once();
    const one = await throughput(SLEEPERS, 1, once);
    const four = await throughput(SLEEPERS, 4, once);
    console.log(
      `| ${label} | ${one.toFixed(1)} | ${four.toFixed(1)} | ${(four / one).toFixed(2)}× | ${target} |`,
    );
  }
}

await main();
