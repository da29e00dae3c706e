// issues.opened / edited / labeled on feedback issues: parse the form (one owned comment listing
// what is missing), decide acceptance (the sender's role asked of the API), record it, and queue
// the conversion off the request path. Nothing in the issue body is ever read as a command.
import type { Config } from "../../../core/config/config.js";
import {
  FEEDBACK_MARKERS,
  type Acceptance,
  decideAcceptance,
  formHash,
  renderUnapprovedEdit,
  renderUnauthorisedAcceptance,
} from "../../../core/feedback/triage.js";
import { convertQueued, type QueuedOutcome } from "./queued-conversion.js";
import {
  convertForm,
  convertRead,
  parseForm,
  recordAcceptance,
  recordConversionFailure,
  reportForm,
} from "./ingest.js";
import type { FeedbackForm } from "../../../core/feedback/issue-form.js";
import { ownedMarker } from "../../../core/render/comments/owned-marker.js";
import { upsertOwnedComment } from "../../../core/render/comments/owned-comment.js";
import { hasLabel } from "../../../core/github/labels.js";
import type { FeedbackEnv, HandlerEnv, Issue, SkillRepo } from "../../../core/github/port.js";
import { exclusiveKey } from "../work-queue.js";
import {
  INJECTION_CLEARED,
  renderInjectionNotice,
  withInjectionWarning,
  type InjectionVerdict,
} from "../../../core/feedback/injection.js";
import { flagInjection } from "../../../core/github/injection-flag.js";
import { authorize } from "../../../core/github/permissions.js";

export interface IssuePayload {
  action: string;
  issue: {
    number: number;
    title: string;
    body?: string | null;
    state?: string;
    labels?: Array<{ name: string } | string>;
    user: { login: string; type?: string } | null;
    html_url: string;
    updated_at: string;
    pull_request?: unknown;
  };
  sender: { login: string; type?: string };
  label?: { name: string };
}

export type IssueOutcome =
  | "ignored:pull-request"
  | "ignored:own-action"
  | "ignored:not-feedback"
  | "config-invalid"
  | "form-problems"
  | "awaiting-triage"
  | "flagged-awaiting-triage"
  | "unauthorised-acceptance"
  | "edited-after-acceptance"
  | "queued";

export function issueFromPayload(p: IssuePayload["issue"]): Issue {
  return {
    number: p.number,
    title: p.title,
    body: p.body ?? "",
    state: p.state === "closed" ? "closed" : "open",
    labels: (p.labels ?? []).map((l) => (typeof l === "string" ? l : l.name)),
    author: p.user?.login ?? "ghost",
    authorIsBot: p.user?.type === "Bot",
    isPullRequest: p.pull_request !== undefined && p.pull_request !== null,
    mergedAt: null,
    url: p.html_url,
    updatedAt: p.updated_at,
  };
}

export const conversionKey = (repo: SkillRepo, issue: number) =>
  `convert:${repo.owner}/${repo.repo}#${issue}`;

export async function onFeedbackIssue(env: HandlerEnv, payload: IssuePayload): Promise<IssueOutcome> {
  const issue = issueFromPayload(payload.issue);
  if (issue.isPullRequest) return "ignored:pull-request";
  if (payload.sender.login.toLowerCase() === env.botLogin.toLowerCase()) return "ignored:own-action";
  if (!hasLabel(issue.labels, "skillops:feedback")) return "ignored:not-feedback";
  if (!env.config.ok) return "config-invalid";
  const config = env.config.config;
  const feedbackEnv = { ...env, config };
  const comments = await env.repo.listComments(issue.number);
  const form = await reportForm(feedbackEnv, issue, comments);
  if (!form.ok) return "form-problems";
  const verdict = await flagInjection(env.repo, issue, form.form);

  const labelledAccepted =
    payload.action === "labeled" && payload.label?.name.toLowerCase() === "skillops:accepted";
  const request = labelledAccepted
    ? {
        by: payload.sender.login,
        how: "label" as const,
        ...(await authorize(env.repo, payload.sender.login, "accept")),
      }
    : undefined;
  const earlier = ownedMarker(comments, FEEDBACK_MARKERS.case, env.botLogin);
  const acceptance = decideAcceptance({
    author: issue.author,
    trustedAuthors: config.feedback.trustedAuthors,
    earlierAcceptedBy: typeof earlier?.acceptedBy === "string" ? earlier.acceptedBy : undefined,
    request,
    flagged: verdict.flagged,
  });
  if (!acceptance.accepted) return refuse(env, issue, acceptance, verdict, comments);
  // An edit after acceptance changes the case only when the editor may accept (or is trusted).
  let approveEdits = acceptance.how !== "earlier";
  if (!approveEdits && earlier?.form !== undefined && earlier.form !== formHash(form.form)) {
    const trusted = config.feedback.trustedAuthors.some(
      (a) => a.toLowerCase() === payload.sender.login.toLowerCase(),
    );
    approveEdits =
      (trusted && !verdict.flagged) || (await authorize(env.repo, payload.sender.login, "accept")).allowed;
    if (!approveEdits) {
      await upsertOwnedComment(
        env,
        issue.number,
        FEEDBACK_MARKERS.acceptance,
        withInjectionWarning(renderUnapprovedEdit(payload.sender.login, acceptance.by), verdict),
        { v: 1, editedBy: payload.sender.login },
        comments,
      );
      return "edited-after-acceptance";
    }
  }
  if (verdict.flagged && acceptance.how !== "earlier")
    await postInjectionNotice(env, issue.number, verdict, { kind: "accepted", by: acceptance.by }, comments);
  await acceptFeedback(env, config, issue, acceptance.by, { comments, form: form.form }, approveEdits);
  return "queued";
}

type Comments = Awaited<ReturnType<SkillRepo["listComments"]>>;

/** Not accepted: wait (with the warning when flagged), or undo an acceptance by someone who may not. */
async function refuse(
  env: HandlerEnv,
  issue: Issue,
  acceptance: Exclude<Acceptance, { accepted: true }>,
  verdict: InjectionVerdict,
  comments: Comments,
): Promise<IssueOutcome> {
  if (acceptance.reason === "not-requested" || acceptance.reason === "flagged-injection") {
    if (!verdict.flagged) {
      // An edit took the flagged text out: the waiting comment says so instead of warning.
      const before = ownedMarker(comments, FEEDBACK_MARKERS.acceptance, env.botLogin);
      if (Array.isArray(before?.injection))
        await upsertOwnedComment(
          env,
          issue.number,
          FEEDBACK_MARKERS.acceptance,
          INJECTION_CLEARED,
          { v: 1 },
          comments,
        );
      return "awaiting-triage";
    }
    const state =
      acceptance.reason === "flagged-injection"
        ? { kind: "trusted-author-waiting" as const, author: issue.author }
        : { kind: "waiting" as const };
    await postInjectionNotice(env, issue.number, verdict, state, comments);
    return "flagged-awaiting-triage";
  }
  await env.repo.removeLabel(issue.number, "skillops:accepted");
  const body = renderUnauthorisedAcceptance(acceptance.sender, acceptance.role);
  await upsertOwnedComment(
    env,
    issue.number,
    FEEDBACK_MARKERS.acceptance,
    withInjectionWarning(body, verdict),
    { v: 1, sender: acceptance.sender },
    comments,
  );
  return "unauthorised-acceptance";
}

function postInjectionNotice(
  env: HandlerEnv,
  issue: number,
  verdict: InjectionVerdict,
  state: Parameters<typeof renderInjectionNotice>[1],
  comments: Comments,
) {
  const data = { v: 1, injection: verdict.reasons.map((r) => r.id), state: state.kind };
  return upsertOwnedComment(
    env,
    issue,
    FEEDBACK_MARKERS.acceptance,
    renderInjectionNotice(verdict, state),
    data,
    comments,
  );
}

/** What this delivery already read of the issue: its comments, and its form once reported usable. */
export interface AcceptRead {
  comments: Comments;
  form?: FeedbackForm;
}

/**
 * Records the acceptance and converts (also used by the dashboard checkbox and the lost-intake
 * sweep). The caller holds the issue's exclusive key. A converter without a model converts here, in
 * one case-comment write over what the delivery read; a model converter's work is queued, after a
 * "converting…" comment that records the acceptance at once, and converts what the delivery read
 * (queued-conversion.ts checks at its write what changed since).
 */
export async function acceptFeedback(
  env: HandlerEnv,
  config: Config,
  issue: Issue,
  by: string,
  read?: AcceptRead,
  approveEdits = true,
): Promise<void> {
  const feedbackEnv = { ...env, config };
  if (env.converter.instant) {
    const comments = read?.comments ?? (await env.repo.listComments(issue.number));
    const form = read?.form;
    // A GitHub error fails the delivery itself (Redeliver, or the lost-intake sweep, finishes it):
    // nothing says "converting…" meanwhile.
    const outcome = form
      ? await convertForm(feedbackEnv, { issue, comments, form }, by, approveEdits)
      : await convertRead(
          feedbackEnv,
          { issue, comments, form: parseForm(feedbackEnv, issue) },
          by,
          approveEdits,
        );
    // After the case comment, as after the "converting…" one: the label never precedes the record.
    if (!hasLabel(issue.labels, "skillops:accepted"))
      await env.repo.addLabels(issue.number, ["skillops:accepted"]);
    afterConversion(env, issue, outcome);
    return;
  }
  const comments = read?.comments ?? (await env.repo.listComments(issue.number));
  // The label goes on after "converting…", in the same request where it can.
  const label = hasLabel(issue.labels, "skillops:accepted") ? [] : ["skillops:accepted"];
  const recorded = await recordAcceptance(feedbackEnv, issue.number, by, comments, label);
  if (label.length > 0 && !recorded.labelled) await env.repo.addLabels(issue.number, label);
  const pending = recorded.comment;
  // The job converts what this delivery read, with "converting…" in place of what it replaced.
  const withPending = [...comments.filter((c) => c.id !== pending.id), pending].sort((a, b) => a.id - b.id);
  const form = read?.form ? { ok: true as const, form: read.form } : parseForm(feedbackEnv, issue);
  const job = { read: { issue, comments: withPending, form }, by, approveEdits };
  // Under the issue's exclusive key: a delivery for the same issue does not write its case comment meanwhile.
  env.queue.enqueue(conversionKey(env.repo, issue.number), async () => {
    const outcome = await env.queue.exclusive(exclusiveKey(env.repo, issue.number), () =>
      recordingFailure(feedbackEnv, issue.number, by, () => convertQueued(feedbackEnv, job)),
    );
    afterConversion(env, issue, outcome);
  });
}

/**
 * Runs a conversion; one that throws is not left at "converting…": the issue says why, and the
 * label survives a restart. The error is thrown again, so the queue's (or the delivery's) log has it.
 */
async function recordingFailure(
  env: FeedbackEnv & Pick<HandlerEnv, "refreshDashboard">,
  issue: number,
  by: string,
  convert: () => Promise<QueuedOutcome>,
): Promise<QueuedOutcome> {
  try {
    return await convert();
  } catch (error) {
    await recordConversionFailure(env, issue, by, error);
    env.refreshDashboard?.();
    throw error;
  }
}

/** The dashboard lists failures from the label, which the conversion set or cleared; advice is published. */
function afterConversion(env: HandlerEnv, issue: Issue, outcome: QueuedOutcome): void {
  if (outcome.status === "failed" || hasLabel(issue.labels, "skillops:conversion-failed"))
    env.refreshDashboard?.();
  const publish = env.publishKnowledge;
  if (publish && outcome.status === "converted" && outcome.kind === "knowledge")
    env.queue.enqueue(`knowledge:${env.repo.owner}/${env.repo.repo}`, async () => void (await publish()));
}
