// A comment edit that reads its issue back in the same request: GraphQL's `updateIssueComment`
// returns the edited comment's issue (its text, labels, state) and the issue's comments as they are
// after the edit. The queued conversion writes its case this way and learns from the answer whether
// anything changed since the delivery it came from, where REST would need a read after the write.
import type { Issue, IssueReadBack } from "../../core/github/port.js";
import {
  commentsOfPage,
  ISSUE_COMMENTS_FIELDS,
  restAuthor,
  type GraphqlActor,
  type IssueCommentsPage,
} from "./intake-read.js";
import type { RestClient } from "./rest-client.js";

/** Labels one page holds; an issue with more is read the REST way (the caller falls back). */
const LABELS_PAGE = 100;

/** The operation, named so the GitHub double can recognise it (test/support/github-double). */
export const COMMENT_READBACK_MUTATION = `mutation skillopsCommentReadback($id: ID!, $body: String!) {
  updateIssueComment(input: { id: $id, body: $body }) {
    issueComment {
      issue {
        number title body state url updatedAt
        author { login __typename }
        labels(first: ${LABELS_PAGE}) { pageInfo { hasNextPage } nodes { name } }
        ${ISSUE_COMMENTS_FIELDS}
      }
    }
  }
}`;

interface ReadbackIssue {
  number: number;
  title: string;
  body: string;
  state: "OPEN" | "CLOSED";
  url: string;
  updatedAt: string;
  author: GraphqlActor;
  labels: { pageInfo: { hasNextPage: boolean }; nodes: Array<{ name: string }> } | null;
  comments: IssueCommentsPage;
}

interface ReadbackData {
  updateIssueComment: { issueComment: { issue: ReadbackIssue | null } | null } | null;
}

/** Edits comment `nodeId` to `body`; the issue and its comments after the edit. Throws when GraphQL cannot say. */
export async function updateCommentReadingIssue(
  octokit: RestClient,
  nodeId: string,
  body: string,
): Promise<IssueReadBack> {
  const data = await octokit.graphql<ReadbackData>(COMMENT_READBACK_MUTATION, { id: nodeId, body });
  const raw = data.updateIssueComment?.issueComment?.issue;
  if (!raw) throw new Error(`updateIssueComment on ${nodeId} returned no issue`);
  if (!raw.labels || raw.labels.pageInfo.hasNextPage)
    throw new Error(`issue #${raw.number} has more labels than one page`);
  const issue: Issue = {
    number: raw.number,
    title: raw.title,
    body: raw.body,
    state: raw.state === "CLOSED" ? "closed" : "open",
    labels: raw.labels.nodes.map((l) => l.name),
    ...restAuthor(raw.author),
    isPullRequest: false,
    mergedAt: null,
    url: raw.url,
    updatedAt: raw.updatedAt,
  };
  const comments = commentsOfPage(raw.comments);
  return { issue, ...(comments ? { comments } : {}) };
}
