// The acceptance sweep that the evolution job (and `skillops ingest --github`) runs: every accepted
// feedback issue without a current case comment is converted, so a conversion the app lost is never
// lost feedback, and the cases the run evolves on come back with it. Each issue is read once: its
// comments listed and its form parsed a single time, and the case just built kept as an object.
import { detectInjection } from "../../../core/feedback/injection.js";
import type { FormParse } from "../../../core/feedback/issue-form.js";
import { failureReason } from "../../../core/feedback/failure-reason.js";
import { FEEDBACK_MARKERS, decideAcceptance, parseCaseComment } from "../../../core/feedback/triage.js";
import { authorize } from "../../../core/github/permissions.js";
import { hasLabel } from "../../../core/github/labels.js";
import type { Comment, FeedbackEnv, Issue, SkillRepo } from "../../../core/github/port.js";
import { isOwn, ownedMarker } from "../../../core/render/comments/owned-marker.js";
import type { Case } from "../../../records/case.js";
import { readMarker } from "../../../records/markers.js";
import {
  convertRead,
  parseForm,
  recordConversionFailure,
  type ConvertOutcome,
  type IssueRead,
} from "./ingest.js";

export interface IngestItem {
  issue: number;
  outcome: ConvertOutcome["status"] | "not-accepted";
  detail?: string;
}

/** What one sweep did per issue, and the accepted cases it leaves for an evolution run. */
export interface AcceptedSweep {
  items: IngestItem[];
  /**
   * The Case in the app's own case comment of every open, accepted, not yet shipped feedback issue,
   * by issue number: the ones this sweep wrote as built, the others read from the comments it listed.
   */
  cases: Case[];
}

/**
 * Every open feedback issue labelled `skillops:accepted` (or by a trusted author) without a
 * current case comment is converted. The label alone is not trusted: whoever added it must have
 * triage permission or more, checked through the API. One issue that fails is recorded on that
 * issue (`failed`), and the sweep goes on with the others. Each issue's comments are listed once.
 */
export async function ingestAccepted(env: FeedbackEnv): Promise<AcceptedSweep> {
  const issues = await env.repo.listIssues({ labels: ["skillops:feedback"], state: "open" });
  const items: IngestItem[] = [];
  const cases: Array<{ issue: number; case: Case }> = [];
  for (const issue of issues) {
    const swept = await sweepOne(env, issue);
    items.push(swept.item);
    if (awaitsEvolution(issue) && swept.case) cases.push({ issue: issue.number, case: swept.case });
  }
  return { items, cases: cases.sort((a, b) => a.issue - b.issue).map((c) => c.case) };
}

/** The sweep may run without the webhook having seen the issue: the label, or the heuristics now. */
function looksInjected(issue: Issue, parsed: FormParse): boolean {
  if (hasLabel(issue.labels, "skillops:possible-injection")) return true;
  return parsed.ok && detectInjection(parsed.form, issue.title).flagged;
}

/** An accepted feedback issue whose fix has not shipped: its case is evolved on. */
const awaitsEvolution = (issue: Issue) =>
  hasLabel(issue.labels, "skillops:accepted") && !hasLabel(issue.labels, "skillops:shipped");

/** The Case in the app's own case comment among `comments`, when it holds one. */
function caseInComments(comments: readonly Comment[], botLogin: string): Case | undefined {
  const own = comments.find(
    (c) => isOwn(botLogin)(c) && readMarker(c.body, FEEDBACK_MARKERS.case)?.data.kind === "case",
  );
  return own ? parseCaseComment(own.body) : undefined;
}

async function sweepOne(env: FeedbackEnv, issue: Issue): Promise<{ item: IngestItem; case?: Case }> {
  let acceptedBy: string | undefined;
  try {
    const read: IssueRead = {
      issue,
      comments: await env.repo.listComments(issue.number),
      form: parseForm(env, issue),
    };
    const acceptance = await sweepAcceptance(env, read);
    const kept = () => caseInComments(read.comments, env.botLogin);
    if (!acceptance.accepted)
      return {
        item: { issue: issue.number, outcome: "not-accepted", detail: acceptance.reason },
        case: kept(),
      };
    acceptedBy = acceptance.by;
    // The sweep converts what has no case yet; it never takes an unapproved edit of an accepted one.
    const outcome = await convertRead(env, read, acceptance.by, acceptance.how !== "earlier");
    if (outcome.status === "converted")
      return {
        item: { issue: issue.number, outcome: "converted", detail: outcome.kind },
        case: outcome.case,
      };
    if (outcome.status === "failed")
      return { item: { issue: issue.number, outcome: "failed", detail: outcome.reason } };
    return { item: { issue: issue.number, outcome: outcome.status }, case: kept() };
  } catch (error) {
    // Before acceptance is known nothing is written on the issue (it may not be accepted at all).
    const detail = acceptedBy
      ? await recordConversionFailure(env, issue.number, acceptedBy, error).catch(() => failureReason(error))
      : failureReason(error);
    // What the case comment holds after a failure part-way is not known here: it is read again.
    const comments = await env.repo.listComments(issue.number).catch(() => []);
    return {
      item: { issue: issue.number, outcome: "failed", detail },
      case: caseInComments(comments, env.botLogin),
    };
  }
}

/** Whether the sweep may convert an issue: its case comment's acceptance, or who added the label. */
async function sweepAcceptance(env: FeedbackEnv, { issue, comments, form }: IssueRead) {
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
  return decideAcceptance({
    author: issue.author,
    trustedAuthors: env.config.feedback.trustedAuthors,
    earlierAcceptedBy: typeof earlier?.acceptedBy === "string" ? earlier.acceptedBy : undefined,
    request,
    flagged: looksInjected(issue, form),
  });
}

/**
 * The accepted cases waiting on GitHub, read without converting anything: the Case in the app's
 * own case comment of every open, accepted, not yet shipped feedback issue.
 */
export async function collectAcceptedCases(repo: SkillRepo, botLogin: string): Promise<Case[]> {
  const issues = await repo.listIssues({ labels: ["skillops:feedback", "skillops:accepted"], state: "open" });
  const cases: Case[] = [];
  for (const issue of issues.filter(awaitsEvolution).sort((a, b) => a.number - b.number)) {
    const found = caseInComments(await repo.listComments(issue.number), botLogin);
    if (found) cases.push(found);
  }
  return cases;
}
