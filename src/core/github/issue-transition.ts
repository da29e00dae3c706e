// One issue (or PR) moving because a PR was merged or reverted: shipped and closed, reopened, a PR
// labelled rolled back. Each is a comment saying why, then the change itself, and both can be
// recomputed from GitHub: the change from the issue's state and labels (`done`), the comment from its
// hidden marker, which names the merge it records. So a redelivery after a partial failure, or a
// new delivery of the same event, posts only what is missing and changes only what is left.
import { renderMarker } from "../../records/markers.js";
import { hasOwnedRecord } from "../render/comments/owned-marker.js";
import { hasLabel, withLabel } from "./labels.js";
import type { Issue, IssuesRepo } from "./port.js";

export interface IssueTransition {
  /** True when the issue already stands where this transition takes it. */
  done(issue: Pick<Issue, "state" | "labels">): boolean;
  /** The comment's marker kind, and the PR whose merge it records (its marker's `pr`). */
  kind: string;
  pr: number;
  body: string;
  /** The change itself, made after the comment (so a done issue always has its comment). */
  finish(issue: Pick<Issue, "state" | "labels">): Promise<void>;
}

type TransitionRepo = Pick<IssuesRepo, "getIssue" | "listComments" | "createComment">;

/**
 * Moves issue `number` unless it is done: the comment when the app has not posted it for this merge,
 * then the change. `known` saves the read when the caller holds the issue's state and labels.
 */
export async function transitionIssue(
  env: { repo: TransitionRepo; botLogin: string },
  number: number,
  t: IssueTransition,
  known?: Pick<Issue, "state" | "labels">,
): Promise<"unchanged" | "moved"> {
  const issue = known ?? (await env.repo.getIssue(number));
  if (t.done(issue)) return "unchanged";
  const record = { pr: t.pr };
  if (!hasOwnedRecord(await env.repo.listComments(number), t.kind, env.botLogin, record))
    await env.repo.createComment(number, `${renderMarker(t.kind, { v: 1, ...record })}\n${t.body}`);
  await t.finish(issue);
  return "moved";
}

/** Shipped: labelled `skillops:shipped` and closed as completed, in one request. */
export const shipIssue = (
  repo: Pick<IssuesRepo, "updateIssue">,
  number: number,
  pr: number,
  body: string,
): IssueTransition => ({
  done: (i) => i.state === "closed" && hasLabel(i.labels, "skillops:shipped"),
  kind: "shipped",
  pr,
  body,
  finish: (i) =>
    repo.updateIssue(number, {
      state: "closed",
      stateReason: "completed",
      labels: withLabel(i.labels, "skillops:shipped"),
    }),
});

/** Reopened: the shipped label goes and the issue opens again, in one request. */
export const reopenIssue = (
  repo: Pick<IssuesRepo, "updateIssue">,
  number: number,
  pr: number,
  body: string,
): IssueTransition => ({
  done: (i) => i.state === "open" && !hasLabel(i.labels, "skillops:shipped"),
  kind: "reopened",
  pr,
  body,
  finish: (i) =>
    repo.updateIssue(number, {
      state: "open",
      stateReason: "reopened",
      labels: i.labels.filter((l) => !hasLabel([l], "skillops:shipped")),
    }),
});
