// Spawns a program as an argument array (never through a shell) with a timeout and an output cap.
// The child leads its own process group so a timeout or overflow kills everything it started.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

export interface SpawnOptions {
  stdin?: string;
  cwd?: string;
  timeoutMs: number;
  /** Cap on stdout bytes; beyond it the process is killed and `overflow` is set. */
  maxOutputBytes: number;
  env?: NodeJS.ProcessEnv;
}

export interface SpawnResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The last few KB of stderr. */
  stderrTail: string;
  timedOut: boolean;
  overflow: boolean;
  /** Set when the program could not be started at all (ENOENT, EACCES). */
  startError?: string;
}

const STDERR_TAIL = 4096;

export function spawnCapped(argv: readonly string[], opts: SpawnOptions): Promise<SpawnResult> {
  const [cmd, ...args] = argv;
  if (!cmd)
    return Promise.resolve({
      exitCode: null,
      signal: null,
      stdout: "",
      stderrTail: "",
      timedOut: false,
      overflow: false,
      startError: "empty command",
    });
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
      shell: false,
    });
    let err = "";
    let timedOut = false;
    let overflow = false;
    let startError: string | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, opts.timeoutMs);
    const stdout = captureStdout(child, opts.maxOutputBytes, () => {
      overflow = true;
      killGroup(child);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("error", (e) => {
      startError = e.message;
    });
    // A program that never reads stdin closes the pipe early; that is not our failure.
    child.stdin.on("error", () => {});
    child.stdin.end(opts.stdin ?? "");
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      resolve({
        exitCode,
        signal,
        stdout: stdout(),
        stderrTail: err,
        timedOut,
        overflow,
        ...(startError !== undefined ? { startError } : {}),
      });
    });
  });
}

/** The whole group, so grandchildren die too; the child alone when the group is already gone. */
function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

/** Collects stdout up to `maxBytes`; the chunk that crosses the cap is dropped and `onOverflow` runs once. */
function captureStdout(
  child: ChildProcessWithoutNullStreams,
  maxBytes: number,
  onOverflow: () => void,
): () => string {
  const out: Buffer[] = [];
  let outBytes = 0;
  let overflow = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (overflow) return;
    outBytes += chunk.length;
    if (outBytes > maxBytes) {
      overflow = true;
      onOverflow();
      return;
    }
    out.push(chunk);
  });
  return () => Buffer.concat(out).toString("utf8");
}

/** One line saying why a spawned program failed, or undefined when it exited 0. */
export function describeFailure(
  what: string,
  r: SpawnResult,
  opts: { timeoutMs: number; maxOutputBytes: number },
): string | undefined {
  if (r.startError) return `${what} could not be started: ${r.startError}`;
  if (r.timedOut) return `${what} timed out after ${opts.timeoutMs} ms`;
  if (r.overflow) return `${what} printed more than ${opts.maxOutputBytes} bytes on stdout and was stopped`;
  if (r.exitCode !== 0) {
    const how = r.exitCode === null ? `was killed by ${r.signal}` : `exited with code ${r.exitCode}`;
    const tail = r.stderrTail.trim();
    return `${what} ${how}${tail ? `; stderr tail:\n${tail.slice(-1000)}` : ""}`;
  }
  return undefined;
}
