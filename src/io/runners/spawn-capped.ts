// Spawns a program as an argument array (never through a shell) with a timeout and an output cap,
// contained (src/io/sandbox/, docs/security.md): its environment comes from an allowlist, and with
// `evaluate.sandbox: bwrap` it runs in a sandbox whose PID namespace ends the whole tree when the
// program ends. Without one, when it ends — exit, timeout or overflow — every process it started is
// killed and listed: the tree runs in a cgroup of its own where one can be made (tree-cgroup.ts),
// else its process group and any descendant that left the group with setsid() (found by a tag in its
// environment, process-tree.ts) are. docs/agent-command.md, "Containment".
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { containCommand, type SpawnView } from "../sandbox/contained-command.js";
import type { Containment } from "../../core/sandbox/containment.js";
import type { TraceEvent } from "../../core/evaluate/runner.js";
import {
  describeKilled,
  killGroup,
  killTree,
  newTreeTag,
  TREE_TAG_VAR,
  uniqueProcesses,
  type KilledProcess,
} from "./process-tree.js";
import { openTreeCgroup, resolveProgram, type TreeCgroup } from "./tree-cgroup.js";

export interface SpawnOptions {
  stdin?: string;
  cwd?: string;
  timeoutMs: number;
  /** Cap on stdout bytes; beyond it the process is killed and `overflow` is set. */
  maxOutputBytes: number;
  /** How the tree is contained; required, so no place that spawns can forget it. */
  contain: Containment;
  /** What the tree may touch inside a sandbox: its working folders. */
  view?: SpawnView;
  /** Variables skillops itself gives the program; nothing of our own environment passes but the allowlist. */
  env?: Record<string, string>;
  /**
   * Unsandboxed, an empty private folder the caller made for this spawn alone (and removes) to be its
   * HOME and TMPDIR; absent, one is made and removed here. A sandbox has its own.
   */
  home?: string;
}

export interface SpawnResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The last few KB of stderr. */
  stderrTail: string;
  timedOut: boolean;
  overflow: boolean;
  /** Processes of the tree still alive when it ended (the program itself on a timeout), now killed. */
  killed: KilledProcess[];
  /** Set when the program could not be started at all (ENOENT, EACCES). */
  startError?: string;
}

const STDERR_TAIL = 4096;
/**
 * After the program exits and its tree is killed, how long the pipes may take to drain. Only a
 * holder we could not find (one that scrubbed its environment) makes us wait this long.
 */
const DRAIN_MS = 2000;
/** After a SIGKILL, how long to wait for the exit status before answering without it. */
const KILL_GRACE_MS = 1000;

const notStarted = (startError: string): SpawnResult => ({
  ...{ exitCode: null, signal: null, stdout: "", stderrTail: "" },
  ...{ timedOut: false, overflow: false, killed: [], startError },
});

export async function spawnCapped(argv: readonly string[], opts: SpawnOptions): Promise<SpawnResult> {
  if (!argv[0]) return notStarted("empty command");
  const contained = await containCommand(argv, opts);
  try {
    if (contained.startError) return notStarted(contained.startError);
    const tag = newTreeTag();
    const cgroup = contained.sandboxed ? undefined : openTreeCgroup(tag);
    const argvInGroup = cgroup && inCgroup(cgroup, contained.argv, contained.env, opts.cwd);
    if (cgroup && !argvInGroup) {
      cgroup.remove();
      return notStarted(`spawn ${contained.argv[0]} ENOENT`);
    }
    const [cmd, ...args] = argvInGroup ?? contained.argv;
    const spawnedAt = process.uptime();
    const child = spawn(cmd!, args, {
      cwd: opts.cwd,
      env: contained.sandboxed ? contained.env : { ...contained.env, [TREE_TAG_VAR]: tag },
      stdio: ["pipe", "pipe", "pipe"],
      // The child leads its own process group, so one signal reaches the members that stayed in it.
      detached: true,
      shell: false,
    });
    // In a sandbox the PID namespace ends with its leader, in a cgroup cgroup.kill ends its members:
    // no scan for survivors is needed. Only without either is /proc scanned (process-tree.ts).
    const sandbox = `${argv.join(" ")}: its whole sandbox`;
    const sweep = (pgid: number) =>
      contained.sandboxed
        ? killGroup(pgid, sandbox)
        : cgroup
          ? cgroup.kill()
          : killTree({ pgid, tag, spawnedAt });
    try {
      return await watch(child, sweep, opts);
    } finally {
      cgroup?.remove();
    }
  } finally {
    await contained.cleanup();
  }
}

/** The argv that runs the program inside `cgroup`, or undefined when the program cannot be found. */
function inCgroup(
  cgroup: TreeCgroup,
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string | undefined,
): string[] | undefined {
  const program = resolveProgram(argv[0]!, env, cwd);
  return program === undefined ? undefined : cgroup.wrap([program, ...argv.slice(1)]);
}

function watch(
  child: ChildProcessWithoutNullStreams,
  kill: (pgid: number) => KilledProcess[] | Promise<KilledProcess[]>,
  opts: Pick<SpawnOptions, "stdin" | "timeoutMs" | "maxOutputBytes">,
): Promise<SpawnResult> {
  return new Promise((resolve) => {
    const s = { err: "", timedOut: false, overflow: false };
    let startError: string | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } = { code: null, signal: null };
    const timers: NodeJS.Timeout[] = [];
    const { sweep, swept } = sweeper(child, kill);
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      const out = stdout();
      void swept().then((killed) => {
        const { err, ...flags } = s;
        resolve({
          ...{ exitCode: exit.code, signal: exit.signal, stdout: out, stderrTail: err, ...flags },
          killed,
          ...(startError !== undefined ? { startError } : {}),
        });
      });
    };
    // A timeout or an overflow: kill the tree, and stop waiting on pipes a survivor may hold open.
    // The first of timeout and overflow wins; once the program has exited, neither applies.
    let stopped = false;
    const stop = (): void => {
      stopped = true;
      clearTimeout(deadline);
      sweep();
      abandonPipes(child);
      timers.push(setTimeout(finish, KILL_GRACE_MS));
    };
    const deadline = setTimeout(() => !stopped && ((s.timedOut = true), stop()), opts.timeoutMs);
    timers.push(deadline);
    const stdout = captureStdout(child, opts.maxOutputBytes, () => !stopped && ((s.overflow = true), stop()));
    child.stderr.on("data", (chunk: Buffer) => {
      s.err = (s.err + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("error", (e) => {
      startError = e.message;
    });
    feedStdin(child, opts.stdin);
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      clearTimeout(deadline);
      // What it left running — same group or setsid()'d — ends with it.
      sweep();
      if (s.timedOut || s.overflow) return finish();
      timers.push(setTimeout(() => (abandonPipes(child), finish()), DRAIN_MS));
    });
    child.on("close", (code, signal) => {
      if (exit.code === null && exit.signal === null) exit = { code, signal };
      finish();
    });
  });
}

/**
 * Kills in the background (a scan of /proc is asynchronous); `swept` waits for every one started and
 * lists what they killed, once per pid, in the order they started. Not in the order they finished: the sweep after
 * the exit can finish before the timeout's, and it sees the timeout's victims dying, their command
 * lines already gone; the first sweep to see a process names it (uniqueProcesses keeps the first).
 */
export function sweeper(
  child: ChildProcessWithoutNullStreams,
  kill: (pgid: number) => KilledProcess[] | Promise<KilledProcess[]>,
): { sweep: () => void; swept: () => Promise<KilledProcess[]> } {
  const pending: Promise<KilledProcess[]>[] = [];
  const sweep = (): void => {
    const pid = child.pid;
    if (pid !== undefined) pending.push(Promise.resolve(kill(pid)));
  };
  const swept = async (): Promise<KilledProcess[]> => uniqueProcesses((await Promise.all(pending)).flat());
  return { sweep, swept };
}

function feedStdin(child: ChildProcessWithoutNullStreams, text: string | undefined): void {
  // A program that never reads stdin closes the pipe early; that is not our failure.
  child.stdin.on("error", () => {});
  child.stdin.end(text ?? "");
}

/** Stops reading the program's pipes; what arrived so far is kept. */
function abandonPipes(child: ChildProcessWithoutNullStreams): void {
  child.stdin.destroy();
  child.stdout.destroy();
  child.stderr.destroy();
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
  const killed = r.killed.length > 0 ? `; killed ${describeKilled(r.killed)}` : "";
  if (r.startError) return `${what} could not be started: ${r.startError}`;
  if (r.timedOut) return `${what} timed out after ${opts.timeoutMs} ms${killed}`;
  if (r.overflow)
    return `${what} printed more than ${opts.maxOutputBytes} bytes on stdout and was stopped${killed}`;
  if (r.exitCode !== 0) {
    const how = r.exitCode === null ? `was killed by ${r.signal}` : `exited with code ${r.exitCode}`;
    const tail = r.stderrTail.trim();
    return `${what} ${how}${killed}${tail ? `; stderr tail:\n${tail.slice(-1000)}` : ""}`;
  }
  return undefined;
}

/** The trace event recording what a run left alive and skillops killed; undefined when nothing was. */
export function killedEvent(source: string, r: SpawnResult): TraceEvent | undefined {
  if (r.killed.length === 0) return undefined;
  const after = r.timedOut ? "timeout" : r.overflow ? "overflow" : "exit";
  return { type: "processes-killed", after, source, processes: r.killed.map((p) => ({ ...p })) };
}
