// Feedback → case on GitHub: parse the form, convert with the Converter, and keep exactly one owned
// case comment per issue, written only when its content changed. The issue handlers and the
// acceptance sweep (accepted-sweep.ts) both convert through here.
import { parseFeedbackForm, type FeedbackForm, type FormParse } from "../../../core/feedback/issue-form.js";
import type { Conversion, FeedbackSource } from "../../../core/feedback/to-case.js";
import {
  FEEDBACK_MARKERS,
  conversionHash,
  formHash,
  renderCaseComment,
  renderConversionFailure,
  renderFormProblems,
  FORM_FIXED,
} from "../../../core/feedback/triage.js";
import { failureReason } from "../../../core/feedback/failure-reason.js";
import { convertRedacted } from "../../../core/feedback/redact-feedback.js";
import { redactSecrets } from "../../../vocabulary/redact-secrets.js";
import type { Case } from "../../../records/case.js";
import { hasLabel } from "../../../core/github/labels.js";
import {
  findOwned,
  ownedMarker,
  planOwnedComment,
  type UpsertResult,
} from "../../../core/render/comments/owned-marker.js";
import { readMarker } from "../../../records/markers.js";
import { upsertOwnedComment } from "../../../core/render/comments/owned-comment.js";
import type { Comment, FeedbackEnv, Issue } from "../../../core/github/port.js";
import { isoSeconds } from "../../../vocabulary/clock.js";

export type ConvertOutcome =
  | {
      status: "converted";
      kind: Exclude<Conversion["kind"], "failed">;
      comment: UpsertResult;
      /** The case now in the case comment (kind "case"): kept, so nobody parses the comment back. */
      case?: Case;
    }
  | { status: "failed"; reason: string; comment: UpsertResult }
  | { status: "unchanged" }
  | { status: "edited-unapproved" }
  | { status: "form-problems"; problems: string[] };

/** A feedback issue's form, read with the repository's categories and body limit. */
export function parseForm(env: Pick<FeedbackEnv, "config">, issue: Issue): FormParse {
  return parseFeedbackForm(issue.body, {
    categories: env.config.categories,
    maxBodyChars: env.config.feedback.maxBodyChars,
  });
}

/** Reports (or clears) form problems in one owned comment; true when the form is usable. */
export async function reportForm(
  env: FeedbackEnv,
  issue: Issue,
  comments: Comment[],
  parsed: FormParse = parseForm(env, issue),
): Promise<{ ok: true; form: FeedbackForm } | { ok: false; problems: string[] }> {
  const earlier = ownedMarker(comments, FEEDBACK_MARKERS.form, env.botLogin);
  if (!parsed.ok) {
    await upsertOwnedComment(
      env,
      issue.number,
      FEEDBACK_MARKERS.form,
      renderFormProblems(parsed.problems),
      { v: 1, open: true },
      comments,
    );
    if (!hasLabel(issue.labels, "skillops:needs-info"))
      await env.repo.addLabels(issue.number, ["skillops:needs-info"]);
    return { ok: false, problems: parsed.problems };
  }
  if (earlier?.open === true) {
    await upsertOwnedComment(
      env,
      issue.number,
      FEEDBACK_MARKERS.form,
      FORM_FIXED,
      { v: 1, open: false },
      comments,
    );
    await env.repo.removeLabel(issue.number, "skillops:needs-info");
  }
  return { ok: true, form: parsed.form };
}

/** How a conversion writes its case comment (body and marker data); by default an owned-comment upsert. */
export type CaseWrite = (body: string, data: Record<string, unknown>) => Promise<UpsertResult>;

/** What has been read of one feedback issue: converting it then reads nothing again. */
export interface IssueRead {
  issue: Issue;
  comments: Comment[];
  form: FormParse;
}

/**
 * Converts an accepted feedback issue already read (a delivery's, the sweep's listing, a queued
 * job's) and upserts its case comment; a no-op when nothing changed. Once a case exists, a changed
 * form is converted only when `approveEdits` says someone entitled approved it (a triager's
 * acceptance or edit): an author cannot swap the accepted content.
 */
export async function convertRead(
  env: FeedbackEnv,
  { issue, comments, form: parsed }: IssueRead,
  acceptedBy: string,
  approveEdits: boolean,
  write?: CaseWrite,
): Promise<ConvertOutcome> {
  const form = await reportForm(env, issue, comments, parsed);
  if (!form.ok) return { status: "form-problems", problems: form.problems };
  return convertForm(env, { issue, comments, form: form.form }, acceptedBy, approveEdits, write);
}

/**
 * `convertRead` once the form was reported usable: converts `form` and upserts the case comment
 * over `comments` (read by this delivery), unless nothing changed; `write` replaces the upsert.
 */
export async function convertForm(
  env: FeedbackEnv,
  { issue, comments, form }: { issue: Issue; comments: Comment[]; form: FeedbackForm },
  acceptedBy: string,
  approveEdits: boolean,
  write: CaseWrite = (body, data) =>
    upsertOwnedComment(env, issue.number, FEEDBACK_MARKERS.case, body, data, comments),
): Promise<ConvertOutcome> {
  const hash = formHash(form);
  const earlier = ownedMarker(comments, FEEDBACK_MARKERS.case, env.botLogin);
  // A failed conversion is never "up to date": any delivery that reaches here (or the sweep) retries it.
  if (earlier?.form === hash && earlier.acceptedBy === acceptedBy && earlier.kind !== "failed")
    return { status: "unchanged" };
  if (earlier && earlier.kind !== "pending" && earlier.form !== hash && !approveEdits)
    return { status: "edited-unapproved" };
  const source: FeedbackSource = {
    issue: issue.number,
    url: issue.url,
    title: issue.title,
    author: issue.author,
    acceptedBy,
    form,
  };
  const created = typeof earlier?.created === "string" ? earlier.created : isoSeconds(env.now());
  // A model call that throws (a rejected key, the budget, a schema the client refuses) is a failed
  // conversion like any other: it is written on the issue, never left at "converting…".
  // The converter reads the feedback redacted, and its answer is redacted again (redact-feedback.ts).
  const conversion: Conversion = await convertRedacted(env.converter, source, created).catch(
    (error: unknown) => ({ kind: "failed", reason: redactSecrets(failureReason(error)).value }) as const,
  );
  const body = renderCaseComment(conversion, source, env.converter.name);
  const knowledge =
    conversion.kind === "knowledge" ? { knowledge: { skill: conversion.skill, ...conversion.entry } } : {};
  const data = {
    v: 1,
    kind: conversion.kind,
    form: hash,
    case: conversionHash(conversion),
    acceptedBy,
    created,
    ...knowledge,
  };
  const comment = await write(body, data);
  if (conversion.kind === "failed") {
    if (!hasLabel(issue.labels, "skillops:conversion-failed"))
      await env.repo.addLabels(issue.number, ["skillops:conversion-failed"]);
    return { status: "failed", reason: conversion.reason, comment };
  }
  if (hasLabel(issue.labels, "skillops:conversion-failed"))
    await env.repo.removeLabel(issue.number, "skillops:conversion-failed");
  if (conversion.kind === "knowledge" && !hasLabel(issue.labels, "skillops:knowledge"))
    await env.repo.addLabels(issue.number, ["skillops:knowledge"]);
  return {
    status: "converted",
    kind: conversion.kind,
    comment,
    ...(conversion.kind === "case" ? { case: conversion.case } : {}),
  };
}

/**
 * Writes a failure that happened outside the converter (a GitHub error mid-job, a bug) on the issue:
 * the case comment says why and the label `skillops:conversion-failed` is set. Best effort: it
 * returns the reason it wrote, and throws only when GitHub refuses the write too.
 */
export async function recordConversionFailure(
  env: FeedbackEnv,
  issueNumber: number,
  acceptedBy: string,
  error: unknown,
): Promise<string> {
  const reason = failureReason(error);
  const who = `Accepted by @${acceptedBy}; converted by the ${env.converter.name} converter.`;
  await upsertOwnedComment(env, issueNumber, FEEDBACK_MARKERS.case, renderConversionFailure(reason, who), {
    v: 1,
    kind: "failed",
    acceptedBy,
  });
  await env.repo.addLabels(issueNumber, ["skillops:conversion-failed"]);
  return reason;
}

/**
 * Records an acceptance at once, in the case comment itself ("converting…"), before the model
 * runs off the request path: the app's own comment is the durable record of who accepted. Returns
 * that comment. A created one is not re-listed here: the queued conversion's write reads the
 * comments back and converges duplicates then (queued-conversion.ts), as a failure's write does.
 * `labels` go on the issue after the record, in the same request where the repository can
 * (`createCommentAddingLabels`); `labelled` says whether they did, else the caller adds them.
 */
export async function recordAcceptance(
  env: FeedbackEnv,
  issueNumber: number,
  acceptedBy: string,
  comments?: Comment[],
  labels: readonly string[] = [],
): Promise<{ comment: Comment; labelled: boolean }> {
  const list = comments ?? (await env.repo.listComments(issueNumber));
  const data = { v: 1, kind: "pending", acceptedBy, at: isoSeconds(env.now()) };
  const earlier = findOwned(list, FEEDBACK_MARKERS.case, env.botLogin);
  if (earlier && readMarker(earlier.body, FEEDBACK_MARKERS.case)?.data.acceptedBy === acceptedBy)
    return { comment: earlier, labelled: false };
  const body = `### ⏳ Accepted by @${acceptedBy}\n\nConverting this feedback into a test case; this comment will show the case in a moment.`;
  const next = planOwnedComment(list, FEEDBACK_MARKERS.case, body, data, env.botLogin);
  if (next.step === "create") return createLabelling(env, issueNumber, next.body, labels);
  if (next.step === "update") await env.repo.updateComment(next.id, next.body);
  for (const id of next.remove) await env.repo.deleteComment(id);
  // An existing comment: the oldest owned one, which the plan kept.
  const kept = list.find((c) => c.id === (next.step === "update" ? next.id : earlier!.id))!;
  return { comment: next.step === "update" ? { ...kept, body: next.body } : kept, labelled: false };
}

/** Creates a comment, with `labels` added after it in the same request where the repository can. */
async function createLabelling(
  env: FeedbackEnv,
  issueNumber: number,
  body: string,
  labels: readonly string[],
): Promise<{ comment: Comment; labelled: boolean }> {
  if (labels.length > 0 && env.repo.createCommentAddingLabels)
    return env.repo.createCommentAddingLabels(issueNumber, body, labels);
  return { comment: await env.repo.createComment(issueNumber, body), labelled: false };
}
