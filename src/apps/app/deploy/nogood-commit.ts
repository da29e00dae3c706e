// Persists nogoods in git with the bank (docs/nogoods.md, "In git"): one commit of the new
// `.skillops/nogoods/<id>.json` files on top of the default branch's head, by the app's author,
// pushed fast-forward only (never force). A refused push is retried once on the new head when the
// branch moved; when it did not move (branch protection), the files go to one PR on the fallback
// branch instead (`skillops/nogoods-<N>` for a rejected PR, `skillops/nogoods-run-<id>` for an
// evolve run). Files already there are skipped, so a redelivered event or a re-run writes
// nothing: the ids are content hashes of the edits. A fallback PR a person closed unmerged is their
// answer ("close it to forget them"), so it is never opened again; an open one gets the new files.
import type { Nogood } from "../../../records/nogood.js";
import { NOGOODS_DIR, nogoodFileName, serialiseNogood } from "../../../records/nogood-file.js";
import { commitChanges } from "../../../io/git/edit-tree.js";
import { readTreeChecked } from "../../../io/git/read-tree.js";
import { fetchBranch, GitRemoteError, pushBranch } from "../../../io/git/remote.js";
import { epochSeconds } from "../../../vocabulary/clock.js";
import type { FrontierEnv, PublishGit } from "../../../core/github/port.js";

export type NogoodCommit =
  | { kind: "nothing-new" }
  | { kind: "committed"; paths: string[]; branch: string }
  | { kind: "pull-request"; paths: string[]; pullRequest: number; refusal: string; existing: boolean }
  /** A person closed the fallback PR unmerged ("close it to forget them"): it is not opened again. */
  | { kind: "declined"; pullRequest: number };

export interface NogoodCommitInput {
  nogoods: readonly Nogood[];
  /** Where they come from, for the commit message and PR title: `#41`, `run 20261201-ab12`. */
  from: string;
  /** Why, for the commit message and the fallback PR's body. */
  reason: string;
  /** The fallback PR's branch, used only when the default branch refuses the push. */
  fallbackBranch: string;
  defaultBranch: string;
  /** The default branch's head, already fetched into the gitdir. */
  head: string;
}

async function namesAt(git: PublishGit, ref: string): Promise<Set<string>> {
  const { files } = await readTreeChecked({ gitdir: git.gitdir, ref, prefix: NOGOODS_DIR });
  return new Set(files.map((f) => f.path));
}

/** The nogoods whose file is not at `ref` yet, as the writes of a commit. */
async function newWrites(git: PublishGit, refs: readonly string[], nogoods: readonly Nogood[]) {
  const have = new Set<string>();
  for (const ref of refs) for (const name of await namesAt(git, ref)) have.add(name);
  return nogoods
    .filter((n) => !have.has(nogoodFileName(n)))
    .map((n) => ({
      path: `${NOGOODS_DIR}/${nogoodFileName(n)}`,
      bytes: new TextEncoder().encode(serialiseNogood(n)),
    }));
}

async function commitOn(
  env: FrontierEnv,
  git: PublishGit,
  o: { parent: string; branch: string; writes: Array<{ path: string; bytes: Uint8Array }>; message: string },
) {
  await commitChanges({
    gitdir: git.gitdir,
    parent: o.parent,
    branch: o.branch,
    writes: o.writes,
    message: o.message,
    author: env.author,
    timestamp: epochSeconds(env.now()),
  });
  await pushBranch({ ...git, branch: o.branch, force: false });
}

export async function commitNogoods(
  env: FrontierEnv,
  git: PublishGit,
  input: NogoodCommitInput,
): Promise<NogoodCommit> {
  const message = (count: number) =>
    `skillops: remember ${count} nogood(s) from ${input.from}\n\n${input.reason}: the refused section edits are recorded so later runs do not propose them again (docs/nogoods.md).`;
  let head = input.head;
  let refusal = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    const writes = await newWrites(git, [head], input.nogoods);
    if (writes.length === 0) return { kind: "nothing-new" };
    try {
      await commitOn(env, git, {
        parent: head,
        branch: input.defaultBranch,
        writes,
        message: message(writes.length),
      });
      return { kind: "committed", paths: writes.map((w) => w.path), branch: input.defaultBranch };
    } catch (error) {
      if (!(error instanceof GitRemoteError)) throw error;
      refusal = error.message.replace(/\s+/g, " "); // one line, for a comment
      const now = await fetchBranch({ ...git, branch: input.defaultBranch });
      if (now === head) break; // not moved: refused for good (branch protection)
      head = now; // moved under us: once more on the new head
    }
  }
  return openNogoodsPull(env, git, { ...input, head }, refusal, message);
}

/** The fallback: the files on the fallback branch (on top of what it already holds) and one PR. */
async function openNogoodsPull(
  env: FrontierEnv,
  git: PublishGit,
  input: NogoodCommitInput,
  refusal: string,
  message: (count: number) => string,
): Promise<NogoodCommit> {
  const branch = input.fallbackBranch;
  // listPulls matches a prefix: keep this branch's PRs only (not skillops/nogoods-410's for #41).
  const earlier = (await env.repo.listPulls(branch, "all")).filter((p) => p.headRef === branch);
  const closed = earlier.find((p) => p.state === "closed" && !p.merged);
  const open = earlier.find((p) => p.state === "open");
  if (closed && !open) return { kind: "declined", pullRequest: closed.number };
  const existing = (await env.repo.branchHead(branch)) ? await fetchBranch({ ...git, branch }) : undefined;
  const parent = existing ?? input.head;
  const writes = await newWrites(git, [input.head, parent], input.nogoods);
  if (writes.length === 0) return { kind: "nothing-new" };
  await commitOn(env, git, { parent, branch, writes, message: message(writes.length) });
  const paths = writes.map((w) => w.path);
  if (open) return { kind: "pull-request", paths, pullRequest: open.number, refusal, existing: true };
  const created = await env.repo.createPull({
    title: `skillops: remember ${writes.length} nogood(s) from ${input.from}`,
    body: `${input.reason}. This adds one file per refused section edit under \`${NOGOODS_DIR}/\`, so later evolution runs veto those edits before evaluating them while their skills are unchanged (docs/nogoods.md).\n\nskillops could not push to \`${input.defaultBranch}\` itself: ${refusal}\n\nMerge this to keep them; close it to forget them.`,
    head: branch,
    base: input.defaultBranch,
    draft: false,
  });
  return { kind: "pull-request", paths, pullRequest: created.number, refusal, existing: false };
}
