// One event's dashboard refresh: the dashboard's own snapshot (its marker, dashboard-snapshot.ts)
// with the feedback issues the event changed read again, one request each, instead of the ten or so
// reads of a full refresh. It renders exactly what a full refresh would (the consistency test
// replays events both ways), and hands back undefined whenever only a full refresh can tell.
import { preserveTicks, renderDashboard } from "../../../core/render/dashboard/dashboard.js";
import {
  readSnapshot,
  snapshotFresh,
  stateOfSnapshot,
} from "../../../core/render/dashboard/dashboard-snapshot.js";
import { applyToWindow, type FeedbackWindow } from "../../../core/render/dashboard/feedback-window.js";
import type { HandlerEnv, Issue } from "../../../core/github/port.js";
import { isoSeconds } from "../../../vocabulary/clock.js";

/** More issues than this in one refresh (a burst): one full refresh reads fewer. */
export const MAX_INCREMENTAL_ISSUES = 5;

/**
 * The body an incremental refresh renders over `dashboard` (read just now), or undefined when a
 * full refresh is needed: no valid snapshot, one too old or with its writes used up, too many issues, an issue
 * gone, or a full feedback page that lost an issue.
 */
export async function renderIncrementally(
  env: Pick<HandlerEnv, "repo" | "config" | "now" | "noModel">,
  dashboard: Issue,
  issues: ReadonlyArray<number | Issue>,
  marker: { allowed: string[]; swept: number[] },
): Promise<string | undefined> {
  const snap = readSnapshot(dashboard.body);
  if (!snap || !snapshotFresh(snap, env.now())) return undefined;
  if (issues.length > MAX_INCREMENTAL_ISSUES) return undefined;
  let window: FeedbackWindow | undefined = snap.window;
  for (const given of issues) {
    // A number is read again; an issue given whole is as its (current) payload says.
    const issue = typeof given === "number" ? await env.repo.getIssue(given).catch(() => undefined) : given;
    if (!issue || issue.isPullRequest) return undefined;
    window = applyToWindow(window, issue);
    if (!window) return undefined;
  }
  const snapshot = { ...snap, window, since: snap.since + 1 };
  const state = stateOfSnapshot(snapshot, {
    repo: `${env.repo.owner}/${env.repo.repo}`,
    updatedAt: isoSeconds(env.now()),
    configProblems: env.config.ok ? [] : env.config.problems,
    ...(env.noModel ? { noModel: true } : {}),
    ...(marker.swept.length ? { swept: marker.swept } : {}),
  });
  const rendered = renderDashboard(state, { allowed: marker.allowed, snapshot });
  // The body was read a moment ago with nothing in between: boxes ticked in it stay ticked.
  return preserveTicks(rendered, dashboard.body, new Set());
}
