// A comment created with its issue's comments read back in the same request: GraphQL's `addComment`
// returns the new comment and its subject, whose comments are as they are after the write. An owned
// comment is re-listed after it is created so that concurrent deliveries converge
// (core/render/comments/owned-comment.ts); this answer is that listing, without a second request.
// The same document may then add labels to the issue (`addLabelsToLabelable`): GraphQL runs a
// document's mutations one after another, in order, so the labels follow the comment that records
// why they are there, as a separate request after it would.
import type { Comment } from "../../core/github/port.js";
import { restAuthor, type GraphqlActor } from "./graphql-issue.js";
import { commentsOfPage, ISSUE_COMMENTS_FIELDS, partialData, type IssueCommentsPage } from "./intake-read.js";
import type { RestClient } from "./rest-client.js";

/** What `addComment` answers: the new comment, and its issue's comments after the write. */
const ADD_COMMENT = `addComment(input: { subjectId: $subject, body: $body }) {
    commentEdge { node { id databaseId body author { login __typename } } }
    subject {
      __typename
      ... on Issue {
        ${ISSUE_COMMENTS_FIELDS}
      }
    }
  }`;

/** The operation, named so the GitHub double can recognise it (test/support/github-double). */
export const COMMENT_CREATE_MUTATION = `mutation skillopsCommentCreate($subject: ID!, $body: String!) {
  ${ADD_COMMENT}
}`;

/** The comment, then the labels (by global id) on the same issue: one request, two writes in order. */
export const COMMENT_CREATE_LABELLING_MUTATION = `mutation skillopsCommentCreateLabelling($subject: ID!, $body: String!, $labels: [ID!]!) {
  ${ADD_COMMENT}
  addLabelsToLabelable(input: { labelableId: $subject, labelIds: $labels }) {
    labelable { __typename }
  }
}`;

interface CreateData {
  addComment: {
    commentEdge: {
      node: { id: string; databaseId: number | null; body: string; author: GraphqlActor } | null;
    } | null;
    subject: { comments?: IssueCommentsPage } | null;
  } | null;
  addLabelsToLabelable?: { labelable: { __typename: string } | null } | null;
}

export interface CreatedComment {
  comment: Comment;
  /** The issue's comments right after the write; undefined past one page (list them the REST way). */
  comments?: Comment[];
}

/** Sends `document`; an answer with errors keeps what it did answer, a failed request throws. */
async function send(octokit: RestClient, document: string, variables: Record<string, unknown>) {
  return octokit.graphql<CreateData>(document, variables).catch((error: unknown) => {
    const partial = partialData<CreateData>(error);
    if (partial) return partial;
    throw error;
  });
}

/** The comment `addComment` created, with the comments read back; undefined when none was. */
function createdOf(data: CreateData): CreatedComment | undefined {
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
  return createdOf(await send(octokit, COMMENT_CREATE_MUTATION, { subject, body }));
}

/**
 * `createCommentReadingComments`, then the labels with global ids `labels` added to the same issue,
 * in one request. `labelled` says whether GitHub added them (not when it refused that field, e.g. a
 * label deleted since its id was read): the caller then adds them the REST way.
 */
export async function createCommentAddingLabels(
  octokit: RestClient,
  subject: string,
  body: string,
  labels: readonly string[],
): Promise<{ created?: CreatedComment; labelled: boolean }> {
  const data = await send(octokit, COMMENT_CREATE_LABELLING_MUTATION, { subject, body, labels });
  const created = createdOf(data);
  const labelled = Boolean(data.addLabelsToLabelable?.labelable);
  return { ...(created ? { created } : {}), labelled };
}
