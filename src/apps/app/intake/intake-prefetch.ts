// A feedback issue's delivery starts by reading the config, the issue's comments and the sender's
// role: one GraphQL request (io/github-api/intake-read.ts) instead of three REST ones. What it could
// not answer is read the REST way, so the handler sees exactly what it would have read.
import type { Comment, Issue, RepoCoords, RepoRole, SkillRepo } from "../../../core/github/port.js";
import type { DashboardEpoch } from "../dashboard/dashboard-epoch.js";
import { createCommentReadingComments } from "../../../io/github-api/comment-create-readback.js";
import { readIntake, type IntakeRead } from "../../../io/github-api/intake-read.js";
import { createSkillRepo } from "../../../io/github-api/repo.js";
import type { RestClient } from "../../../io/github-api/rest-client.js";
import { CONFIG_PATH, configFromText, type ConfigResult } from "../config-load.js";

/** The label whose issues the first read lists: the dashboard, which the event's refresh finds by it. */
const LISTED_LABEL = "skillops:dashboard";

export interface IntakePrefetch {
  config: ConfigResult;
  /** The dashboard issues as REST would list them, and whether that read is still the latest. */
  dashboard?: { issues: Issue[]; current: () => boolean };
  comments?: Comment[];
  issueNodeId?: string;
  /** The delivery's sender and their role, where GraphQL named them a collaborator. */
  sender?: { login: string; role: RepoRole };
}

/**
 * The config, issue `number`'s comments and global id, and `sender`'s role; `loadConfig` reads
 * the config when GraphQL could not.
 */
export async function prefetchIntake(
  octokit: RestClient,
  coords: RepoCoords,
  number: number,
  sender: string,
  loadConfig: () => Promise<ConfigResult>,
  epoch: DashboardEpoch,
): Promise<IntakePrefetch> {
  const key = `${coords.owner}/${coords.repo}`;
  const before = epoch.of(key); // counted before the request: a refresh ending during it counts
  const ask = { sender, listed: LISTED_LABEL };
  // A failed query (a limit, an outage) costs its request and nothing else.
  const read: IntakeRead = await readIntake(octokit, coords, number, CONFIG_PATH, ask).catch(() => ({}));
  const fromText = read.configText === undefined ? undefined : configFromText(read.configText);
  return {
    config: fromText ?? (await loadConfig()),
    ...(read.comments ? { comments: read.comments } : {}),
    ...(read.issueNodeId ? { issueNodeId: read.issueNodeId } : {}),
    ...(read.senderRole ? { sender: { login: sender, role: read.senderRole } } : {}),
    ...(read.listed ? { dashboard: { issues: read.listed, current: () => epoch.of(key) === before } } : {}),
  };
}

/**
 * `repo` whose first listing of the dashboard issues (all states, no pull requests: how the refresh
 * finds it) is the delivery's first read, while no refresh of this process has ended since.
 */
export function withPrefetchedDashboard(
  repo: SkillRepo,
  dashboard: { issues: Issue[]; current: () => boolean },
): SkillRepo {
  let unused = true;
  return {
    ...repo,
    listIssues: async (query) => {
      const same =
        query.state === "all" &&
        query.labels?.length === 1 &&
        query.labels[0] === LISTED_LABEL &&
        !query.includePullRequests &&
        query.firstPage === undefined;
      if (!same || !unused) return repo.listIssues(query);
      unused = false;
      return dashboard.current() ? dashboard.issues : repo.listIssues(query);
    },
  };
}

/** `repo` that answers `sender`'s role from the delivery's first read instead of asking again. */
export function withPrefetchedRole(repo: SkillRepo, sender: { login: string; role: RepoRole }): SkillRepo {
  return {
    ...repo,
    roleOf: (login) =>
      login.toLowerCase() === sender.login.toLowerCase() ? Promise.resolve(sender.role) : repo.roleOf(login),
  };
}

/** Creates a comment on the issue and reads its comments back in the same request, if it can. */
export type CreateReadingComments = (
  body: string,
) => Promise<{ comment: Comment; comments?: Comment[] } | undefined>;

/**
 * `repo` whose next listing of issue `number`'s comments is `comments` (read at the delivery's
 * start); once a comment is written, or after that one listing, it asks GitHub again. With
 * `createReading`, a comment created on that issue reads the comments back in the same request, and
 * that answer is the next listing (the re-list that makes concurrent deliveries converge).
 */
export function withPrefetchedComments(
  repo: SkillRepo,
  number: number,
  comments: Comment[] | undefined,
  createReading?: CreateReadingComments,
): SkillRepo {
  let next: Comment[] | undefined = comments;
  const written =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    (...args: A) => {
      next = undefined;
      return write(...args);
    };
  return {
    ...repo,
    listComments: async (n) => {
      if (n !== number || !next) return repo.listComments(n);
      const listed = next;
      next = undefined;
      return listed;
    },
    createComment: async (n, body) => {
      next = undefined;
      const created = n === number && createReading ? await createReading(body) : undefined;
      if (!created) return repo.createComment(n, body);
      next = created.comments;
      return created.comment;
    },
    updateComment: written(repo.updateComment),
    ...(repo.updateCommentReadingIssue
      ? { updateCommentReadingIssue: written(repo.updateCommentReadingIssue) }
      : {}),
    deleteComment: written(repo.deleteComment),
  };
}

/** The delivery's repository over Octokit, answering from what the delivery read first where it can. */
export function prefetchedRepo(
  octokit: RestClient,
  coords: RepoCoords,
  feedbackIssue: number | undefined,
  prefetched: IntakePrefetch,
): SkillRepo {
  const rest = createSkillRepo(octokit, coords);
  if (feedbackIssue === undefined) return rest;
  const nodeId = prefetched.issueNodeId;
  const createReading = nodeId
    ? (body: string) => createCommentReadingComments(octokit, nodeId, body)
    : undefined;
  const repo = withPrefetchedComments(rest, feedbackIssue, prefetched.comments, createReading);
  const roled = prefetched.sender ? withPrefetchedRole(repo, prefetched.sender) : repo;
  return prefetched.dashboard ? withPrefetchedDashboard(roled, prefetched.dashboard) : roled;
}
