// The double's answer to `mutation skillopsCommentCreate` (src/io/github-api/comment-create-readback.ts):
// GraphQL's `addComment` on an issue (by its global id, `I_<id>` here as in the REST `node_id`),
// answering the new comment and the issue's first page of comments after the write. An id that
// resolves to no issue is `null` plus an error, as GitHub answers it, and nothing is written.
// `mutation skillopsCommentCreateLabelling` runs `addComment`, then `addLabelsToLabelable` (labels by
// their global id, `LA_<id>` as REST's `node_id`): one after the other, in order, each answering on
// its own as GitHub's mutations do, so one field's error leaves the other's write in place.
import {
  COMMENT_CREATE_LABELLING_MUTATION,
  COMMENT_CREATE_MUTATION,
} from "../../../src/io/github-api/comment-create-readback.js";
import { commentsPage, graphqlActor } from "./graphql-intake.js";
import type { DoubleResponse, GitHubDouble } from "./route.js";
import type { IssueRecord } from "./state.js";

/** How the double records the mutations (writes, unlike the queries). */
export const COMMENT_CREATE_OPERATION = "graphql:skillopsCommentCreate";
export const COMMENT_CREATE_LABELLING_OPERATION = "graphql:skillopsCommentCreateLabelling";

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

export const isCommentCreate = (query: unknown): boolean =>
  typeof query === "string" && squash(query) === squash(COMMENT_CREATE_MUTATION);

export const isCommentCreateLabelling = (query: unknown): boolean =>
  typeof query === "string" && squash(query) === squash(COMMENT_CREATE_LABELLING_MUTATION);

interface FieldError {
  type: string;
  path: string[];
  message: string;
}

/** One mutation field's answer: its data, or null and the error GitHub gives. */
type Field = { data: unknown; error?: FieldError };

const refused = (field: string, type: string, message: string): Field => ({
  data: null,
  error: { type, path: [field], message },
});

const unresolved = (id: string) => `Could not resolve to a node with the global id of '${id}'`;

/** The issue a global id names (`I_<id>`), pull requests excluded. */
const issueOfId = (d: GitHubDouble, subject: string): IssueRecord | undefined =>
  [...d.state.issues.values()].find((i) => `I_${i.id}` === subject && !i.isPullRequest);

/** `addComment(input: { subjectId, body })`, answered with the comment and the issue's comments after it. */
function addComment(d: GitHubDouble, variables: Record<string, unknown>, actor: string | undefined): Field {
  const subject = String(variables.subject);
  const text = variables.body;
  const issue = issueOfId(d, subject);
  const field = "addComment";
  if (!issue) return refused(field, "NOT_FOUND", unresolved(subject));
  if (!actor) return refused(field, "FORBIDDEN", "Resource not accessible by integration");
  if (typeof text !== "string") return refused(field, "INVALID", "body must be a string");
  if (text.length > 65536)
    return refused(field, "UNPROCESSABLE", "Body is too long (maximum is 65536 characters)");
  const c = d.state.addComment(issue.number, actor, text);
  const node = { id: `IC_${c.id}`, databaseId: c.id, body: c.body, author: graphqlActor(c.user) };
  return {
    data: {
      commentEdge: { node },
      subject: { __typename: "Issue", comments: commentsPage(d.state, issue.number) },
    },
  };
}

/**
 * `addLabelsToLabelable(input: { labelableId, labelIds })`: every id must name a label of the
 * repository, or nothing is added; added as the REST add adds them (the same issue events).
 */
function addLabels(d: GitHubDouble, variables: Record<string, unknown>, actor: string | undefined): Field {
  const subject = String(variables.subject);
  const issue = issueOfId(d, subject);
  const field = "addLabelsToLabelable";
  if (!issue) return refused(field, "NOT_FOUND", unresolved(subject));
  if (!actor) return refused(field, "FORBIDDEN", "Resource not accessible by integration");
  const ids = Array.isArray(variables.labels) ? variables.labels.map(String) : [];
  const labels = ids.map((id) => [...d.state.labels.values()].find((l) => `LA_${l.id}` === id));
  const missing = ids.find((_, i) => !labels[i]);
  if (missing !== undefined) return refused(field, "NOT_FOUND", unresolved(missing));
  for (const label of labels) d.state.labelIssue(issue.number, label!.name, actor);
  return { data: { labelable: { __typename: "Issue" } } };
}

/** The fields' data, and their errors when any refused (GitHub's shape: data beside `errors`). */
function answerFields(fields: Record<string, Field>): DoubleResponse {
  const data = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.data]));
  const errors = Object.values(fields).flatMap((f) => (f.error ? [f.error] : []));
  return { status: 200, body: { data, ...(errors.length ? { errors } : {}) } };
}

export async function answerCommentCreate(
  d: GitHubDouble,
  body: { variables?: Record<string, unknown> },
  actor: string | undefined,
): Promise<DoubleResponse> {
  return answerFields({ addComment: addComment(d, body.variables ?? {}, actor) });
}

export async function answerCommentCreateLabelling(
  d: GitHubDouble,
  body: { variables?: Record<string, unknown> },
  actor: string | undefined,
): Promise<DoubleResponse> {
  const variables = body.variables ?? {};
  // In the document's order: the comment first, then the labels.
  const comment = addComment(d, variables, actor);
  return answerFields({ addComment: comment, addLabelsToLabelable: addLabels(d, variables, actor) });
}
