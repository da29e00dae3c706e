// The double's answer to `mutation skillopsCommentReadback` (src/io/github-api/comment-readback.ts):
// GraphQL's `updateIssueComment`, which edits a comment (by its global id, `IC_<id>` here as in the
// REST `node_id`) and returns its issue after the edit: text, labels, state and the first page of
// comments. An id that resolves to nothing is `null` plus an error, as GitHub answers it.
import { COMMENT_READBACK_MUTATION } from "../../../src/io/github-api/comment-readback.js";
import { commentsPage, graphqlIssue } from "./graphql-intake.js";
import type { DoubleResponse, GitHubDouble } from "./route.js";

/** How the double records the mutation (a write, unlike the queries). */
export const COMMENT_READBACK_OPERATION = "graphql:skillopsCommentReadback";

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

export const isCommentReadback = (query: unknown): boolean =>
  typeof query === "string" && squash(query) === squash(COMMENT_READBACK_MUTATION);

const failed = (type: string, message: string): DoubleResponse => ({
  status: 200,
  body: { data: { updateIssueComment: null }, errors: [{ type, path: ["updateIssueComment"], message }] },
});

export async function answerCommentReadback(
  d: GitHubDouble,
  body: { variables?: Record<string, unknown> },
  actor: string | undefined,
): Promise<DoubleResponse> {
  const { state } = d;
  const id = String(body.variables?.id);
  const text = body.variables?.body;
  const comment = state.comments.find((c) => `IC_${c.id}` === id);
  if (!comment) return failed("NOT_FOUND", `Could not resolve to a node with the global id of '${id}'`);
  if (typeof text !== "string") return failed("INVALID", "body must be a string");
  if (actor !== comment.user.login && state.permissionOf(actor ?? "") === "read")
    return failed("FORBIDDEN", "Resource not accessible by integration");
  if (text.length > 65536) return failed("UNPROCESSABLE", "Body is too long (maximum is 65536 characters)");
  comment.body = text;
  comment.updatedAt = state.now();
  const i = state.issue(comment.issueNumber);
  const issue = { ...graphqlIssue(state, i), comments: commentsPage(state, i.number) };
  return { status: 200, body: { data: { updateIssueComment: { issueComment: { issue } } } } };
}
