// The scale table of issue 31, measured in one run on this machine with a simulated agent of fixed
// latency (a command that sleeps, then answers), through the production command runner, sandbox
// and evaluator:
//   npm run build && npm run bench:scale [-- --latency-ms 1000 --cases 48 --n 2 --shard-concurrency 4]
//   npm run bench:scale -- --project [--overhead-ms 30 --shard-start-s 60]   (docs/scale.md's table)
// 1. executions/s against evaluate.concurrency 1…64, and the speedup at 8, 32 and 64 over 1;
// 2. wall time of one evaluation of `cases` × n split over 1, 2, 4 and 8 shards, each shard a
//    separate process running `skillops eval --shard i/N` on the same case folder (the production
//    slice: a hash of the case id), as the sharded evolve workflow's matrix jobs do;
// 3. the harness's overhead per execution (scale-overhead.ts): the command runner against a bare spawn
//    of the same argv, and the built CLI's CPU per execution end to end against a bash loop of the
//    same command line, without the sandbox and (where bubblewrap works) with it.
//    [--overhead-runs 40 --cpu-executions 16]
// Every figure is simulated: the agent sleeps instead of calling a model.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import type { Runner } from "../src/core/evaluate/runner.js";
import { ZERO_TOKENS } from "../src/records/tokens.js";
import { evaluate } from "../src/core/evaluate/evaluate.js";
import { shardOf } from "../src/core/evaluate/shard.js";
import type { Containment } from "../src/core/sandbox/containment.js";
import { createCommandRunner } from "../src/io/runners/command.js";
import { probeSandbox } from "../src/io/sandbox/sandbox-ready.js";
import { makeCase } from "../test/evaluate/fixtures.js";
import { NO_SANDBOX, SANDBOX } from "../test/support/containment.js";
import { DEFAULT_ASSUMPTIONS, renderProjection } from "./scale-projection.js";
import { overheadTables, type CliRun } from "./scale-overhead.js";

function arg(name: string, fallback: string): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}

const LEVELS = [1, 2, 4, 8, 16, 32, 64];
const SHARDS = [1, 2, 4, 8];
const ANSWER = `cat >/dev/null; echo '{"output":"ok"}'`;
const sleeper = (ms: number) => ["/bin/sh", "-c", `sleep ${ms / 1000}; ${ANSWER}`];

function runnerFor(argv: readonly string[], containment: Containment) {
  return createCommandRunner({ command: argv, timeoutMs: 60_000, maxOutputBytes: 1e6, containment });
}

/** An agent inside this process that only waits: the evaluator's own scaling, with no spawn at all. */
const waiter = (ms: number): Runner => ({
  name: "waiter",
  settingsKey: "waiter",
  run: async () => {
    await delay(ms);
    return { output: "ok", trace: [], usage: ZERO_TOKENS };
  },
});

/** Wall seconds of one production evaluation of `count` cases × 1 run at `concurrency`. */
async function evaluationSeconds(runner: Runner, count: number, concurrency: number) {
  const cases = Array.from({ length: count }, (_, i) => makeCase(`c${i}`));
  const t = performance.now();
  const r = await evaluate({
    ...{ skills: [], cases, runner, n: 1, k: 1, concurrency },
    ...{ bootstrap: 100, seed: 0, earlyStop: false },
  });
  if (r.executions.run !== count) throw new Error(`expected ${count} executions, got ${r.executions.run}`);
  return (performance.now() - t) / 1000;
}

async function concurrencyTable(latencyMs: number, runner: Runner, what: string): Promise<void> {
  console.log(`\n## Executions/s against evaluate.concurrency (simulated: ${what} sleeps ${latencyMs} ms)\n`);
  console.log("| concurrency | executions | wall s | executions/s | ideal/s | of ideal | speedup over 1 |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  let one = 0;
  const speedups = new Map<number, number>();
  for (const level of LEVELS) {
    const count = Math.max(8, 4 * level);
    const wall = await evaluationSeconds(runner, count, level);
    const rate = count / wall;
    one ||= rate;
    const ideal = level / (latencyMs / 1000);
    speedups.set(level, rate / one);
    console.log(
      `| ${level} | ${count} | ${wall.toFixed(2)} | ${rate.toFixed(2)} | ${ideal.toFixed(1)} | ${((100 * rate) / ideal).toFixed(0)}% | ${(rate / one).toFixed(2)}× |`,
    );
  }
  const at = (l: number) => `${speedups.get(l)!.toFixed(1)}×`;
  console.log(`\nspeedup over concurrency 1 (simulated): 8 → ${at(8)}, 32 → ${at(32)}, 64 → ${at(64)}`);
}

/** Writes `cases` stand-in case files into one case folder; `eval --shard i/N` picks each shard's slice. */
async function writeCases(root: string, cases: number): Promise<string> {
  const dir = join(root, "cases", "general");
  await mkdir(dir, { recursive: true });
  for (let j = 0; j < cases; j++) {
    const yml = `id: c${j}\ncategory: general\ndiagnosis: a stand-in case of the scale bench\ntask:\n  prompt: say ok\n  rubric:\n    - type: contains\n      value: ok\nprovenance:\n  channel: manual\n  created: 2026-11-30T00:00:00Z\n`;
    await writeFile(join(dir, `c${j}.yml`), yml);
  }
  return join(root, "cases");
}

type ShardRun = { latencyMs: number; n: number; concurrency: number; shard: string; out: string };

const CLI = join(import.meta.dirname, "..", "bin", "skillops.js");

/**
 * Runs the built CLI (`bin/skillops.js`, as a workflow's shard job does) with `eval --shard i/N` in a
 * process of its own; resolves with its exit code. Its stderr is kept and shown only if it fails.
 */
function evalProcess(root: string, cases: string, o: ShardRun) {
  const agent = `/bin/sh -c 'sleep ${o.latencyMs / 1000}; echo {\\"output\\":\\"ok\\"}'`;
  const args = [
    ...[CLI, "eval", "--config", join(root, "skillops.yml"), "--bank", "skill-bank", "--cases", cases],
    ...["--runner", "command", "--agent-cmd", agent, "--n", String(o.n), "--k", "1"],
    ...["--bootstrap", "100", "--concurrency", String(o.concurrency), "--shard", o.shard],
    ...["--cache-dir", o.out],
  ];
  return new Promise<number>((ok, fail) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", fail);
    child.on("close", (code) => {
      if (code !== 0) process.stderr.write(`shard ${o.shard} exited ${code}:\n${stderr}`);
      ok(code ?? 1);
    });
  });
}

/** Wall seconds of `skillops --version`: what every shard job pays before its first execution. */
async function startupSeconds(): Promise<number> {
  if (!existsSync(join(import.meta.dirname, "..", "dist", "apps", "cli", "main.js")))
    throw new Error("the shard table runs the built CLI: run `npm run build` first (npm ci does it)");
  const t = performance.now();
  await bareSpawn([process.execPath, CLI, "--version"]);
  return (performance.now() - t) / 1000;
}

async function shardTable(latencyMs: number, c: Containment): Promise<void> {
  const cases = arg("cases", "48");
  const n = arg("n", "2");
  const concurrency = arg("shard-concurrency", "4");
  const root = await mkdtemp(join(tmpdir(), "skillops-scale-"));
  try {
    await writeFile(join(root, "skillops.yml"), `evaluate:\n  sandbox: ${c.sandbox}\n`);
    console.log(
      `\n## Wall time against shards (simulated: ${cases} cases × n=${n}, agent sleeps ${latencyMs} ms, concurrency ${concurrency} per shard, each shard a separate \`skillops eval --shard i/N\` process of the built CLI on this one machine)\n`,
    );
    const startup = await startupSeconds();
    console.log(`a shard process's start-up, measured as \`skillops --version\`: ${startup.toFixed(1)} s\n`);
    console.log(
      "| shards | executions in the largest shard | wall s | ideal s (start-up + largest shard) | speedup over 1 |",
    );
    console.log("|---:|---:|---:|---:|---:|");
    let one = 0;
    const folder = await writeCases(root, cases);
    const ids = Array.from({ length: cases }, (_, j) => `c${j}`);
    for (const shards of SHARDS) {
      const jobs = Array.from({ length: shards }, (_, i) => ({
        ...{ latencyMs, n, concurrency, shard: `${i + 1}/${shards}` },
        out: join(root, `cache-${shards}-${i}`),
      }));
      const t = performance.now();
      const codes = await Promise.all(jobs.map((j) => evalProcess(root, folder, j)));
      const wall = (performance.now() - t) / 1000;
      if (codes.some((code) => code !== 0)) throw new Error(`a shard exited ${codes.join(", ")}`);
      one ||= wall;
      // The hash slice is not perfectly even: the largest shard sets the wall time.
      const sizes = jobs.map((_, i) => ids.filter((id) => shardOf(id, shards) === i + 1).length);
      const per = Math.max(...sizes) * n;
      const ideal = startup + Math.ceil(per / concurrency) * (latencyMs / 1000);
      console.log(
        `| ${shards} | ${per} | ${wall.toFixed(1)} | ${ideal.toFixed(1)} | ${(one / wall).toFixed(2)}× |`,
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** A bare spawn of `argv`, stdio ignored, waited for. */
function bareSpawn(argv: readonly string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: "ignore" });
    child.on("error", fail);
    child.on("close", () => ok());
  });
}

/** The CLI runs of the CPU table: one config per sandbox setting, a fresh cache per run. */
function cliRun(root: string): CliRun {
  let runs = 0;
  return {
    async evalCommand(c, agent, cases) {
      const config = join(root, `skillops-${c.sandbox}.yml`);
      await writeFile(config, `evaluate:\n  sandbox: ${c.sandbox}\n`);
      const folder = await writeCases(join(root, `cpu-${cases}`), cases);
      const args = [
        process.execPath,
        CLI,
        "eval",
        "--config",
        config,
        "--bank",
        "skill-bank",
        "--cases",
        folder,
      ];
      args.push(
        ...["--runner", "command", "--agent-cmd", agent, "--n", "1", "--k", "1", "--bootstrap", "100"],
      );
      args.push(...["--concurrency", "1", "--cache-dir", join(root, `cpu-cache-${runs++}`)]);
      return args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
    },
  };
}

async function main(): Promise<void> {
  if (process.argv.includes("--project")) {
    const overheadMs = arg("overhead-ms", String(DEFAULT_ASSUMPTIONS.overheadMs));
    const shardStartS = arg("shard-start-s", String(DEFAULT_ASSUMPTIONS.shardStartS));
    process.stdout.write(renderProjection({ ...DEFAULT_ASSUMPTIONS, overheadMs, shardStartS }));
    return;
  }
  const latencyMs = arg("latency-ms", "1000");
  const bwrap = typeof (await probeSandbox(process.env)) !== "string";
  const c = bwrap ? SANDBOX : NO_SANDBOX;
  console.log(`# Scale bench (simulated agent; sandbox ${c.sandbox}; this machine)`);
  const agent = `a command agent (sh; sandbox ${c.sandbox}; production command runner) that`;
  await concurrencyTable(latencyMs, runnerFor(sleeper(latencyMs), c), agent);
  await concurrencyTable(
    latencyMs,
    waiter(latencyMs),
    "an in-process agent (no spawn: the evaluator alone) that",
  );
  await shardTable(latencyMs, c);
  const root = await mkdtemp(join(tmpdir(), "skillops-scale-cpu-"));
  try {
    await startupSeconds(); // fails early without dist/
    await overheadTables(bwrap ? [NO_SANDBOX, SANDBOX] : [NO_SANDBOX], {
      runs: arg("overhead-runs", "40"),
      cases: arg("cpu-executions", "16"),
      cli: cliRun(root),
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
