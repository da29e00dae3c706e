// Runs src/io/kernel/harness.py on a reference and a solution in a child process (argument array, no
// shell) with a timeout, and turns whatever happened into a KernelResult: a solution that kills the
// process or hangs is a recorded failure, not an exception.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describeKilled, uniqueProcesses, type KilledProcess } from "../runners/process-tree.js";
import { spawnCapped } from "../runners/spawn-capped.js";
import type { Containment } from "../../core/sandbox/containment.js";
import { KernelResult } from "../../records/kernel-result.js";

export const HARNESS_PATH = fileURLToPath(new URL("./harness.py", import.meta.url));

export interface HarnessOptions {
  python: string;
  device?: "auto" | "cpu" | "cuda";
  trials?: number;
  warmup?: number;
  iters?: number;
  cpuIters?: number;
  seed?: number;
  /** Overrides atol = rtol (otherwise 1e-4 for fp32, 1e-2 for fp16/bf16). */
  tolerance?: number;
  timing?: boolean;
  timeoutMs?: number;
  /** Cap on captured stdout, so a solution that prints endlessly cannot exhaust memory. */
  maxOutputBytes?: number;
  /** The solution is agent-written code: how it is contained (docs/security.md). */
  containment: Containment;
}

export function harnessArgs(reference: string, solution: string, o: HarnessOptions): string[] {
  const args = [
    HARNESS_PATH,
    "--reference",
    reference,
    "--solution",
    solution,
    "--device",
    o.device ?? "auto",
  ];
  const num = (flag: string, v: number | undefined) => (v === undefined ? [] : [flag, String(v)]);
  args.push(...num("--trials", o.trials), ...num("--warmup", o.warmup), ...num("--iters", o.iters));
  args.push(...num("--cpu-iters", o.cpuIters), ...num("--seed", o.seed), ...num("--tolerance", o.tolerance));
  if (o.timing === false) args.push("--no-timing");
  return args;
}

function processFailure(error: string, stderr: string): KernelResult {
  const tail = stderr.trim().split("\n").slice(-12).join("\n");
  return KernelResult.parse({
    version: 1,
    status: "solution-error",
    stage: "process",
    error,
    ...(tail ? { traceback: tail } : {}),
  });
}

/** Parses the harness's last stdout line; anything else is reported with the stderr tail. */
export function parseHarnessOutput(
  stdout: string,
  stderr: string,
  exit: { code: number | null; signal: string | null; timedOut: boolean },
  timeoutMs: number,
): KernelResult {
  if (exit.timedOut)
    return processFailure(
      `the harness ran past its ${timeoutMs} ms timeout (a hanging or very slow solution)`,
      stderr,
    );
  const last = stdout.trim().split("\n").at(-1) ?? "";
  if (exit.code === 0 && last.startsWith("{")) {
    try {
      const parsed = KernelResult.safeParse(JSON.parse(last));
      if (parsed.success) return parsed.data;
      return processFailure(
        `the harness printed a result that fails its schema: ${parsed.error.issues[0]?.message ?? "?"}`,
        stderr,
      );
    } catch {
      // fall through: not JSON
    }
  }
  if (exit.code === 2)
    return KernelResult.parse({
      version: 1,
      status: "harness-error",
      stage: "usage",
      error: stderr.trim().split("\n").at(-1) ?? "bad usage",
    });
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  return processFailure(
    `the harness process ${how} before printing a result (the solution may have crashed the interpreter)`,
    stderr,
  );
}

export async function runHarnessFiles(
  reference: string,
  solution: string,
  o: HarnessOptions,
): Promise<KernelResult> {
  const timeoutMs = o.timeoutMs ?? 300_000;
  const maxOutputBytes = o.maxOutputBytes ?? 1_000_000;
  // The solution is agent-written code: contained, and whatever it starts ends with the harness.
  const r = await spawnCapped([o.python, ...harnessArgs(reference, solution, o)], {
    timeoutMs,
    maxOutputBytes,
    contain: o.containment,
    // The harness is our code: bound back even when the checkout lies under the hidden HOME.
    view: { writable: [dirname(resolve(solution))], readOnly: [HARNESS_PATH] },
  });
  if (r.startError) throw new Error(`cannot start ${o.python}: ${r.startError}`);
  const exit = { code: r.exitCode, signal: r.signal, timedOut: r.timedOut };
  const result = r.overflow
    ? processFailure(`the harness printed more than ${maxOutputBytes} bytes and was stopped`, r.stderrTail)
    : parseHarnessOutput(r.stdout, r.stderrTail, exit, timeoutMs);
  return r.killed.length > 0 ? withKilled(result, r.killed) : result;
}

/** A failure's message names what the solution left running; a clean result is kept as it was. */
function withKilled(result: KernelResult, killed: readonly KilledProcess[]): KernelResult {
  if (result.error === undefined) return result;
  return { ...result, error: `${result.error}; killed ${describeKilled(uniqueProcesses(killed))}` };
}

/** Writes both sources to a fresh temporary folder, runs the harness there, and removes the folder. */
export async function runHarness(
  referenceSource: string,
  solutionSource: string,
  o: HarnessOptions,
): Promise<KernelResult> {
  const dir = await mkdtemp(join(tmpdir(), "skillops-kernel-"));
  try {
    const reference = join(dir, "reference.py");
    const solution = join(dir, "solution.py");
    await writeFile(reference, referenceSource);
    await writeFile(solution, solutionSource);
    return await runHarnessFiles(reference, solution, o);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
