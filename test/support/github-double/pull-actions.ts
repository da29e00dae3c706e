// Opening and merging a pull request: what the routes do, also called directly by tests and the
// demo to arrange a person's PR or merge. A merge writes a real merge commit into the bare repository.
import { gitIn, refSha } from "./bare-git.js";
import { pinPullHead, pullsOf, type PullRecord } from "./pull-record.js";
import type { GitHubDouble } from "./route.js";
import type { IssueRecord, UserRecord } from "./state.js";

/** Opens a PR as `author` would (used by the route and by tests arranging a human's revert PR). */
export function openPull(
  d: GitHubDouble,
  gitDir: string,
  input: {
    title: string;
    body: string | null;
    head: string;
    base: string;
    draft: boolean;
    author: UserRecord;
  },
): PullRecord | string {
  const headSha = refSha(gitDir, input.head);
  const baseSha = refSha(gitDir, input.base);
  if (!headSha) return `head branch ${input.head} does not exist`;
  if (!baseSha) return `base branch ${input.base} does not exist`;
  const existing = [...pullsOf(d).values()].find(
    (p) => p.headRef === input.head && d.state.issue(p.number).state === "open",
  );
  if (existing) return `A pull request already exists for ${d.state.owner}:${input.head}.`;
  const at = d.state.now();
  const issue: IssueRecord = {
    number: d.state.allocateNumber(),
    id: d.state.id(),
    title: input.title,
    body: input.body,
    state: "open",
    stateReason: null,
    labels: [],
    user: input.author,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    isPullRequest: true,
  };
  d.state.issues.set(issue.number, issue);
  const pull: PullRecord = {
    number: issue.number,
    headRef: input.head,
    baseRef: input.base,
    headSha,
    baseSha,
    draft: input.draft,
    merged: false,
    mergedAt: null,
    mergeCommitSha: null,
    mergedBy: null,
  };
  pullsOf(d).set(pull.number, pull);
  pinPullHead(gitDir, pull.number, headSha);
  return pull;
}

/** Merges with a real merge commit in the bare repository (GitHub's default "merge" method). */
export function mergePull(
  d: GitHubDouble,
  gitDir: string,
  p: PullRecord,
  by: UserRecord,
): { sha: string } | string {
  const issue = d.state.issue(p.number);
  if (issue.state !== "open") return "Pull Request is not open";
  const head = refSha(gitDir, p.headRef);
  const base = refSha(gitDir, p.baseRef);
  if (!head || !base) return "Head or base branch is missing";
  let tree: string;
  try {
    tree = gitIn(gitDir, ["merge-tree", "--write-tree", base, head]).split("\n")[0]!;
  } catch {
    return "Merge conflict";
  }
  const at = d.state.now();
  const who = {
    GIT_AUTHOR_NAME: by.login,
    GIT_AUTHOR_EMAIL: `${by.id}+${by.login}@users.noreply.github.com`,
    GIT_AUTHOR_DATE: at,
    GIT_COMMITTER_NAME: "GitHub",
    GIT_COMMITTER_EMAIL: "noreply@github.com",
    GIT_COMMITTER_DATE: at,
  };
  const sha = gitIn(
    gitDir,
    [
      "commit-tree",
      tree,
      "-p",
      base,
      "-p",
      head,
      "-m",
      `Merge pull request #${p.number} from ${d.state.owner}/${p.headRef}\n\n${issue.title}`,
    ],
    who,
  );
  gitIn(gitDir, ["update-ref", `refs/heads/${p.baseRef}`, sha, base]);
  pinPullHead(gitDir, p.number, head);
  Object.assign(p, {
    headSha: head,
    baseSha: base,
    merged: true,
    mergedAt: at,
    mergeCommitSha: sha,
    mergedBy: by,
  });
  Object.assign(issue, { state: "closed", stateReason: "completed", closedAt: at, updatedAt: at });
  return { sha };
}
