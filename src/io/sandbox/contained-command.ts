// Turns a program's argument array into what is actually spawned (docs/security.md): with `bwrap`,
// the bubblewrap command line around it and the sandbox's private HOME and TMPDIR; with `none`, the
// program itself with a private HOME and TMPDIR made for it on the host. Either way its environment
// is built from the allowlist (child-env.ts), never copied from ours.
import { constants, statSync } from "node:fs";
import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { bwrapArgv, SANDBOX_HOME, SANDBOX_TMP, type SandboxView } from "../../core/sandbox/bwrap-argv.js";
import { childEnv } from "../../core/sandbox/child-env.js";
import type { Containment } from "../../core/sandbox/containment.js";
import { DEFAULT_PATH, findOnPath } from "./host-layout.js";
import { resolveNpx } from "./npx-command.js";
import { programNeeds } from "./program-needs.js";
import { sandboxHost } from "./sandbox-ready.js";

export interface ContainedCommand {
  argv: string[];
  env: Record<string, string>;
  /** True when a PID namespace holds the tree: killing the leader ends all of it. */
  sandboxed: boolean;
  /** Set when the program cannot be started (not found, not executable); nothing was spawned. */
  startError?: string;
  /** Removes what was made for this spawn. */
  cleanup(): Promise<void>;
}

/** What the tree may touch besides the read-only host (bwrap only; `none` sees everything). */
export type SpawnView = Omit<SandboxView, "cwd" | "hidden">;

/** Why argv[0] cannot be started from `cwd` with `path`, or undefined when it can. */
async function cannotStart(program: string, cwd: string | undefined, path: string | undefined) {
  if (program.includes("/")) {
    const full = isAbsolute(program) ? program : resolve(cwd ?? process.cwd(), program);
    try {
      await access(full, constants.X_OK);
      return undefined;
    } catch (e) {
      return `spawn ${program} ${(e as NodeJS.ErrnoException).code ?? "EACCES"}`;
    }
  }
  return (await findOnPath(program, path)) ? undefined : `spawn ${program} ENOENT`;
}

const gitDirs = new Map<string, string | undefined>();

/**
 * The .git folder of the checkout holding `dir` (actions/checkout may keep a token in its config).
 * Remembered per folder: an agent runs from the same one for every execution.
 */
function enclosingGitDir(dir: string): string | undefined {
  const key = resolve(dir);
  if (!gitDirs.has(key)) gitDirs.set(key, findGitDir(key));
  return gitDirs.get(key);
}

function findGitDir(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    try {
      if (statSync(join(d, ".git")).isDirectory()) return join(d, ".git");
    } catch {
      // not here
    }
    if (dirname(d) === d) return undefined;
  }
}

export async function containCommand(
  argv: readonly string[],
  o: {
    contain: Containment;
    cwd?: string | undefined;
    view?: SpawnView;
    env?: Record<string, string>;
    home?: string | undefined;
  },
): Promise<ContainedCommand> {
  const c = o.contain;
  if (c.sandbox === "none" && o.home !== undefined) {
    // The caller's own private folder (it removes it): no folder of ours to make and remove per spawn.
    const env = childEnv(c, { home: o.home, tmp: o.home }, o.env);
    return { argv: [...argv], env, sandboxed: false, cleanup: async () => {} };
  }
  if (c.sandbox === "none") {
    const dir = await mkdtemp(join(tmpdir(), "skillops-child-"));
    const env = childEnv(c, { home: dir, tmp: dir }, o.env);
    const cleanup = () => rm(dir, { recursive: true, force: true });
    return { argv: [...argv], env, sandboxed: false, cleanup };
  }
  const host = await sandboxHost(c);
  const env = childEnv(c, { home: SANDBOX_HOME, tmp: SANDBOX_TMP }, o.env);
  const noop = async () => {};
  const path = env.PATH ?? DEFAULT_PATH;
  // npx cannot fetch inside: what it would run is found here, or it is refused with how to install.
  const npx = resolveNpx(argv, { cwd: o.cwd ?? process.cwd(), node: host.node, env: c.parentEnv });
  if (npx && "refusal" in npx)
    return { argv: [...argv], env, sandboxed: true, startError: npx.refusal, cleanup: noop };
  const program = npx?.argv ?? argv;
  // bwrap would start and then fail to exec: say it the way a direct spawn would.
  const startError = await cannotStart(program[0] ?? "", o.cwd, path);
  if (startError) return { argv: [...program], env, sandboxed: true, startError, cleanup: noop };
  const gitDir = o.cwd ? enclosingGitDir(o.cwd) : undefined;
  const view: SandboxView = {
    writable: o.view?.writable ?? [],
    readOnly: o.view?.readOnly ?? [],
    cwd: o.cwd,
    hidden: gitDir ? [gitDir] : [],
    program: await programNeeds(program[0]!, o.cwd, path),
    proxy: o.view?.proxy,
  };
  const layout = { ...host, path: path.split(delimiter).filter(Boolean) };
  return { argv: bwrapArgv(program, view, c.limits, layout), env, sandboxed: true, cleanup: noop };
}
