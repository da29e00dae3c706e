// A comment edit that reads its issue back in the same request: GraphQL's `updateIssueComment`
// returns the edited comment's issue (its text, labels, state) and the issue's comments as they are
// after the edit. The queued conversion writes its case this way and learns from the answer whether
// anything changed since the delivery it came from, where REST would need a read after the write.
import type { IssueReadBack } from "../../core/github/port.js";
import { ISSUE_FIELDS, issueOfGraphql, type GraphqlIssue } from "./graphql-issue.js";
import { commentsOfPage, ISSUE_COMMENTS_FIELDS, type IssueCommentsPage } from "./intake-read.js";
import type { RestClient } from "./rest-client.js";

/** The operation, named so the GitHub double can recognise it (test/support/github-double). */
export const COMMENT_READBACK_MUTATION = `mutation skillopsCommentReadback($id: ID!, $body: String!) {
  updateIssueComment(input: { id: $id, body: $body }) {
    issueComment {
      issue {
        ${ISSUE_FIELDS}
        ${ISSUE_COMMENTS_FIELDS}
      }
    }
  }
}`;

type ReadbackIssue = GraphqlIssue & { comments: IssueCommentsPage };

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
  const issue = issueOfGraphql(raw);
  if (!issue) throw new Error(`issue #${raw.number} has more labels than one page`);
  const comments = commentsOfPage(raw.comments);
  return { issue, ...(comments ? { comments } : {}) };
}
