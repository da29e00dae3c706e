// A model converter's conversion, off the request path. The delivery recorded the acceptance
// ("converting…") and hands over what it read; the job converts that, and writes the case in one
// request that also reads the issue back (`updateCommentReadingIssue`, GraphQL), so the write itself
// tells whether anything changed since the delivery read it: `skillops:accepted` taken off (the case
// comment then says the acceptance was withdrawn), the issue edited (converted again, as it is now),
// a concurrent delivery's duplicate "converting…" (converged: the oldest kept, the rest deleted).
// Where GraphQL cannot (an error, a repository without it), the job reads and writes the REST way.
import { FEEDBACK_MARKERS, formHash, renderWithdrawnConversion } from "../../../core/feedback/triage.js";
import { hasLabel } from "../../../core/github/labels.js";
import type { Comment, FeedbackEnv, IssueReadBack } from "../../../core/github/port.js";
import { planOwnedComment, type UpsertResult } from "../../../core/render/comments/owned-marker.js";
import { upsertOwnedComment } from "../../../core/render/comments/owned-comment.js";
import { convertRead, parseForm, type CaseWrite, type ConvertOutcome, type IssueRead } from "./ingest.js";

/** What the job converts: the issue, its comments (with "converting…") and form as last read. */
export interface QueuedConversion {
  read: IssueRead;
  by: string;
  approveEdits: boolean;
}

export type QueuedOutcome = ConvertOutcome | { status: "withdrawn" };

/**
 * Rounds of "the issue was edited while converting: convert it again" one job makes; a person still
 * editing after that has each edit's own delivery queue its conversion.
 */
export const CONVERSION_ROUNDS = 3;

/** Converts `job.read`, writes the case, and acts on what the write read back. */
export async function convertQueued(env: FeedbackEnv, job: QueuedConversion): Promise<QueuedOutcome> {
  let read = job.read;
  let approveEdits = job.approveEdits;
  let outcome: ConvertOutcome = { status: "unchanged" };
  for (let round = 0; round < CONVERSION_ROUNDS; round++) {
    const writer = caseWriter(env, read);
    outcome = await convertRead(env, read, job.by, approveEdits, writer.write);
    const back = writer.readBack();
    if (!back) return outcome; // nothing written: nothing converted that could be out of date
    const number = read.issue.number;
    if (!hasLabel(back.issue.labels, "skillops:accepted")) {
      await withdraw(env, back, job.by, read);
      return { status: "withdrawn" };
    }
    if (back.issue.title === read.issue.title && back.issue.body === read.issue.body) return outcome;
    // Edited before its case existed: the acceptance covers the issue as it is now (as before the
    // case was written, the acceptance binds no text), so this converts it again.
    const comments = back.comments ?? (await env.repo.listComments(number));
    read = { issue: back.issue, comments, form: parseForm(env, back.issue) };
    approveEdits = true;
  }
  return outcome;
}

/**
 * The case comment's write for one round: the oldest owned case comment edited through GraphQL with
 * the issue read back, duplicates then converged over that read; the REST way otherwise.
 */
function caseWriter(
  env: FeedbackEnv,
  read: IssueRead,
): { write: CaseWrite; readBack: () => IssueReadBack | undefined } {
  let back: IssueReadBack | undefined;
  const { number } = read.issue;
  const kind = FEEDBACK_MARKERS.case;
  const write: CaseWrite = async (body, data) => {
    const plan = planOwnedComment(read.comments, kind, body, data, env.botLogin);
    const target = plan.step === "update" ? read.comments.find((c) => c.id === plan.id) : undefined;
    const graphql = env.repo.updateCommentReadingIssue;
    if (plan.step === "update" && target?.nodeId && graphql) {
      const written = await graphql({ id: target.id, nodeId: target.nodeId }, plan.body).catch(
        () => undefined, // GraphQL refused or failed: the REST way below
      );
      if (written) {
        back = written;
        if (written.comments) return converge(env, number, written.comments, body, data);
      }
    }
    // The REST way: the issue and its comments read now, the case upserted over them.
    const issue = back?.issue ?? (await env.repo.getIssue(number));
    const comments = await env.repo.listComments(number);
    back = { issue, comments };
    return upsertOwnedComment(env, number, kind, body, data, comments);
  };
  return { write, readBack: () => back };
}

/** After the GraphQL write: the oldest owned case comment takes the body, younger duplicates go. */
async function converge(
  env: FeedbackEnv,
  number: number,
  comments: Comment[],
  body: string,
  data: Record<string, unknown>,
): Promise<UpsertResult> {
  const next = planOwnedComment(comments, FEEDBACK_MARKERS.case, body, data, env.botLogin);
  if (next.step === "create") return upsertOwnedComment(env, number, FEEDBACK_MARKERS.case, body, data);
  if (next.step === "update") await env.repo.updateComment(next.id, next.body);
  for (const id of next.remove) await env.repo.deleteComment(id);
  return "updated";
}

/** `skillops:accepted` came off before the case was written: the case comment says so, and credits nobody. */
async function withdraw(env: FeedbackEnv, back: IssueReadBack, by: string, read: IssueRead): Promise<void> {
  const data = { v: 1, kind: "withdrawn", ...(read.form.ok ? { form: formHash(read.form.form) } : {}) };
  const comments = back.comments ?? (await env.repo.listComments(back.issue.number));
  await upsertOwnedComment(
    env,
    back.issue.number,
    FEEDBACK_MARKERS.case,
    renderWithdrawnConversion(by),
    data,
    comments,
  );
}
