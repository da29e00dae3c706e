// An unsandboxed tree in a cgroup of its own (cgroup v2), where this process may make one: every
// process the program starts stays in it, setsid() or a scrubbed environment notwithstanding, so the
// tree is listed by reading one file (cgroup.procs) and ended by writing one (cgroup.kill). The cost
// grows with the tree, not with the machine's process count as the /proc scan of process-tree.ts did.
// The program joins before it runs: it is started through `sh`, which moves itself into the cgroup
// and then execs it, so nothing it forks can start outside. Where no cgroup can be made (no cgroup2
// mount, not delegated to us, a kernel before 5.14 without cgroup.kill) the caller falls back to the
// scan; docs/agent-command.md, "Containment".
import { accessSync, constants, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { commandText, type KilledProcess } from "./process-tree.js";

/** Moves the shell into the cgroup named by $0, then becomes the program ("$@"). */
const JOIN = 'echo 0 > "$0/cgroup.procs" || exit 125; exec "$@"';
/** How many times to end a tree whose processes forked while it was being killed. */
const ROUNDS = 5;

export interface TreeCgroup {
  /** The argv that starts `argv` inside the cgroup. */
  wrap(argv: readonly string[]): string[];
  /** The live processes in it now. */
  pids(): number[];
  /** Ends every process in it (cgroup.kill) and returns those that were alive, named. */
  kill(): KilledProcess[];
  /** Removes the cgroup once its processes are gone (SIGKILL takes a moment); gives up after a second. */
  remove(): void;
}

let base: string | null | undefined;

/** Where this process may make child cgroups, or null: the cgroup2 mount plus our own cgroup's path. */
function cgroupBase(): string | null {
  if (base !== undefined) return base;
  base = null;
  try {
    const mount = readFileSync("/proc/self/mountinfo", "utf8")
      .split("\n")
      .map((l) => l.split(" "))
      .find((f) => f[f.indexOf("-") + 1] === "cgroup2")?.[4];
    const own = readFileSync("/proc/self/cgroup", "utf8")
      .split("\n")
      .find((l) => l.startsWith("0::"))
      ?.slice(3);
    if (!mount || own === undefined) return base;
    const dir = join(mount, own);
    const probe = join(dir, `skillops-probe-${process.pid}`);
    mkdirSync(probe);
    const killable = (() => {
      try {
        accessSync(join(probe, "cgroup.kill"), constants.W_OK);
        accessSync(join(probe, "cgroup.procs"), constants.W_OK);
        return true;
      } catch {
        return false;
      }
    })();
    rmdirSync(probe);
    if (killable) base = dir;
  } catch {
    // not ours to make: the caller scans instead
  }
  return base;
}

/** Whether trees get a cgroup here (probed once per process). */
export function treeCgroupsAvailable(): boolean {
  return cgroupBase() !== null;
}

/** A fresh cgroup for one tree, or undefined where none can be made. */
export function openTreeCgroup(tag: string): TreeCgroup | undefined {
  const parent = cgroupBase();
  if (parent === null) return undefined;
  const dir = join(parent, `skillops-${tag}`);
  try {
    mkdirSync(dir);
  } catch {
    return undefined;
  }
  const pids = (): number[] => {
    try {
      return readFileSync(join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  return {
    wrap: (argv) => ["/bin/sh", "-c", JOIN, dir, ...argv],
    pids,
    kill() {
      const seen = new Map<number, KilledProcess>();
      for (let round = 0; round < ROUNDS; round++) {
        const now = pids().filter((p) => !seen.has(p));
        if (now.length === 0) break;
        for (const pid of now) seen.set(pid, { pid, command: commandOf(pid) });
        try {
          writeFileSync(join(dir, "cgroup.kill"), "1");
        } catch {
          break;
        }
      }
      return [...seen.values()].sort((a, b) => a.pid - b.pid);
    },
    remove() {
      const attempt = (left: number): void => {
        try {
          rmdirSync(dir);
        } catch {
          // busy until the killed processes have exited
          if (left > 0) setTimeout(() => attempt(left - 1), 20).unref();
        }
      };
      attempt(50);
    },
  };
}

/**
 * The program's path as spawn would find it, or undefined when it cannot be run: through the shell
 * a missing program would be sh's exit 127, and the caller reports a start error instead, as spawn does.
 */
export function resolveProgram(
  program: string,
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): string | undefined {
  const runnable = (path: string) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (program.includes("/")) {
    const path = isAbsolute(program) ? program : join(cwd, program);
    return runnable(path) ? path : undefined;
  }
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const path = join(dir, program);
    if (runnable(path)) return path;
  }
  return undefined;
}

/** The process's command line or name (process-tree.ts commandText); the pid alone when it is gone. */
function commandOf(pid: number): string {
  const read = (file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, "utf8");
    } catch {
      return ""; // gone already
    }
  };
  const cmdline = read("cmdline");
  // The name is read only where the command line says nothing.
  return commandText(cmdline, cmdline.replaceAll("\0", "") ? "" : read("comm").trim()) || `pid ${pid}`;
}
