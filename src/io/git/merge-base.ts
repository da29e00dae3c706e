// The best common ancestor of two commits (`git merge-base`), without a working tree: what a
// branch was forked from once people have pushed to it or merged the default branch into it.
import { cacheFor, fs, git, resolveCommit } from "./repo.js";

export async function mergeBase(gitdir: string, a: string, b: string): Promise<string | undefined> {
  const oids = [await resolveCommit(gitdir, a), await resolveCommit(gitdir, b)];
  const bases = (await git.findMergeBase({ fs, gitdir, oids, cache: cacheFor(gitdir) })) as string[];
  return bases[0];
}
