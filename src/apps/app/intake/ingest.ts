// Feedback → case on GitHub: parse the form, convert with the Converter, and keep exactly one owned
// case comment per issue, written only when its content changed. `ingestAccepted` is the idempotent
// sweep the evolution job (and `skillops ingest --github`) runs, so a lost conversion is never
// lost feedback.
import { parseFeedbackForm, type FeedbackForm } from "../../../core/feedback/issue-form.js";
import type { Conversion, FeedbackSource } from "../../../core/feedback/to-case.js";
import {
  FEEDBACK_MARKERS,
  conversionHash,
  decideAcceptance,
  formHash,
  parseCaseComment,
  renderCaseComment,
  renderConversionFailure,
  renderFormProblems,
  FORM_FIXED,
} from "../../../core/feedback/triage.js";
import { failureReason } from "../../../core/feedback/failure-reason.js";
import { detectInjection } from "../../../core/feedback/injection.js";
import type { Case } from "../../../records/case.js";
import { hasLabel } from "../../../core/github/labels.js";
import { readMarker } from "../../../records/markers.js";
import { isOwn, ownedMarker, type UpsertResult } from "../../../core/render/comments/owned-marker.js";
import { upsertOwnedComment } from "../../../core/render/comments/owned-comment.js";
import type { Comment, FeedbackEnv, Issue, SkillRepo } from "../../../core/github/port.js";
import { isoSeconds } from "../../../vocabulary/clock.js";
import { authorize } from "../../../core/github/permissions.js";

export type ConvertOutcome =
  | { status: "converted"; kind: Exclude<Conversion["kind"], "failed">; comment: UpsertResult }
  | { status: "failed"; reason: string; comment: UpsertResult }
  | { status: "unchanged" }
  | { status: "edited-unapproved" }
  | { status: "form-problems"; problems: string[] };

/** Reports (or clears) form problems in one owned comment; true when the form is usable. */
export async function reportForm(
  env: FeedbackEnv,
  issue: Issue,
  comments: Comment[],
): Promise<{ ok: true; form: FeedbackForm } | { ok: false; problems: string[] }> {
  const parsed = parseFeedbackForm(issue.body, {
    categories: env.config.categories,
    maxBodyChars: env.config.feedback.maxBodyChars,
  });
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

/**
 * Converts an accepted feedback issue and upserts its case comment; a no-op when nothing changed.
 * Once a case exists, a changed form is converted only when `approveEdits` says someone entitled
 * approved it (a triager's acceptance or edit): an author cannot swap the accepted content.
 */
export async function convertFeedback(
  env: FeedbackEnv,
  issueNumber: number,
  acceptedBy: string,
  approveEdits = true,
): Promise<ConvertOutcome> {
  const issue = await env.repo.getIssue(issueNumber);
  const comments = await env.repo.listComments(issueNumber);
  const form = await reportForm(env, issue, comments);
  if (!form.ok) return { status: "form-problems", problems: form.problems };
  const hash = formHash(form.form);
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
    form: form.form,
  };
  const created = typeof earlier?.created === "string" ? earlier.created : isoSeconds(env.now());
  // A model call that throws (a rejected key, the budget, a schema the client refuses) is a failed
  // conversion like any other: it is written on the issue, never left at "converting…".
  const conversion: Conversion = await env.converter
    .convert(source, created)
    .catch((error: unknown) => ({ kind: "failed", reason: failureReason(error) }) as const);
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
  const comment = await upsertOwnedComment(env, issue.number, FEEDBACK_MARKERS.case, body, data, comments);
  if (conversion.kind === "failed") {
    if (!hasLabel(issue.labels, "skillops:conversion-failed"))
      await env.repo.addLabels(issue.number, ["skillops:conversion-failed"]);
    return { status: "failed", reason: conversion.reason, comment };
  }
  if (hasLabel(issue.labels, "skillops:conversion-failed"))
    await env.repo.removeLabel(issue.number, "skillops:conversion-failed");
  if (conversion.kind === "knowledge" && !hasLabel(issue.labels, "skillops:knowledge"))
    await env.repo.addLabels(issue.number, ["skillops:knowledge"]);
  return { status: "converted", kind: conversion.kind, comment };
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
 * runs off the request path: the app's own comment is the durable record of who accepted.
 */
export async function recordAcceptance(
  env: FeedbackEnv,
  issueNumber: number,
  acceptedBy: string,
  comments?: Comment[],
): Promise<UpsertResult> {
  const list = comments ?? (await env.repo.listComments(issueNumber));
  const earlier = ownedMarker(list, FEEDBACK_MARKERS.case, env.botLogin);
  if (earlier?.acceptedBy === acceptedBy) return "unchanged";
  const body = `### ⏳ Accepted by @${acceptedBy}\n\nConverting this feedback into a test case; this comment will show the case in a moment.`;
  return upsertOwnedComment(
    env,
    issueNumber,
    FEEDBACK_MARKERS.case,
    body,
    { v: 1, kind: "pending", acceptedBy, at: isoSeconds(env.now()) },
    list,
  );
}

export interface IngestItem {
  issue: number;
  outcome: ConvertOutcome["status"] | "not-accepted";
  detail?: string;
}

/**
 * Every open feedback issue labelled `skillops:accepted` (or by a trusted author) without a
 * current case comment is converted. The label alone is not trusted: whoever added it must have
 * triage permission or more, checked through the API. One issue that fails is recorded on that
 * issue (`failed`), and the sweep goes on with the others.
 */
export async function ingestAccepted(env: FeedbackEnv): Promise<IngestItem[]> {
  const issues = await env.repo.listIssues({ labels: ["skillops:feedback"], state: "open" });
  const items: IngestItem[] = [];
  for (const issue of issues) items.push(await sweepOne(env, issue));
  return items;
}

/** The sweep may run without the webhook having seen the issue: the label, or the heuristics now. */
function looksInjected(env: FeedbackEnv, issue: Issue): boolean {
  if (hasLabel(issue.labels, "skillops:possible-injection")) return true;
  const parsed = parseFeedbackForm(issue.body, {
    categories: env.config.categories,
    maxBodyChars: env.config.feedback.maxBodyChars,
  });
  return parsed.ok && detectInjection(parsed.form, issue.title).flagged;
}

async function sweepOne(env: FeedbackEnv, issue: Issue): Promise<IngestItem> {
  let acceptedBy: string | undefined;
  try {
    const comments = await env.repo.listComments(issue.number);
    const earlier = ownedMarker(comments, FEEDBACK_MARKERS.case, env.botLogin);
    let request: { by: string; role: string; allowed: boolean; how: "label" } | undefined;
    if (!earlier && hasLabel(issue.labels, "skillops:accepted")) {
      const by = await env.repo.labelledBy(issue.number, "skillops:accepted");
      const isBot = by?.toLowerCase() === env.botLogin.toLowerCase();
      if (by)
        request = {
          by,
          how: "label",
          ...(isBot ? { role: "none", allowed: false } : await authorize(env.repo, by, "accept")),
        };
    }
    const acceptance = decideAcceptance({
      author: issue.author,
      trustedAuthors: env.config.feedback.trustedAuthors,
      earlierAcceptedBy: typeof earlier?.acceptedBy === "string" ? earlier.acceptedBy : undefined,
      request,
      flagged: looksInjected(env, issue),
    });
    if (!acceptance.accepted)
      return { issue: issue.number, outcome: "not-accepted", detail: acceptance.reason };
    acceptedBy = acceptance.by;
    // The sweep converts what has no case yet; it never takes an unapproved edit of an accepted one.
    const outcome = await convertFeedback(env, issue.number, acceptance.by, acceptance.how !== "earlier");
    if (outcome.status === "converted")
      return { issue: issue.number, outcome: "converted", detail: outcome.kind };
    if (outcome.status === "failed")
      return { issue: issue.number, outcome: "failed", detail: outcome.reason };
    return { issue: issue.number, outcome: outcome.status };
  } catch (error) {
    // Before acceptance is known nothing is written on the issue (it may not be accepted at all).
    const detail = acceptedBy
      ? await recordConversionFailure(env, issue.number, acceptedBy, error).catch(() => failureReason(error))
      : failureReason(error);
    return { issue: issue.number, outcome: "failed", detail };
  }
}

/**
 * The accepted cases an evolution run works on: the Case in the app's own case comment of every
 * open, accepted, not yet shipped feedback issue (run `ingestAccepted` first so none is missing).
 */
export async function collectAcceptedCases(repo: SkillRepo, botLogin: string): Promise<Case[]> {
  const issues = await repo.listIssues({ labels: ["skillops:feedback", "skillops:accepted"], state: "open" });
  const cases: Case[] = [];
  for (const issue of issues
    .filter((i) => !hasLabel(i.labels, "skillops:shipped"))
    .sort((a, b) => a.number - b.number)) {
    const own = (await repo.listComments(issue.number)).find(
      (c) => isOwn(botLogin)(c) && readMarker(c.body, FEEDBACK_MARKERS.case)?.data.kind === "case",
    );
    const parsed = own ? parseCaseComment(own.body) : undefined;
    if (parsed) cases.push(parsed);
  }
  return cases;
}
