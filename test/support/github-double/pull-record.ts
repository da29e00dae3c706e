// What the double stores for a pull request beside its issue record (title, body, labels and state
// live on the issue, as on GitHub), and how a route finds it.
import type { DoubleRequest, GitHubDouble } from "./route.js";
import { gitIn, refSha } from "./bare-git.js";
import type { IssueRecord, UserRecord } from "./state.js";

export interface PullRecord {
  number: number;
  headRef: string;
  baseRef: string;
  /** Head sha when the PR was last seen with a live branch (kept after the branch is deleted). */
  headSha: string;
  baseSha: string;
  draft: boolean;
  merged: boolean;
  mergedAt: string | null;
  mergeCommitSha: string | null;
  mergedBy: UserRecord | null;
}

export function pullsOf(d: GitHubDouble): Map<number, PullRecord> {
  return d.state.pulls as unknown as Map<number, PullRecord>;
}

export function pullOf(req: DoubleRequest, d: GitHubDouble): PullRecord | undefined {
  return pullsOf(d).get(Number(req.params.pull_number));
}

/**
 * An open PR's head and base follow its branches; a closed one keeps the shas it had. As on GitHub,
 * `refs/pull/<n>/head` names the head commit and outlives the branch (fetchable after a deletion).
 */
export function live(gitDir: string, p: PullRecord, i: IssueRecord): PullRecord {
  if (i.state === "open") {
    const head = refSha(gitDir, p.headRef) ?? p.headSha;
    p.baseSha = refSha(gitDir, p.baseRef) ?? p.baseSha;
    if (head !== p.headSha) pinPullHead(gitDir, p.number, head);
    p.headSha = head;
  }
  return p;
}

/** Points `refs/pull/<n>/head` at `sha`. */
export function pinPullHead(gitDir: string, n: number, sha: string): void {
  gitIn(gitDir, ["update-ref", `refs/pull/${n}/head`, sha]);
}
