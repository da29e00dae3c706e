// The dashboard's feedback lists from labels alone: the newest page of open feedback (and, when that
// page is full, the newest page of accepted feedback) as small facts, the sections they render to,
// and how one issue's new state moves them. A full refresh lists the pages; an incremental one
// (one event) applies the issue to the facts kept in the dashboard's marker, and the result is the
// same lists the full refresh would read, or undefined when the page would need its next issue.
import { z } from "zod";
import { hasLabel } from "../../github/labels.js";
import type { DashboardFeedback, DashboardState } from "./dashboard.js";

/** One page per query: a refresh costs the same however many issues are open. */
export const FEEDBACK_PAGE = 100;

/** The labels the lists are decided by; a fact keeps only these. */
export const FEEDBACK_LABELS = [
  "skillops:feedback",
  "skillops:accepted",
  "skillops:shipped",
  "skillops:knowledge",
  "skillops:conversion-failed",
  "skillops:needs-info",
  "skillops:possible-injection",
] as const;

/** An issue as the lists see it (number, title as rendered, relevant labels). */
export const FeedbackFact = z.object({
  n: z.number().int().positive(),
  t: z.string(),
  l: z.array(z.enum(FEEDBACK_LABELS)),
});
export type FeedbackFact = z.infer<typeof FeedbackFact>;

/** The pages a full refresh read: `accepted` only when the open page is full (else it is derived). */
export const FeedbackWindow = z.object({
  open: z.array(FeedbackFact).max(FEEDBACK_PAGE),
  accepted: z.array(FeedbackFact).max(FEEDBACK_PAGE).optional(),
});
export type FeedbackWindow = z.infer<typeof FeedbackWindow>;

type IssueLike = { number: number; title: string; labels: readonly string[]; state: "open" | "closed" };

/** The fact of an issue: titles are rendered to 120 characters, so no more is kept. */
export function feedbackFact(issue: Pick<IssueLike, "number" | "title" | "labels">): FeedbackFact {
  return {
    n: issue.number,
    t: issue.title.slice(0, 120),
    l: FEEDBACK_LABELS.filter((r) => hasLabel([...issue.labels], r)),
  };
}

const newestFirst = (list: readonly FeedbackFact[]) => [...list].sort((a, b) => b.n - a.n);

/** The window of what a full refresh listed (each list the newest first). */
export function feedbackWindow(
  open: readonly IssueLike[],
  accepted: readonly IssueLike[] | undefined,
): FeedbackWindow {
  const full = open.length >= FEEDBACK_PAGE;
  return {
    open: newestFirst(open.map(feedbackFact)),
    ...(full ? { accepted: newestFirst((accepted ?? []).map(feedbackFact)) } : {}),
  };
}

export type FeedbackSections = Pick<
  DashboardState,
  "awaitingTriage" | "waitingForRun" | "advice" | "conversionFailed" | "moreFeedback"
>;

/** The dashboard's feedback sections of a window. */
export function feedbackSections(window: FeedbackWindow): FeedbackSections {
  const full = window.open.length >= FEEDBACK_PAGE;
  const has = (f: FeedbackFact, label: (typeof FEEDBACK_LABELS)[number]) => f.l.includes(label);
  const accepted = full ? (window.accepted ?? []) : window.open.filter((f) => has(f, "skillops:accepted"));
  const live = (f: FeedbackFact) => !has(f, "skillops:shipped");
  const line = (f: FeedbackFact): DashboardFeedback => ({ number: f.n, title: f.t });
  const isAdvice = (f: FeedbackFact) => has(f, "skillops:knowledge");
  const failed = (f: FeedbackFact) => has(f, "skillops:conversion-failed");
  const conversionFailed = accepted
    .filter((f) => live(f) && failed(f))
    .map((f) => ({ ...line(f), kind: "failed" as const }));
  return {
    awaitingTriage: window.open
      .filter((f) => live(f) && !has(f, "skillops:accepted"))
      .map((f) => ({
        ...line(f),
        problems: has(f, "skillops:needs-info") ? 1 : 0,
        ...(has(f, "skillops:possible-injection") ? { possibleInjection: true } : {}),
      })),
    waitingForRun: accepted
      .filter((f) => live(f) && !isAdvice(f) && !failed(f))
      .map((f) => ({ ...line(f), kind: "case", caseId: `issue-${f.n}` })),
    advice: accepted
      .filter((f) => live(f) && isAdvice(f) && !failed(f))
      .map((f) => ({ ...line(f), kind: "knowledge" })),
    ...(conversionFailed.length > 0 ? { conversionFailed } : {}),
    ...(full || accepted.length >= FEEDBACK_PAGE ? { moreFeedback: true } : {}),
  };
}

/**
 * One page with the issue's new state: updated, added (older than a full page: not on it), or
 * removed. Undefined when a full page loses one: the issue after it is not known here.
 */
function place(
  page: readonly FeedbackFact[],
  fact: FeedbackFact,
  belongs: boolean,
): FeedbackFact[] | undefined {
  const at = page.findIndex((f) => f.n === fact.n);
  if (at >= 0) {
    if (belongs) return page.map((f, i) => (i === at ? fact : f));
    return page.length >= FEEDBACK_PAGE ? undefined : page.filter((_, i) => i !== at);
  }
  if (!belongs) return [...page];
  if (page.length < FEEDBACK_PAGE) return newestFirst([...page, fact]);
  return fact.n > page.at(-1)!.n ? newestFirst([...page, fact]).slice(0, FEEDBACK_PAGE) : [...page];
}

/**
 * The window once `issue` is as given (its state after the event): what a full refresh would list,
 * or undefined when only a full refresh can tell (a full page lost an issue, or the open page just
 * became full and the accepted page was never read).
 */
export function applyToWindow(window: FeedbackWindow, issue: IssueLike): FeedbackWindow | undefined {
  const fact = feedbackFact(issue);
  const feedback = issue.state === "open" && fact.l.includes("skillops:feedback");
  const open = place(window.open, fact, feedback);
  if (!open) return undefined;
  const wasFull = window.open.length >= FEEDBACK_PAGE;
  if (open.length >= FEEDBACK_PAGE && !wasFull) return undefined;
  if (!wasFull) return { open };
  const accepted = place(window.accepted ?? [], fact, feedback && fact.l.includes("skillops:accepted"));
  return accepted ? { open, accepted } : undefined;
}
