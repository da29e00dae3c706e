// Shared plumbing for the isomorphic-git store: bare repositories on node:fs (a temp gitdir; no
// working tree is ever checked out) and ref resolution.
import * as fs from "node:fs";
import * as git from "isomorphic-git";

export { fs, git };

/** Pack-index caches shared by calls on the same gitdir; bounded, since a long-running app
 * creates a fresh temp gitdir per job. */
const caches = new Map<string, object>();
const MAX_CACHES = 8;
export function cacheFor(gitdir: string): object {
  let c = caches.get(gitdir);
  if (c) {
    caches.delete(gitdir);
  } else {
    c = {};
    if (caches.size >= MAX_CACHES) caches.delete(caches.keys().next().value as string);
  }
  caches.set(gitdir, c);
  return c;
}

export async function initBare(opts: { gitdir: string; defaultBranch?: string }): Promise<void> {
  await git.init({ fs, gitdir: opts.gitdir, bare: true, defaultBranch: opts.defaultBranch ?? "main" });
}

/** A branch name, a full ref (`refs/heads/x`), `HEAD` or a 40-hex commit id → the commit id. */
export async function resolveCommit(gitdir: string, ref: string): Promise<string> {
  if (/^[0-9a-f]{40}$/.test(ref)) return ref;
  try {
    return await git.resolveRef({ fs, gitdir, ref });
  } catch (e) {
    throw new Error(
      `git: cannot resolve '${ref}' in ${gitdir}: ${e instanceof Error ? e.message : String(e)}`,
      { cause: e },
    );
  }
}

export const MODE_FILE = "100644";
export const MODE_EXECUTABLE = "100755";
export const MODE_TREE = "040000";
export const MODE_SYMLINK = "120000";
export const MODE_SUBMODULE = "160000";
