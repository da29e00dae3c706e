// The two banks a rejected frontier PR is judged by (docs/nogoods.md, "Rollbacks and closed PRs"),
// read from git trees with the git store, no checkout. A rollback: the merge commit's tree is the
// candidate and its first parent the bank it was merged onto. A PR closed unmerged: its head is the
// candidate and the head's parent the base, since publish.ts writes each frontier PR as one sealed
// app commit on the default branch's head. When the head is not that commit (a person pushed to the
// branch, amended or rebased it), its parent is no longer the bank it was proposed on, so the
// merge-base with the default branch is used instead. The head is read from `refs/pull/<n>/head`.
import type { SkillBank } from "../../../core/bank/skill.js";
import { isSealed } from "../../../core/github/commit-seal.js";
import { commitInfo } from "../../../io/git/edit-tree.js";
import { mergeBase } from "../../../io/git/merge-base.js";
import { loadBankFromGit } from "../../../io/git/read-tree.js";
import { fetchBranch } from "../../../io/git/remote.js";
import type { FrontierEnv, PublishGit } from "../../../core/github/port.js";

export interface RejectedBanks {
  base: SkillBank;
  candidate: SkillBank;
  /** True when the base is the merge-base with the default branch (the head is not one app commit). */
  viaMergeBase: boolean;
}

export type RejectedPull =
  { origin: "rollback"; mergeCommitSha: string } | { origin: "closed-pr"; number: number; headRef: string };

async function bankAt(env: FrontierEnv, git: PublishGit, ref: string): Promise<SkillBank> {
  return (await loadBankFromGit({ gitdir: git.gitdir, ref, prefix: env.bankDir })).bank;
}

/** `defaultHead` must already be fetched into `git.gitdir` (a rollback's merge is its ancestor). */
export async function rejectedBanks(
  env: FrontierEnv,
  git: PublishGit,
  pull: RejectedPull,
  defaultHead: string,
): Promise<RejectedBanks> {
  let candidate: string;
  let base: string | undefined;
  let viaMergeBase = false;
  if (pull.origin === "rollback") {
    candidate = pull.mergeCommitSha;
    base = (await commitInfo(git.gitdir, candidate)).parents[0];
  } else {
    candidate = await closedHead(git, pull);
    const head = await commitInfo(git.gitdir, candidate);
    // The app seals its frontier commits (commit-seal.ts): a sealed head is the one app commit.
    if (isSealed(head)) base = head.parents[0];
    else {
      base = await mergeBase(git.gitdir, candidate, defaultHead);
      viaMergeBase = true;
    }
  }
  if (!base) throw new Error(`commit ${candidate.slice(0, 7)} has no parent to compare it with`);
  return { base: await bankAt(env, git, base), candidate: await bankAt(env, git, candidate), viaMergeBase };
}

/**
 * The head a PR was closed at: GitHub's `refs/pull/<n>/head`, which stays at the closing commit and
 * outlives the branch (a person may delete the branch, or push to it, right after closing). A forge
 * without pull refs falls back to the branch.
 */
async function closedHead(git: PublishGit, pull: { number: number; headRef: string }): Promise<string> {
  try {
    return await fetchBranch({ ...git, branch: `refs/pull/${pull.number}/head` });
  } catch (pullRef) {
    try {
      return await fetchBranch({ ...git, branch: pull.headRef });
    } catch {
      throw pullRef;
    }
  }
}
