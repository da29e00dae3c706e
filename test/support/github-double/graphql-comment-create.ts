// The double's answer to `mutation skillopsCommentCreate` (src/io/github-api/comment-create-readback.ts):
// GraphQL's `addComment` on an issue (by its global id, `I_<id>` here as in the REST `node_id`),
// answering the new comment and the issue's first page of comments after the write. An id that
// resolves to no issue is `null` plus an error, as GitHub answers it, and nothing is written.
import { COMMENT_CREATE_MUTATION } from "../../../src/io/github-api/comment-create-readback.js";
import { commentsPage, graphqlActor } from "./graphql-intake.js";
import type { DoubleResponse, GitHubDouble } from "./route.js";

/** How the double records the mutation (a write, unlike the queries). */
export const COMMENT_CREATE_OPERATION = "graphql:skillopsCommentCreate";

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

export const isCommentCreate = (query: unknown): boolean =>
  typeof query === "string" && squash(query) === squash(COMMENT_CREATE_MUTATION);

const failed = (type: string, message: string): DoubleResponse => ({
  status: 200,
  body: { data: { addComment: null }, errors: [{ type, path: ["addComment"], message }] },
});

export async function answerCommentCreate(
  d: GitHubDouble,
  body: { variables?: Record<string, unknown> },
  actor: string | undefined,
): Promise<DoubleResponse> {
  const { state } = d;
  const subject = String(body.variables?.subject);
  const text = body.variables?.body;
  const issue = [...state.issues.values()].find((i) => `I_${i.id}` === subject && !i.isPullRequest);
  if (!issue) return failed("NOT_FOUND", `Could not resolve to a node with the global id of '${subject}'`);
  if (!actor) return failed("FORBIDDEN", "Resource not accessible by integration");
  if (typeof text !== "string") return failed("INVALID", "body must be a string");
  if (text.length > 65536) return failed("UNPROCESSABLE", "Body is too long (maximum is 65536 characters)");
  const c = state.addComment(issue.number, actor, text);
  const node = { id: `IC_${c.id}`, databaseId: c.id, body: c.body, author: graphqlActor(c.user) };
  return {
    status: 200,
    body: {
      data: {
        addComment: {
          commentEdge: { node },
          subject: { __typename: "Issue", comments: commentsPage(state, issue.number) },
        },
      },
    },
  };
}
