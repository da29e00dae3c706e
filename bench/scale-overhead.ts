// bench:scale's fair harness figures (issue 45): the command runner against a bare spawn of the SAME
// argv (the agent itself, and under bubblewrap also the very bwrap command line the runner builds),
// and the CPU the built CLI spends per execution end to end against a bash loop running the same
// command line, with and without the sandbox. CPU comes from bash's `times` (the children's user +
// system), so every process of a run counts, the agent's included. Every figure simulated.
import { spawn, spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import type { Containment } from "../src/core/sandbox/containment.js";
import { createCommandRunner } from "../src/io/runners/command.js";
import { containCommand } from "../src/io/sandbox/contained-command.js";
import { makeCase } from "../test/evaluate/fixtures.js";

const ANSWER = `cat >/dev/null; echo '{"output":"ok"}'`;
const AGENT = ["/bin/sh", "-c", ANSWER];

/** A bare spawn of `argv` with `env`, stdio ignored, waited for. */
function bare(argv: readonly string[], env?: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: "ignore", ...(env ? { env } : {}) });
    child.on("error", fail);
    child.on("close", () => ok());
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** CPU seconds (user + system) of every child of `script`, from bash's `times`. */
function childCpuSeconds(script: string, env?: NodeJS.ProcessEnv): number {
  const r = spawnSync("bash", ["-c", `${script} </dev/null >/dev/null 2>&1; times`], {
    encoding: "utf8",
    ...(env ? { env } : {}),
  });
  if (r.status !== 0) throw new Error(`bash exited ${r.status}: ${r.stderr}`);
  const children = r.stdout.trim().split("\n").at(-1)!;
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (seconds.length !== 2) throw new Error(`unexpected \`times\` output: ${r.stdout}`);
  return seconds[0]! + seconds[1]!;
}

/** Wall medians, interleaved: the runner, the agent's argv spawned bare and the contained argv bare. */
async function wallRow(c: Containment, runs: number): Promise<string> {
  const runner = createCommandRunner({
    command: AGENT,
    timeoutMs: 60_000,
    maxOutputBytes: 1e6,
    containment: c,
  });
  const input = { case: makeCase("c1"), skills: [], runIndex: 0, files: {} };
  const contained = await containCommand(AGENT, { contain: c });
  const times = { runner: [] as number[], agent: [] as number[], contained: [] as number[] };
  try {
    await runner.run(input);
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      await bare(AGENT);
      times.agent.push(performance.now() - t);
      t = performance.now();
      await bare(contained.argv, contained.env);
      times.contained.push(performance.now() - t);
      t = performance.now();
      const r = await runner.run(input);
      times.runner.push(performance.now() - t);
      if (r.error) throw new Error(r.error);
    }
  } finally {
    await contained.cleanup();
  }
  const [h, a, b] = [median(times.runner), median(times.agent), median(times.contained)];
  const sandboxCell =
    c.sandbox === "none" ? "(same: no sandbox)" : `${b.toFixed(1)} (${(h / b).toFixed(2)}×)`;
  return `| ${c.sandbox} | ${a.toFixed(1)} | ${sandboxCell} | ${h.toFixed(1)} | ${(h / a).toFixed(2)}× |`;
}

export interface CliRun {
  /** Writes the config (`evaluate.sandbox`) and returns the bash command line of one `skillops eval`. */
  evalCommand(c: Containment, agent: string, cases: number): Promise<string>;
}

/**
 * CPU per execution: the CLI end to end over `cases` executions (its start-up included), and its
 * marginal CPU per execution, (CPU over 2 × cases − CPU over cases) / cases, which cancels the
 * start-up; against a bash loop of the same command line.
 */
async function cpuRow(c: Containment, cases: number, cli: CliRun): Promise<string> {
  const contained = await containCommand(AGENT, { contain: c });
  try {
    const line = contained.argv.map(quote).join(" ");
    const loop =
      (childCpuSeconds(`for i in $(seq ${cases}); do ${line}; done`, contained.env) / cases) * 1000;
    const agent = AGENT.map(quote).join(" ");
    const once = childCpuSeconds(await cli.evalCommand(c, agent, cases));
    const twice = childCpuSeconds(await cli.evalCommand(c, agent, 2 * cases));
    const per = (once / cases) * 1000;
    const marginal = ((twice - once) / cases) * 1000;
    return `| ${c.sandbox} | ${loop.toFixed(1)} | ${per.toFixed(1)} (${(per / loop).toFixed(1)}×) | ${marginal.toFixed(1)} (${(marginal / loop).toFixed(1)}×) |`;
  } finally {
    await contained.cleanup();
  }
}

export async function overheadTables(
  containments: readonly Containment[],
  o: { runs: number; cases: number; cli: CliRun },
): Promise<void> {
  console.log(
    `\n## Harness overhead per execution (${o.runs} of each, interleaved, one at a time; simulated agent)\n`,
  );
  console.log(`The agent is \`${AGENT.join(" ")}\`; each bare spawn runs the same argv the runner runs.\n`);
  console.log(
    "| sandbox | bare spawn of the agent, ms | bare spawn of the runner's bwrap line, ms (runner ÷ it) | command runner, ms | runner ÷ bare agent |",
  );
  console.log("|---|---:|---:|---:|---:|");
  for (const c of containments) console.log(await wallRow(c, o.runs));
  console.log(
    `\n## CPU per execution: the built CLI end to end against a bash loop (${o.cases} executions, concurrency 1)\n`,
  );
  console.log(
    `| sandbox | bash loop of the same command line, CPU ms | \`skillops eval\` over ${o.cases}, start-up included, CPU ms (÷ loop) | \`skillops eval\` marginal (${2 * o.cases} less ${o.cases} executions), CPU ms (÷ loop) |`,
  );
  console.log("|---|---:|---:|---:|");
  for (const c of containments) console.log(await cpuRow(c, o.cases, o.cli));
}
