// The settings an evolve process starts with (issue 33, peak RSS), which only a new process can take:
// V8 sizes its young generation when the heap is set up, and glibc reads its tunables when the
// process starts. By default the young generation's semi-spaces grow to 16 MB each (32 MB resident
// for the life of the run, though a scavenge keeps only a few MB alive); each thread that allocates
// (libuv's pool reading and hashing for the stores) gets a malloc arena of its own whose free memory
// is never returned; and glibc raises its mmap threshold after each large block freed, so later large
// blocks come from the heap, whose free space stays resident. bin/skillops.js therefore replaces an
// `evolve` process, before it loads anything, by one started with these settings (process.execve:
// same pid, stdio, signals and exit status). A value the user gave (node command line, NODE_OPTIONS,
// the environment) wins; the marker variable stops a second replacement, and the replacing process
// then takes the marker and the variables it added out of its environment, so the commands it runs
// inherit the user's. Where execve is missing (Windows) the run simply keeps its settings.

/** Each young-generation semi-space at most this size (MB); V8's default on 64-bit is 16. */
export const MAX_SEMI_SPACE_MB = 4;
/**
 * glibc tunables: the main arena and one more for all threads; blocks of 128 kB or more always
 * mmapped (the default threshold, held fixed), so that freeing one returns it.
 */
export const MALLOC_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};
/** Set in the replacing process, so that it never replaces itself again: the variables added. */
export const LEAN_MARKER = "SKILLOPS_LEAN_START";

const SEMI_SPACE = /--max[-_]semi[-_]space[-_]size\b/;

export interface LeanStart {
  /** Node flags to add to the process's own. */
  flags: string[];
  /** The environment of the replacing process. */
  env: Record<string, string>;
}

/** What to start the process with, or undefined when it already runs that way (or was replaced). */
export function leanStart(
  execArgv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): LeanStart | undefined {
  if (env[LEAN_MARKER] !== undefined) return undefined;
  const flags =
    execArgv.some((a) => SEMI_SPACE.test(a)) || SEMI_SPACE.test(env["NODE_OPTIONS"] ?? "")
      ? []
      : [`--max-semi-space-size=${MAX_SEMI_SPACE_MB}`];
  const added = Object.fromEntries(
    Object.entries(MALLOC_SETTINGS).filter(([name]) => env[name] === undefined),
  );
  if (!flags.length && !Object.keys(added).length) return undefined;
  const own = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return { flags, env: { ...own, ...added, [LEAN_MARKER]: Object.keys(added).join(",") } };
}

/**
 * Replaces this process by the same command with the lean settings, when it lacks them and the
 * platform can (process.execve: POSIX, main thread). Returns when nothing is replaced.
 */
export function restartLean(): void {
  const restarted = process.env[LEAN_MARKER];
  if (restarted !== undefined) {
    for (const name of [LEAN_MARKER, ...restarted.split(",").filter(Boolean)]) delete process.env[name];
    return;
  }
  const plan = leanStart(process.execArgv, process.env);
  if (!plan || typeof process.execve !== "function" || process.platform === "win32") return;
  const args = [process.execPath, ...process.execArgv, ...plan.flags, ...process.argv.slice(1)];
  process.execve(process.execPath, args, plan.env);
}
