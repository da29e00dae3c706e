// git on the double's bare repository (the one the git server serves): what GitHub would read
// from its own storage — branch heads, the commits and files between two commits.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** git on the double's bare repository, with a fixed identity and clock (tests stay reproducible). */
export function gitIn(gitDir: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync("git", args, {
    cwd: gitDir,
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_DIR: gitDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
    .toString("utf8")
    .trim();
}

/** A file's bytes as text at `ref`, exactly (gitIn trims; the contents API does not). */
export function gitShow(gitDir: string, ref: string, path: string): string {
  return execFileSync("git", ["show", `${ref}:${path}`], {
    cwd: gitDir,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_DIR: gitDir },
    stdio: ["ignore", "pipe", "pipe"],
  }).toString("utf8");
}

/**
 * `git show <ref>:<path>` as gitIn gives it (trimmed; throws when there is no such file). A commit's
 * files never change, so each (commit, path) is read once: an app reads the same few files (its
 * config, bank.yml) through the contents API on every event. A ref that is neither a branch nor a
 * full sha is read each time.
 */
export function showFile(gitDir: string, ref: string, path: string): string {
  const commit = SHA.test(ref) ? ref : refSha(gitDir, ref);
  if (commit === undefined) return gitIn(gitDir, ["show", `${ref}:${path}`]);
  const key = `${gitDir}\0${commit}:${path}`;
  let read = shown.get(key);
  if (read === undefined) {
    try {
      read = { text: gitIn(gitDir, ["show", `${commit}:${path}`]) };
    } catch (error) {
      read = { error };
    }
    shown.set(key, read);
  }
  if ("error" in read) throw read.error;
  return read.text;
}
const shown = new Map<string, { text: string } | { error: unknown }>();

/** The commit a branch points at, or undefined when there is no such branch. */
export function refSha(gitDir: string, branch: string): string | undefined {
  const stored = storedBranchSha(gitDir, branch);
  if (stored !== null) return stored;
  try {
    return gitIn(gitDir, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`]);
  } catch {
    return undefined;
  }
}

const SHA = /^[0-9a-f]{40}$/;
/** A branch name whose ref file path is the name itself (no `..`, no leading or doubled `/`). */
const PLAIN_BRANCH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * The branch's sha read from git's files ref store as git itself reads it (the loose ref, else
 * packed-refs), without a process: the double reads branch heads on nearly every request, and a
 * `git rev-parse` per read was most of a test's time. git refuses a non-commit under refs/heads, so
 * the stored sha is the commit `rev-parse <ref>^{commit}` names. null: not a plain case (a symbolic
 * ref, an odd name), for rev-parse to answer.
 */
function storedBranchSha(gitDir: string, branch: string): string | undefined | null {
  if (!PLAIN_BRANCH.test(branch) || branch.endsWith(".lock")) return null;
  const ref = `refs/heads/${branch}`;
  let loose: string | undefined;
  try {
    loose = readFileSync(join(gitDir, ref), "utf8").trim();
  } catch (e) {
    // ENOTDIR/EISDIR: a prefix or an extension of another branch's name; it may still be packed.
    if (!["ENOENT", "ENOTDIR", "EISDIR"].includes((e as NodeJS.ErrnoException).code ?? "")) return null;
  }
  if (loose !== undefined) return SHA.test(loose) ? loose : null;
  let packed: string;
  try {
    packed = readFileSync(join(gitDir, "packed-refs"), "utf8");
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT" ? undefined : null;
  }
  for (const line of packed.split("\n")) {
    const [sha, name] = line.split(" ");
    if (name === ref) return SHA.test(sha ?? "") ? sha : null;
  }
  return undefined;
}

export function commitsBetween(gitDir: string, base: string, head: string) {
  const out = gitIn(gitDir, [
    "log",
    "--reverse",
    "--format=%H%x1f%an%x1f%ae%x1f%cn%x1f%ce%x1f%aI%x1f%cI%x1f%T%x1f%P%x1f%s",
    `${base}..${head}`,
  ]);
  return out === "" ? [] : out.split("\n").map((line) => line.split("\x1f"));
}
