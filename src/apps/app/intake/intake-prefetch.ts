// A feedback issue's delivery starts by reading the config and the issue's comments: one GraphQL
// request (io/github-api/intake-read.ts) instead of two REST ones. What it could not answer is read
// the REST way, so the handler sees exactly what it would have read.
import type { Comment, RepoCoords, SkillRepo } from "../../../core/github/port.js";
import { readIntake, type IntakeRead } from "../../../io/github-api/intake-read.js";
import type { RestClient } from "../../../io/github-api/rest-client.js";
import { CONFIG_PATH, configFromText, type ConfigResult } from "../config-load.js";

export interface IntakePrefetch {
  config: ConfigResult;
  comments?: Comment[];
}

/** The config and issue `number`'s comments; `loadConfig` reads the config when GraphQL could not. */
export async function prefetchIntake(
  octokit: RestClient,
  coords: RepoCoords,
  number: number,
  loadConfig: () => Promise<ConfigResult>,
): Promise<IntakePrefetch> {
  // A failed query (an issue GraphQL does not resolve, a limit) costs its request and nothing else.
  const read: IntakeRead = await readIntake(octokit, coords, number, CONFIG_PATH).catch(() => ({}));
  const fromText = read.configText === undefined ? undefined : configFromText(read.configText);
  return { config: fromText ?? (await loadConfig()), ...(read.comments ? { comments: read.comments } : {}) };
}

/**
 * `repo` whose next listing of issue `number`'s comments is `comments` (read at the delivery's
 * start); once a comment is written, or after that one listing, it asks GitHub again.
 */
export function withPrefetchedComments(repo: SkillRepo, number: number, comments: Comment[]): SkillRepo {
  let fresh = true;
  const written =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    (...args: A) => {
      fresh = false;
      return write(...args);
    };
  return {
    ...repo,
    listComments: async (n) => {
      if (n !== number || !fresh) return repo.listComments(n);
      fresh = false;
      return comments;
    },
    createComment: written(repo.createComment),
    updateComment: written(repo.updateComment),
    ...(repo.updateCommentReadingIssue
      ? { updateCommentReadingIssue: written(repo.updateCommentReadingIssue) }
      : {}),
    deleteComment: written(repo.deleteComment),
  };
}
