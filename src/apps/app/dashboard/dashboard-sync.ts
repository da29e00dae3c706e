// Keeps the dashboard issue current: gathers the state from the repository (issue and PR labels, PR
// markers, bank.yml), renders it, and writes it only when it changed — re-reading the body just
// before writing so a box ticked meanwhile is not lost. Also acts on ticked boxes. A refresh reads
// one page per query and no comments, so it costs the same number of requests whatever the backlog.
import { gatherStaleSkills } from "../../../core/render/comments/stale-section.js";
import type { Config } from "../../../core/config/config.js";
import { parseBankManifest, type BankManifest } from "../../../records/bank-manifest.js";
import {
  DASHBOARD_MARKER,
  DASHBOARD_TITLE,
  newlyTicked,
  preserveTicks,
  renderDashboard,
  type DashboardCandidate,
  type DashboardMerge,
  type DashboardPull,
  type DashboardState,
} from "../../../core/render/dashboard/dashboard.js";
import { FEEDBACK_EVENT_LABELS, hasLabel } from "../../../core/github/labels.js";
import { readMarker } from "../../../records/markers.js";
import { findAllOwned, isOwn, sameContent } from "../../../core/render/comments/owned-marker.js";
import { acceptFeedback } from "../intake/on-issue.js";
import { exclusiveKey } from "../work-queue.js";
import { authorize, deniedMessage, rolesOnce, type Action } from "../../../core/github/permissions.js";
import { parsePrMarker } from "../../../records/pr-marker.js";
import type { HandlerEnv, Issue, SkillRepo } from "../../../core/github/port.js";
import { isoSeconds } from "../../../vocabulary/clock.js";
import { countActiveNogoods, type NogoodCount } from "../../../core/nogoods/active-nogoods.js";
import { NOGOODS_DIR } from "../../../records/nogood-file.js";
import {
  FEEDBACK_PAGE,
  feedbackSections,
  feedbackWindow,
  type FeedbackWindow,
} from "../../../core/render/dashboard/feedback-window.js";
import {
  sameDashboardMarker,
  snapshotOf,
  type DashboardSnapshot,
} from "../../../core/render/dashboard/dashboard-snapshot.js";
import { renderIncrementally } from "./incremental-refresh.js";

export const EVOLVE_WORKFLOW = "evolve.yml";

/** One page per query: a refresh costs the same however many issues are open. */
const PAGE = FEEDBACK_PAGE;

/** Candidates a maintainer allowed to be proposed again (the dashboard marker's `allowed`). */
export function allowedCandidates(dashboardBody: string): string[] {
  const allowed = readMarker(dashboardBody, DASHBOARD_MARKER)?.data.allowed;
  return Array.isArray(allowed) ? allowed.filter((x): x is string => typeof x === "string") : [];
}

/** Accepted feedback the lost-intake sweep settled (the dashboard marker's `swept`). */
function sweptIssues(dashboardBody: string): number[] {
  const swept = readMarker(dashboardBody, DASHBOARD_MARKER)?.data.swept;
  return Array.isArray(swept) ? swept.filter((x): x is number => Number.isInteger(x)) : [];
}

/**
 * The lost-intake sweep (intake/lost-intake.ts): given the accepted feedback this refresh read and
 * the issues settled before, it repairs a few and returns the settled ones.
 */
export type IntakeSweep = (accepted: Issue[], swept: readonly number[]) => Promise<number[]>;

async function readDeployed(
  repo: SkillRepo,
  config: Config | undefined,
  problems: string[],
): Promise<BankManifest | null> {
  const path = `${config?.bank ?? "skill-bank"}/bank.yml`;
  const text = await repo.readFile(path);
  if (text === null) return null;
  try {
    return parseBankManifest(text, path);
  } catch (error) {
    problems.push(`\`${path}\` is not valid: ${(error as Error).message.split("\n")[0]}`);
    return null;
  }
}

function candidateOf(pr: Issue): DashboardCandidate | undefined {
  const marker = parsePrMarker(pr.body);
  return marker ? { candidate: marker.candidate, pullRequest: pr.number, allowed: false } : undefined;
}

/**
 * Open feedback not yet shipped, from labels alone (no comment reads): the newest page of open
 * feedback; when it is full, the newest page of accepted feedback too (feedback-window.ts).
 */
async function gatherFeedback(repo: SkillRepo): Promise<{ window: FeedbackWindow; accepted: Issue[] }> {
  const page = FEEDBACK_PAGE;
  const open = await repo.listIssues({ labels: ["skillops:feedback"], state: "open", firstPage: page });
  const full = open.length >= page;
  const accepted = full
    ? await repo.listIssues({
        labels: ["skillops:feedback", "skillops:accepted"],
        state: "open",
        firstPage: page,
      })
    : open.filter((f) => hasLabel(f.labels, "skillops:accepted"));
  return { window: feedbackWindow(open, full ? accepted : undefined), accepted };
}

/** The most recently merged frontier PR (by its merge time), if any. */
function lastMergeOf(prs: readonly Issue[]): DashboardMerge | undefined {
  const merged = prs
    .filter((p) => p.mergedAt)
    .sort((a, b) => (a.mergedAt! < b.mergedAt! ? 1 : a.mergedAt! > b.mergedAt! ? -1 : b.number - a.number));
  const pr = merged.find((p) => candidateOf(p));
  if (!pr) return undefined;
  return {
    pullRequest: pr.number,
    candidate: candidateOf(pr)!.candidate,
    rolledBack: hasLabel(pr.labels, "skillops:rolled-back"),
  };
}

/** The frontier PRs by what became of them: open, rolled back, rejected (closed unmerged by a person). */
function pullSections(
  prs: readonly Issue[],
  allowed: readonly string[],
): Pick<DashboardState, "frontier" | "rolledBack" | "rejected"> {
  const frontier: DashboardPull[] = prs
    .filter((p) => p.isPullRequest && p.state === "open")
    .map((p) => {
      const m = parsePrMarker(p.body);
      return {
        number: p.number,
        title: p.title,
        ...(m ? { member: m.op, candidate: m.candidate } : {}),
        selected: hasLabel(p.labels, "skillops:select"),
        draft: false,
      };
    });
  const allow = (c: DashboardCandidate) => ({
    ...c,
    allowed: allowed.includes(c.candidate.slice(0, 40)) || allowed.includes(c.candidate),
  });
  const rolledBack = prs
    .filter((p) => hasLabel(p.labels, "skillops:rolled-back"))
    .flatMap((p) => candidateOf(p) ?? [])
    .map(allow);
  const rejected = prs
    .filter(
      (p) =>
        p.state === "closed" &&
        !p.mergedAt &&
        !hasLabel(p.labels, "skillops:superseded") &&
        !hasLabel(p.labels, "skillops:rolled-back"),
    )
    .flatMap((p) => candidateOf(p) ?? [])
    .map(allow);
  return { frontier, rolledBack, rejected };
}

/** A fully gathered dashboard: its state, and the snapshot one event's refresh can start from. */
export interface GatheredDashboard {
  state: DashboardState;
  snapshot: DashboardSnapshot;
}

export async function gatherDashboardState(
  env: Pick<HandlerEnv, "repo" | "config" | "now" | "botLogin" | "noModel">,
  allowed: readonly string[] = [],
  sweep?: (accepted: Issue[]) => Promise<number[]>,
): Promise<GatheredDashboard> {
  const problems = env.config.ok ? [] : [...env.config.problems];
  const config = env.config.ok ? env.config.config : undefined;
  const deployed = await readDeployed(env.repo, config, problems);
  const nogoods = await readNogoodCount(env.repo, config?.bank ?? "skill-bank");
  problems.push(...nogoods.invalid);
  const { accepted, window } = await gatherFeedback(env.repo);
  const swept = sweep ? await sweep(accepted) : undefined;
  // Open frontier PRs, and the newest page of closed ones (rolled back, rejected, the last merge).
  const frontierPulls = (state: "open" | "closed") =>
    env.repo.listIssues({ labels: ["skillops:frontier"], state, includePullRequests: true, firstPage: PAGE });
  const prs = [...(await frontierPulls("open")), ...(await frontierPulls("closed"))];
  const { frontier, rolledBack, rejected } = pullSections(prs, allowed);
  const lastMerge = lastMergeOf(prs);
  const leftAlone = await leftAlonePulls(env.repo);
  const mayBeStale = await gatherStaleSkills(env.repo, env.botLogin);
  const recentRuns = (await env.repo.listWorkflowRuns(EVOLVE_WORKFLOW, 5)).map((r) => ({
    id: `#${r.number} ${r.title}`.slice(0, 100),
    url: r.url,
    conclusion: r.conclusion ?? r.status.replace(/_/g, " "),
    when: r.createdAt,
  }));
  const state: DashboardState = {
    repo: `${env.repo.owner}/${env.repo.repo}`,
    updatedAt: isoSeconds(env.now()),
    problems,
    deployed,
    frontier,
    ...feedbackSections(window),
    ...(lastMerge ? { lastMerge } : {}),
    recentRuns,
    rolledBack,
    rejected,
    ...(leftAlone.length > 0 ? { leftAlone } : {}),
    ...(mayBeStale.length > 0 ? { mayBeStale } : {}),
    ...(swept ? { swept } : {}),
    ...(env.noModel ? { noModel: true } : {}),
    nogoods,
  };
  const configProblems = env.config.ok ? 0 : env.config.problems.length;
  return { state, snapshot: snapshotOf(state, problems.slice(configProblems), window) };
}

/** The nogoods committed to the default branch, counted against its bank: one request for both folders. */
async function readNogoodCount(repo: SkillRepo, bankDir: string): Promise<NogoodCount> {
  const [nogoods, bank] = await repo.readTextFolders([NOGOODS_DIR, bankDir]);
  return countActiveNogoods(nogoods!.files, bank!.files, NOGOODS_DIR);
}

/** The branch-guard's hook (branch-guard.ts): one request, whatever the backlog. */
async function leftAlonePulls(repo: SkillRepo): Promise<Array<{ number: number; title: string }>> {
  const labelled = await repo.listIssues({
    labels: ["skillops:left-alone"],
    state: "open",
    includePullRequests: true,
  });
  return labelled.filter((i) => i.isPullRequest).map((i) => ({ number: i.number, title: i.title }));
}

/** The dashboard issue (the lowest-numbered open one); duplicates are closed. Null if a human closed it. */
export async function findDashboard(repo: SkillRepo, botLogin: string): Promise<Issue | null | "none"> {
  const all = await repo.listIssues({ labels: ["skillops:dashboard"], state: "all" });
  const own = findAllOwned(all, DASHBOARD_MARKER, (a) => isOwn(botLogin)({ author: a })).sort(
    (a, b) => a.number - b.number,
  );
  if (own.length === 0) return "none";
  const open = own.filter((i) => i.state === "open");
  for (const dup of open.slice(1)) {
    await repo.createComment(
      dup.number,
      `Closing: this is a duplicate of the dashboard #${open[0]!.number}.`,
    );
    await repo.updateIssue(dup.number, { state: "closed", stateReason: "not_planned" });
  }
  return open[0] ?? null; // closed by a person: respected, not reopened
}

export type DashboardWrite = "created" | "updated" | "unchanged" | "closed-by-human";

export interface RefreshOptions {
  /** Boxes just acted on: unticked. */
  handled?: ReadonlySet<string>;
  /** One-off lines for the problems section. */
  notices?: string[];
  /** Candidates allowed to be proposed again. */
  allow?: string[];
  sweep?: IntakeSweep;
  /**
   * The feedback issues this event changed (a number is read again; an issue is taken as given):
   * the refresh starts from the dashboard's snapshot (incremental-refresh.ts), unless the snapshot
   * is missing, invalid, too old or used up.
   * Absent: a full refresh.
   */
  issues?: ReadonlyArray<number | Issue>;
}

/** Renders and writes the dashboard; `handled` boxes are unticked, others ticked meanwhile are kept. */
export async function refreshDashboard(
  env: Pick<HandlerEnv, "repo" | "config" | "now" | "botLogin" | "noModel">,
  options: RefreshOptions = {},
): Promise<DashboardWrite> {
  const found = await findDashboard(env.repo, env.botLogin);
  if (found === null) return "closed-by-human";
  if (options.issues && found !== "none") {
    const marker = { allowed: allowedCandidates(found.body), swept: sweptIssues(found.body) };
    const body = await renderIncrementally(env, found, options.issues, marker);
    if (body !== undefined) return writeDashboard(env, found.number, body, found.body);
  }
  const allowed = [
    ...new Set([...(found === "none" ? [] : allowedCandidates(found.body)), ...(options.allow ?? [])]),
  ];
  const before = found === "none" ? [] : sweptIssues(found.body);
  const sweep = options.sweep;
  const { state, snapshot } = await gatherDashboardState(env, allowed, async (accepted) =>
    sweep ? sweep(accepted, before) : before,
  );
  state.problems.push(...(options.notices ?? []));
  const rendered = renderDashboard(state, { allowed, snapshot });
  if (found === "none") {
    // Once in a repository: the labels feedback events add exist with their colours before any does.
    await env.repo.ensureLabels(FEEDBACK_EVENT_LABELS);
    await env.repo.createIssue({ title: DASHBOARD_TITLE, body: rendered, labels: ["skillops:dashboard"] });
    return "created";
  }
  const current = (await env.repo.getIssue(found.number)).body; // re-read right before writing
  return writeDashboard(
    env,
    found.number,
    preserveTicks(rendered, current, options.handled ?? new Set()),
    current,
  );
}

/** Writes `body` over `current` unless only the time (or the snapshot's time and count) differs. */
async function writeDashboard(
  env: Pick<HandlerEnv, "repo" | "now">,
  number: number,
  body: string,
  current: string,
): Promise<"updated" | "unchanged"> {
  const marker = sameDashboardMarker(body, current, env.now());
  if (marker && sameContent(stripDate(body), stripDate(current))) return "unchanged";
  await env.repo.updateIssue(number, { body });
  return "updated";
}

/** The "Last updated" time alone is not a change worth a write. */
const stripDate = (body: string) => body.replace(/Last updated [^.]*\./, "");

/** Each box is the same action as its label or command (permissions.ts). */
const ACTION_OF: Record<string, Action> = {
  accept: "accept",
  "run-now": "run",
  "allow-repropose": "allow-repropose",
};

/** Acts on the boxes a person ticked in an `issues.edited` delivery of the dashboard. */
export async function onDashboardEdited(
  env: HandlerEnv,
  payload: {
    issue: { number: number; body?: string | null };
    changes?: { body?: { from?: string } };
    sender: { login: string };
    repository?: { default_branch?: string };
  },
): Promise<string[]> {
  const ticked = newlyTicked(payload.changes?.body?.from ?? "", payload.issue.body ?? "");
  if (ticked.length === 0) return [];
  const roles = rolesOnce(env.repo); // one permission request, however many boxes
  const handled = new Set<string>();
  const notices: string[] = [];
  const allow: string[] = [];
  const done: string[] = [];
  for (const id of ticked) {
    const [name, arg] = id.split("=") as [string, string | undefined];
    const action = ACTION_OF[name];
    if (!action) continue;
    handled.add(id);
    const verdict = await authorize(roles, payload.sender.login, action);
    if (!verdict.allowed) {
      notices.push(deniedMessage(payload.sender.login, verdict.role, action, `ticking “${name}”`));
      continue;
    }
    if (action === "accept" && arg && env.config.ok) {
      const config = env.config.config;
      // Under the feedback issue's own key, as its deliveries are: acceptFeedback may convert at once.
      await env.queue.exclusive(exclusiveKey(env.repo, Number(arg)), async () => {
        const issue = await env.repo.getIssue(Number(arg));
        if (hasLabel(issue.labels, "skillops:feedback") && issue.state === "open")
          await acceptFeedback(env, config, issue, payload.sender.login);
      });
    } else if (action === "run" && env.config.ok) {
      await env.repo.dispatchWorkflow(
        EVOLVE_WORKFLOW,
        payload.repository?.default_branch ?? (await env.repo.defaultBranch()),
        { reason: `dashboard "run now" by @${payload.sender.login}` },
      );
    } else if (action === "allow-repropose" && arg) {
      allow.push(arg);
    }
    done.push(id);
  }
  await refreshDashboard(env, { handled, notices, allow });
  return done;
}
