// What the sandbox costs per execution (issue 25), side by side in one run:
//   npm run bench:sandbox [-- --runs 200 --program true|python]
// For each way of spawning, `--runs` executions one after another of the same program, and the
// median and p90 wall time of one:
// 1. a bare child_process.spawn (the physical floor);
// 2. spawnCapped with evaluate.sandbox: none (the allowlisted environment, private HOME/TMPDIR);
// 3. spawnCapped with evaluate.sandbox: bwrap (namespaces, mounts, prlimit);
// 4. a trivial command agent (Node) with its model proxy, sandbox none;
// 5. the same under bwrap (adds the in-sandbox bridge to the proxy's socket).
// The sandbox's cost is 3 over 2, and 5 over 4.
// Then the bubblewrap command line alone, before and after issue 41, timed interleaved (one of each
// in turn, so a loaded machine's noise falls on both): a bare spawn of the program, of the command
// line issue 25 built (the whole root bound read-only, capabilities kept as root), and of today's
// (no capability, uid 65534, an explicit read-only list, size-capped /tmp); the median extra ms of
// each over the bare program is the sandbox's cost per execution.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { createCommandRunner } from "../src/io/runners/command.js";
import { spawnCapped } from "../src/io/runners/spawn-capped.js";
import { DEFAULT_LIMITS, type Containment } from "../src/core/sandbox/containment.js";
import { assertSandboxReady, sandboxHost } from "../src/io/sandbox/sandbox-ready.js";
import { bwrapArgv, type HostLayout } from "../src/core/sandbox/bwrap-argv.js";
import { programNeeds } from "../src/io/sandbox/program-needs.js";
import { makeCase } from "../test/evaluate/fixtures.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const RUNS = Number(arg("runs", "200"));
const PROGRAMS: Record<string, string[]> = {
  true: ["true"],
  python: ["python3", "-c", "pass"],
  node: [process.execPath, "-e", ""],
};
const program = PROGRAMS[arg("program", "true")];
if (!program) throw new Error(`--program must be one of ${Object.keys(PROGRAMS).join(", ")}`);

const contain = (sandbox: Containment["sandbox"]): Containment => ({
  sandbox,
  pass: [],
  limits: DEFAULT_LIMITS,
  parentEnv: process.env,
});

function bare(argv: readonly string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: "ignore" });
    child.on("error", fail);
    child.on("close", () => ok());
  });
}

async function timeEach(
  label: string,
  once: () => Promise<unknown>,
): Promise<{ label: string; ms: number[] }> {
  await once(); // warm: the first spawn pays for the binaries' page cache
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await once();
    ms.push(performance.now() - t);
  }
  return { label, ms: ms.sort((a, b) => a - b) };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The command line of issue 25 (main before issue 41), rebuilt here for the comparison. */
function issue25Argv(argv: readonly string[], host: HostLayout): string[] {
  const l = DEFAULT_LIMITS;
  return [
    ...[host.bwrap, "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"],
    ...["--unshare-cgroup-try", "--die-with-parent", "--new-session", "--ro-bind", "/", "/"],
    ...["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/var/tmp", "--tmpfs", "/run"],
    ...["--tmpfs", "/dev/shm", ...(host.home ? ["--tmpfs", host.home] : []), "--dir", "/tmp/.home", "--"],
    ...[
      host.prlimit,
      `--cpu=${l.cpuSeconds}`,
      `--data=${l.memoryMb * 1024 * 1024}`,
      `--nproc=${l.processes}`,
    ],
    ...["--", ...argv],
  ];
}

/** Each of `fns` once in turn, `RUNS` times: medians comparable on a machine others load too. */
async function timeInterleaved(fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (const f of fns) await f();
  const ms: number[][] = fns.map(() => []);
  for (let i = 0; i < RUNS; i++)
    for (const [j, f] of fns.entries()) {
      const t = performance.now();
      await f();
      ms[j]!.push(performance.now() - t);
    }
  return ms.map((m) => m.sort((a, b) => a - b));
}

async function beforeAndAfter(): Promise<void> {
  const host = await sandboxHost(contain("bwrap"));
  const path = process.env.PATH ?? "/usr/bin:/bin";
  const view = { writable: [], readOnly: [], program: await programNeeds(program![0]!, undefined, path) };
  const lines = {
    bare: [...program!],
    "issue 25 (before)": issue25Argv(program!, host),
    "issue 41 (now)": bwrapArgv(program!, view, DEFAULT_LIMITS, host),
  };
  const ms = await timeInterleaved(Object.values(lines).map((argv) => () => bare(argv)));
  const floor = quantile(ms[0]!, 0.5);
  console.log(`\nThe bubblewrap command line alone, ${RUNS} interleaved executions of each (wall ms)\n`);
  console.log("| command line | median | p90 | median extra over the bare program |\n|---|---:|---:|---:|");
  for (const [i, label] of Object.keys(lines).entries()) {
    const median = quantile(ms[i]!, 0.5);
    const extra = i === 0 ? "" : (median - floor).toFixed(1);
    console.log(`| ${label} | ${median.toFixed(1)} | ${quantile(ms[i]!, 0.9).toFixed(1)} | ${extra} |`);
  }
}

async function main(): Promise<void> {
  await assertSandboxReady(contain("bwrap"));
  const capped = (sandbox: Containment["sandbox"]) => () =>
    spawnCapped(program!, { timeoutMs: 30_000, maxOutputBytes: 1e6, contain: contain(sandbox) });
  const agent = (sandbox: Containment["sandbox"]) => {
    const runner = createCommandRunner({
      command: [process.execPath, "-e", "process.stdout.write(JSON.stringify({output: 1}))"],
      timeoutMs: 30_000,
      maxOutputBytes: 1e6,
      containment: contain(sandbox),
      modelProxy: { upstream: "http://127.0.0.1:9/v1" },
    });
    return () => runner.run({ case: makeCase("c1"), skills: [], runIndex: 0, files: {} });
  };
  const rows = [
    await timeEach(`bare spawn of ${program!.join(" ")}`, () => bare(program!)),
    await timeEach("spawnCapped, sandbox none", capped("none")),
    await timeEach("spawnCapped, sandbox bwrap", capped("bwrap")),
    await timeEach("command agent (node) with its proxy, sandbox none", agent("none")),
    await timeEach("command agent (node) with its proxy and bridge, sandbox bwrap", agent("bwrap")),
  ];
  const baseOf = (i: number) => quantile(rows[i >= 3 ? 3 : 1]!.ms, 0.5);
  console.log(`${RUNS} executions each, one at a time (wall ms per execution)\n`);
  console.log(
    "| spawn | median | p90 | median extra over the same spawn with `none` |\n|---|---:|---:|---:|",
  );
  for (const [i, r] of rows.entries()) {
    const median = quantile(r.ms, 0.5);
    const extra = i === 2 || i === 4 ? `${(median - baseOf(i)).toFixed(1)}` : "";
    console.log(`| ${r.label} | ${median.toFixed(1)} | ${quantile(r.ms, 0.9).toFixed(1)} | ${extra} |`);
  }
  await beforeAndAfter();
}

await main();
