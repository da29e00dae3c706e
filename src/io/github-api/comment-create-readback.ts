// A comment created with its issue's comments read back in the same request: GraphQL's `addComment`
// returns the new comment and its subject, whose comments are as they are after the write. An owned
// comment is re-listed after it is created so that concurrent deliveries converge
// (core/render/comments/owned-comment.ts); this answer is that listing, without a second request.
import type { Comment } from "../../core/github/port.js";
import { restAuthor, type GraphqlActor } from "./graphql-issue.js";
import { commentsOfPage, ISSUE_COMMENTS_FIELDS, partialData, type IssueCommentsPage } from "./intake-read.js";
import type { RestClient } from "./rest-client.js";

/** The operation, named so the GitHub double can recognise it (test/support/github-double). */
export const COMMENT_CREATE_MUTATION = `mutation skillopsCommentCreate($subject: ID!, $body: String!) {
  addComment(input: { subjectId: $subject, body: $body }) {
    commentEdge { node { id databaseId body author { login __typename } } }
    subject {
      __typename
      ... on Issue {
        ${ISSUE_COMMENTS_FIELDS}
      }
    }
  }
}`;

interface CreateData {
  addComment: {
    commentEdge: {
      node: { id: string; databaseId: number | null; body: string; author: GraphqlActor } | null;
    } | null;
    subject: { comments?: IssueCommentsPage } | null;
  } | null;
}

export interface CreatedComment {
  comment: Comment;
  /** The issue's comments right after the write; undefined past one page (list them the REST way). */
  comments?: Comment[];
}

/**
 * Creates a comment on the issue with global id `subject`, reading its comments back. Undefined
 * when GitHub answered that nothing was created (an error and no comment), so the caller may create
 * it the REST way; a failed request throws, as a REST write's would.
 */
export async function createCommentReadingComments(
  octokit: RestClient,
  subject: string,
  body: string,
): Promise<CreatedComment | undefined> {
  const data = await octokit
    .graphql<CreateData>(COMMENT_CREATE_MUTATION, { subject, body })
    .catch((error: unknown) => {
      const partial = partialData<CreateData>(error);
      if (partial) return partial;
      throw error;
    });
  const node = data.addComment?.commentEdge?.node;
  if (!node || node.databaseId === null) return undefined;
  const comment: Comment = {
    id: node.databaseId,
    body: node.body,
    ...restAuthor(node.author),
    nodeId: node.id,
  };
  const comments = commentsOfPage(data.addComment?.subject?.comments ?? undefined);
  return { comment, ...(comments ? { comments } : {}) };
}
