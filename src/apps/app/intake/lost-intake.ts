// The sweep of what a lost delivery left undone, run by every dashboard refresh so it does not
// wait for an evolve job (whose own sweep, accepted-sweep.ts, reads every issue). Accepted
// feedback whose acceptance was never recorded (its delivery failed, and nobody pressed "Redeliver"),
// or whose conversion job was lost (the queue lives in memory, a restart drops it), is accepted or
// queued again. Bounded and cheap: it looks only at the accepted feedback the refresh already read,
// at most SWEEP_PER_REFRESH issues a refresh, one comment list each, and an issue it found settled
// (its case comment exists) is remembered in the dashboard marker and never read again.
import { FEEDBACK_MARKERS } from "../../../core/feedback/triage.js";
import { hasLabel } from "../../../core/github/labels.js";
import { ownedMarker } from "../../../core/render/comments/owned-marker.js";
import type { HandlerEnv, Issue } from "../../../core/github/port.js";
import { exclusiveKey } from "../work-queue.js";
import { acceptFeedback, onFeedbackIssue, type IssuePayload } from "./on-issue.js";

export const SWEEP_PER_REFRESH = 3;
/** A conversion still "converting…" after this long was lost, not slow. */
export const LOST_CONVERSION_MS = 10 * 60_000;

/** Settles up to SWEEP_PER_REFRESH unsettled accepted issues; returns the settled ones still accepted. */
export async function sweepLostIntake(
  env: HandlerEnv,
  accepted: readonly Issue[],
  swept: readonly number[],
): Promise<number[]> {
  const live = accepted.filter(
    (i) => !hasLabel(i.labels, "skillops:shipped") && !hasLabel(i.labels, "skillops:conversion-failed"),
  );
  const settled = new Set(swept.filter((n) => live.some((i) => i.number === n))); // forget what left
  if (!env.config.ok) return [...settled];
  const todo = live
    .filter((i) => !settled.has(i.number))
    .sort((a, b) => a.number - b.number)
    .slice(0, SWEEP_PER_REFRESH);
  for (const issue of todo) {
    const done = await env.queue.exclusive(exclusiveKey(env.repo, issue.number), () => sweepOne(env, issue));
    if (done) settled.add(issue.number);
  }
  return [...settled].sort((a, b) => a - b);
}

/** True when the issue needs nothing more (its case comment exists, or nobody entitled accepted it). */
async function sweepOne(env: HandlerEnv, issue: Issue): Promise<boolean> {
  if (!env.config.ok) return false;
  const comments = await env.repo.listComments(issue.number);
  const earlier = ownedMarker(comments, FEEDBACK_MARKERS.case, env.botLogin);
  if (earlier && earlier.kind !== "pending") return true; // converted, advice, or a failure on record
  if (earlier) {
    if (!lost(earlier.at, env.now())) return false; // converting now, probably
    await acceptFeedback(env, env.config.config, issue, String(earlier.acceptedBy), { comments });
    return false; // settled once its case comment shows the outcome
  }
  return acceptUnrecorded(env, issue);
}

/**
 * No record of the acceptance: the `issues.labeled` delivery of the label is replayed from GitHub
 * state (its adder, from the issue's events), so the form check, the injection flag and the role
 * check run exactly as on the webhook; an adder who may not accept has the label removed.
 */
async function acceptUnrecorded(env: HandlerEnv, issue: Issue): Promise<boolean> {
  const by = await env.repo.labelledBy(issue.number, "skillops:accepted");
  if (!by || by.toLowerCase() === env.botLogin.toLowerCase()) return true; // no one to credit
  const payload: IssuePayload = {
    action: "labeled",
    issue: {
      number: issue.number,
      title: issue.title,
      body: issue.body,
      state: issue.state,
      labels: issue.labels,
      user: { login: issue.author, type: issue.authorIsBot ? "Bot" : "User" },
      html_url: issue.url,
      updated_at: issue.updatedAt,
    },
    sender: { login: by },
    label: { name: "skillops:accepted" },
  };
  return (await onFeedbackIssue(env, payload)) !== "queued"; // queued: settled once converted
}

function lost(at: unknown, now: Date): boolean {
  const since = typeof at === "string" ? Date.parse(at) : NaN;
  return Number.isNaN(since) || now.getTime() - since >= LOST_CONVERSION_MS;
}
