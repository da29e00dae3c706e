// git on the double's bare repository (the one the git server serves): what GitHub would read
// from its own storage — branch heads, the commits and files between two commits.
import { execFileSync } from "node:child_process";

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

export function refSha(gitDir: string, branch: string): string | undefined {
  try {
    return gitIn(gitDir, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`]);
  } catch {
    return undefined;
  }
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
