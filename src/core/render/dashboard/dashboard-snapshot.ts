// What the dashboard's marker keeps so one event can refresh it without re-reading the repository:
// everything a full refresh gathered except the configuration's own problems (each event loads the
// config) and the one-off notices, plus the feedback pages as facts (feedback-window.ts). Read back
// through zod: a snapshot missing, of another version or malformed means a full refresh.
import { z } from "zod";
import { BankManifest } from "../../../records/bank-manifest.js";
import { readMarker } from "../../../records/markers.js";
import { canonicalJson } from "../../../vocabulary/canonical-json.js";
import { DASHBOARD_MARKER, type DashboardState } from "./dashboard.js";
import { FeedbackWindow, feedbackSections } from "./feedback-window.js";

/**
 * When an event's refresh is a full one again, whatever the event: after this many incremental
 * writes, or this long after the last full refresh. Full refreshes also run the lost-intake sweep
 * and catch what no delivery told us (a lost one, a label pushed by a script).
 */
export const INCREMENTAL_WRITES_BEFORE_FULL = 50;
export const FULL_REFRESH_EVERY_MS = 60 * 60_000;

const Candidate = z.object({ candidate: z.string(), pullRequest: z.number().int(), allowed: z.boolean() });
const Titled = z.object({ number: z.number().int(), title: z.string() });

export const DashboardSnapshot = z.object({
  v: z.literal(1),
  /** When the last full refresh ran (ISO), and how many incremental writes since. */
  at: z.string(),
  since: z.number().int().nonnegative(),
  /** bank.yml and nogood problems (the config's are added per event). */
  problems: z.array(z.string()),
  deployed: BankManifest.nullable(),
  frontier: z.array(
    Titled.extend({
      member: z.string().optional(),
      candidate: z.string().optional(),
      selected: z.boolean(),
      draft: z.boolean(),
    }),
  ),
  lastMerge: z
    .object({ pullRequest: z.number().int(), candidate: z.string(), rolledBack: z.boolean() })
    .optional(),
  recentRuns: z.array(
    z.object({ id: z.string(), url: z.string().optional(), conclusion: z.string(), when: z.string() }),
  ),
  rolledBack: z.array(Candidate),
  rejected: z.array(Candidate),
  leftAlone: z.array(Titled).optional(),
  mayBeStale: z.array(z.object({ skill: z.string(), issue: z.number().int() })).optional(),
  nogoods: z
    .object({
      active: z.number().int(),
      retired: z.number().int(),
      unchecked: z.number().int(),
      invalid: z.array(z.string()),
    })
    .optional(),
  window: FeedbackWindow,
});
export type DashboardSnapshot = z.infer<typeof DashboardSnapshot>;

/** The snapshot of a fully gathered state; `repoProblems` are its problems less the config's. */
export function snapshotOf(
  state: DashboardState,
  repoProblems: string[],
  window: FeedbackWindow,
): DashboardSnapshot {
  // The gathering time, to the second: a refresh that finds nothing new keeps the older one.
  const { deployed, frontier, lastMerge, recentRuns, rolledBack, rejected, leftAlone, mayBeStale, nogoods } =
    state;
  return {
    v: 1,
    at: state.updatedAt,
    since: 0,
    problems: repoProblems,
    deployed,
    frontier,
    ...(lastMerge ? { lastMerge } : {}),
    recentRuns,
    rolledBack,
    rejected,
    ...(leftAlone ? { leftAlone } : {}),
    ...(mayBeStale ? { mayBeStale } : {}),
    ...(nogoods ? { nogoods } : {}),
    window,
  };
}

/** The snapshot in a dashboard body, or undefined when there is none worth trusting. */
export function readSnapshot(body: string): DashboardSnapshot | undefined {
  const parsed = DashboardSnapshot.safeParse(readMarker(body, DASHBOARD_MARKER)?.data.snap);
  return parsed.success ? parsed.data : undefined;
}

/** The state a snapshot stands for, with this event's config problems, time and marker facts. */
export function stateOfSnapshot(
  snap: DashboardSnapshot,
  now: { repo: string; updatedAt: string; configProblems: string[]; noModel?: boolean; swept?: number[] },
): DashboardState {
  const { v: _v, at: _at, since: _since, problems, window, ...rest } = snap;
  return {
    repo: now.repo,
    updatedAt: now.updatedAt,
    ...rest,
    problems: [...now.configProblems, ...problems],
    ...feedbackSections(window),
    ...(now.swept ? { swept: now.swept } : {}),
    ...(now.noModel ? { noModel: true } : {}),
  };
}

/** Whether a snapshot may still start an incremental refresh at `now`. */
export function snapshotFresh(snap: Pick<DashboardSnapshot, "at" | "since">, now: Date): boolean {
  const age = now.getTime() - Date.parse(snap.at);
  return snap.since < INCREMENTAL_WRITES_BEFORE_FULL && age >= 0 && age < FULL_REFRESH_EVERY_MS;
}

/**
 * Whether two dashboard bodies' markers say the same: the snapshot's time and write count alone are
 * no change (a full refresh that finds nothing new does not write), unless `current`'s snapshot is
 * no longer fresh: then the full refresh writes once, so the next events are incremental again.
 */
export function sameDashboardMarker(next: string, current: string, now: Date): boolean {
  const data = (body: string) => readMarker(body, DASHBOARD_MARKER)?.data;
  const a = data(next);
  const b = data(current);
  const snap = readSnapshot(current);
  if (snap && !snapshotFresh(snap, now) && canonicalJson(a?.snap) !== canonicalJson(b?.snap)) return false;
  const norm = (d: Record<string, unknown> | undefined) =>
    d?.snap && typeof d.snap === "object" ? { ...d, snap: { ...d.snap, at: "", since: 0 } } : d;
  return canonicalJson(norm(a)) === canonicalJson(norm(b));
}
