// Runs src/kernel/harness.py on a reference and a solution in a child process (argument array, no
// shell) with a timeout, and turns whatever happened into a KernelResult: a solution that kills the
// process or hangs is a recorded failure, not an exception.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  describeKilled,
  killTree,
  uniqueProcesses,
  newTreeTag,
  TREE_TAG_VAR,
  type KilledProcess,
} from "../evaluate/runners/process-tree.js";
import { KernelResult } from "./kernel-result.js";

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
  /** Cap on captured stderr, so a solution that prints endlessly cannot exhaust memory. */
  maxOutputBytes?: number;
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
  const cap = o.maxOutputBytes ?? 1_000_000;
  return new Promise((resolve, reject) => {
    // The solution is agent-written code: whatever it starts ends with the harness (process-tree.ts).
    const tag = newTreeTag();
    const child = spawn(o.python, harnessArgs(reference, solution, o), {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, [TREE_TAG_VAR]: tag },
    });
    const killed: KilledProcess[] = [];
    const sweep = (): void => {
      if (child.pid !== undefined) killed.push(...killTree({ pgid: child.pid, tag }));
    };
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let settled = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const result = parseHarnessOutput(stdout, stderr, { code, signal, timedOut }, timeoutMs);
      resolve(killed.length > 0 ? withKilled(result, killed) : result);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      sweep();
      // A survivor holding the pipes open must not keep us waiting.
      child.stdout.destroy();
      child.stderr.destroy();
    }, timeoutMs);
    child.stdout.on("data", (d: Buffer) => {
      if (stdout.length < cap) stdout += d.toString("utf8");
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString("utf8")).slice(-cap);
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${o.python}: ${err.message}`));
    });
    child.on("exit", (code, signal) => {
      sweep();
      if (timedOut) finish(code, signal);
    });
    child.on("close", finish);
  });
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
