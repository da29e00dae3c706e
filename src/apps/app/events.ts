// The webhook events the app handles, in one table that every entry point reads: app.ts subscribes
// each handler under its row's events, the in-Actions adapter accepts exactly these events, and
// app.yml's default_events and the install guide's workflow are checked against it
// (test/github/app-events.test.ts), so a handler cannot be added without its subscription.
import type { Context, Probot } from "probot";

type WebhookName = Context["name"];

/** Each row: the handler's name and the `event.action`s (or action-less events) it is called for. */
export const EVENT_TABLE = [
  // Feedback intake, the dashboard's ticked boxes and the label guard.
  {
    handler: "issue",
    on: ["issues.opened", "issues.edited", "issues.labeled", "issues.unlabeled", "issues.reopened"],
  },
  // Accepted feedback withdrawn before it shipped; the dashboard follows.
  { handler: "issueClosed", on: ["issues.closed"] },
  // `/skillops …` commands in issue and PR comments.
  { handler: "command", on: ["issue_comment.created"] },
  // Frontier PRs: merged (deploy), closed unmerged (rejection), the select label, reopened.
  { handler: "pullClosed", on: ["pull_request.closed"] },
  { handler: "pullLabel", on: ["pull_request.labeled", "pull_request.unlabeled"] },
  { handler: "pullReopened", on: ["pull_request.reopened"] },
  // The skillops/config check of a PR that changes `.github/skillops.yml` (again on a review: a
  // maintainer's approval lets a change that weakens containment pass).
  {
    handler: "configCheck",
    on: [
      "pull_request.opened",
      "pull_request.synchronize",
      "pull_request_review.submitted",
      "pull_request_review.dismissed",
    ],
  },
  // A push to the default branch: open frontier PRs go stale; the policy channel.
  { handler: "staleFrontier", on: ["push"] },
  { handler: "policyPush", on: ["push"] },
  // An evolution run finished: refresh the dashboard.
  { handler: "runCompleted", on: ["workflow_run.completed"] },
] as const satisfies ReadonlyArray<{ handler: string; on: readonly WebhookName[] }>;

type Row = (typeof EVENT_TABLE)[number];

/** One function per row, given the context of that row's events. */
export type EventHandlers = {
  [R in Row as R["handler"]]: (context: Context<R["on"][number]>) => Promise<unknown>;
};

/** The webhook events (without actions) the table subscribes to, in table order. */
export const WEBHOOK_EVENTS: readonly string[] = [
  ...new Set(EVENT_TABLE.flatMap((row) => row.on.map((name) => name.split(".")[0]!))),
];

/** Subscribes every handler under its row's events. */
export function subscribe(probot: Probot, handlers: EventHandlers): void {
  for (const row of EVENT_TABLE) {
    // The mapped type ties each handler to its row; TypeScript cannot follow that through the loop.
    const handle = handlers[row.handler] as (context: Context) => Promise<unknown>;
    probot.on([...row.on], (context) => handle(context as unknown as Context));
  }
}
