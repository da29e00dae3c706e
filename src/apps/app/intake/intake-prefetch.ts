// A feedback issue's delivery starts by reading the config, the issue's comments and the sender's
// role: one GraphQL request (io/github-api/intake-read.ts) instead of three REST ones. What it could
// not answer is read the REST way, so the handler sees exactly what it would have read.
import type { Comment, Issue, RepoCoords, RepoRole, SkillRepo } from "../../../core/github/port.js";
import type { DashboardEpoch } from "../dashboard/dashboard-epoch.js";
import {
  createCommentAddingLabels,
  createCommentReadingComments,
  type CreatedComment,
} from "../../../io/github-api/comment-create-readback.js";
import { readIntake, type IntakeRead } from "../../../io/github-api/intake-read.js";
import { createSkillRepo, isAutoCreatedLabel } from "../../../io/github-api/repo.js";
import type { RestClient } from "../../../io/github-api/rest-client.js";
import { CONFIG_PATH, configFromText, type ConfigResult } from "../config-load.js";

/** The label whose issues the first read lists: the dashboard, which the event's refresh finds by it. */
const LISTED_LABEL = "skillops:dashboard";
/** The label whose global id the first read asks for: an acceptance adds it with its record. */
const ID_LABEL = "skillops:accepted";

export interface IntakePrefetch {
  config: ConfigResult;
  /** The dashboard issues as REST would list them, and whether that read is still the latest. */
  dashboard?: { issues: Issue[]; current: () => boolean };
  comments?: Comment[];
  issueNodeId?: string;
  /** The delivery's sender and their role, where GraphQL named them a collaborator. */
  sender?: { login: string; role: RepoRole };
  /**
   * Labels' global ids by lower-cased name: `skillops:accepted` where it exists with its colour (one
   * an add created and left grey is added the REST way, whose answer gives it its colour).
   */
  labelIds?: ReadonlyMap<string, string>;
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
  const ask = { sender, listed: LISTED_LABEL, label: ID_LABEL };
  // A failed query (a limit, an outage) costs its request and nothing else.
  const read: IntakeRead = await readIntake(octokit, coords, number, CONFIG_PATH, ask).catch(() => ({}));
  const fromText = read.configText === undefined ? undefined : configFromText(read.configText);
  return {
    config: fromText ?? (await loadConfig()),
    ...(read.comments ? { comments: read.comments } : {}),
    ...(read.issueNodeId ? { issueNodeId: read.issueNodeId } : {}),
    ...(read.senderRole ? { sender: { login: sender, role: read.senderRole } } : {}),
    ...(read.label && !isAutoCreatedLabel(read.label)
      ? { labelIds: new Map([[read.label.name.toLowerCase(), read.label.nodeId]]) }
      : {}),
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

/**
 * Creates a comment on the issue and reads its comments back in the same request, if it can, adding
 * `labels` after it in that request where it can (`labelled`); `created` is absent when no comment was.
 */
export type CreateReadingComments = (
  body: string,
  labels: readonly string[],
) => Promise<{ created?: CreatedComment; labelled: boolean }>;

/**
 * `repo` whose next listing of issue `number`'s comments is `comments` (read at the delivery's
 * start); once a comment is written, or after that one listing, it asks GitHub again. With
 * `createReading`, a comment created on that issue reads the comments back in the same request, and
 * that answer is the next listing (the re-list that makes concurrent deliveries converge); labels
 * may then be added in that request too (`createCommentAddingLabels`).
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
  const create = async (n: number, body: string, labels: readonly string[]) => {
    next = undefined;
    const made = n === number && createReading ? await createReading(body, labels) : undefined;
    if (made?.created) next = made.created.comments;
    const comment = made?.created?.comment ?? (await repo.createComment(n, body));
    return { comment, labelled: made?.labelled ?? false };
  };
  return {
    ...repo,
    listComments: async (n) => {
      if (n !== number || !next) return repo.listComments(n);
      const listed = next;
      next = undefined;
      return listed;
    },
    createComment: async (n, body) => (await create(n, body, [])).comment,
    ...(createReading ? { createCommentAddingLabels: create } : {}),
    updateComment: written(repo.updateComment),
    ...(repo.updateCommentReadingIssue
      ? { updateCommentReadingIssue: written(repo.updateCommentReadingIssue) }
      : {}),
    deleteComment: written(repo.deleteComment),
  };
}

/**
 * Creates a comment with GraphQL on the issue with global id `subject`, adding the labels after it
 * in the same request when every one has a global id in `labelIds` (else only the comment).
 */
function graphqlCreate(
  octokit: RestClient,
  subject: string,
  labelIds: ReadonlyMap<string, string> | undefined,
): CreateReadingComments {
  return async (body, labels) => {
    const ids = labels.map((name) => labelIds?.get(name.toLowerCase()));
    if (labels.length > 0 && ids.every((id): id is string => id !== undefined))
      return createCommentAddingLabels(octokit, subject, body, ids);
    const created = await createCommentReadingComments(octokit, subject, body);
    return { ...(created ? { created } : {}), labelled: false };
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
  const createReading = nodeId ? graphqlCreate(octokit, nodeId, prefetched.labelIds) : undefined;
  const repo = withPrefetchedComments(rest, feedbackIssue, prefetched.comments, createReading);
  const roled = prefetched.sender ? withPrefetchedRole(repo, prefetched.sender) : repo;
  return prefetched.dashboard ? withPrefetchedDashboard(roled, prefetched.dashboard) : roled;
}
