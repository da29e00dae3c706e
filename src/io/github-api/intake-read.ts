// What a feedback issue's delivery reads first, in one GraphQL request instead of three REST ones:
// the text of `.github/skillops.yml` on the default branch, the issue's comments (and its global id,
// so a comment can be created with GraphQL: comment-create-readback.ts), the sender's role when
// the sender is a collaborator, and one label's global id (so adding it can ride on that creation).
// Anything this query cannot answer as REST would (no file here, a file over GraphQL's text limit,
// more comments than one page, a sender who is no collaborator, whom REST calls `read` or `none`, a
// label not created yet) is left undefined, and the caller reads or writes it the REST way.
import {
  ROLES_BY_RANK,
  type Comment,
  type Issue,
  type RepoCoords,
  type RepoRole,
} from "../../core/github/port.js";
import {
  issueOfGraphql,
  ISSUE_FIELDS,
  restAuthor,
  type GraphqlActor,
  type GraphqlIssue,
} from "./graphql-issue.js";
import type { RestClient } from "./rest-client.js";

/** Comments one page holds; an issue with more is listed the REST way. */
export const INTAKE_COMMENTS = 100;

/** An issue's comments as REST would list them (one page); comment-readback.ts reads them too. */
export const ISSUE_COMMENTS_FIELDS = `comments(first: ${INTAKE_COMMENTS}) {
        pageInfo { hasNextPage }
        nodes { id databaseId body author { login __typename } }
      }`;

/** Issues with the listed label one page holds; more are listed the REST way. */
const LISTED_PAGE = 100;

/** The operation, named so the GitHub double can recognise it (test/support/github-double). */
export const INTAKE_QUERY = `query skillopsIntake($owner: String!, $name: String!, $number: Int!, $config: String!, $sender: String!, $listed: [String!], $label: String!) {
  repository(owner: $owner, name: $name) {
    config: object(expression: $config) { ... on Blob { text isTruncated } }
    label(name: $label) { id name color description }
    sender: collaborators(login: $sender, first: 1) { edges { permission node { login } } }
    listed: issues(labels: $listed, states: [OPEN, CLOSED], first: ${LISTED_PAGE}, orderBy: { field: CREATED_AT, direction: DESC }) {
      pageInfo { hasNextPage }
      nodes { ${ISSUE_FIELDS} }
    }
    issue(number: $number) {
      id
      ${ISSUE_COMMENTS_FIELDS}
    }
  }
}`;

interface IntakeComment {
  id: string;
  databaseId: number | null;
  body: string;
  author: GraphqlActor;
}

/** `ISSUE_COMMENTS_FIELDS` as GraphQL answers them. */
export interface IssueCommentsPage {
  pageInfo: { hasNextPage: boolean };
  nodes: IntakeComment[];
}

interface IntakeData {
  repository: {
    config: { text?: string | null; isTruncated?: boolean } | null;
    label?: { id: string; name: string; color: string; description: string | null } | null;
    sender?: { edges: Array<{ permission: string; node: { login: string } } | null> | null } | null;
    listed?: { pageInfo: { hasNextPage: boolean }; nodes: GraphqlIssue[] } | null;
    issue: { id: string; comments: IssueCommentsPage } | null;
  } | null;
}

export interface IntakeRead {
  /** The config file's text; undefined when it is not in this repository or GraphQL cannot give it. */
  configText?: string;
  /** All the issue's comments, as REST lists them; undefined when they are more than one page. */
  comments?: Comment[];
  /** The issue's global id (GraphQL's `id`, REST's `node_id`). */
  issueNodeId?: string;
  /** The sender's role where GraphQL names them a collaborator (GraphQL's enum, lower-cased). */
  senderRole?: RepoRole;
  /** Every issue (open or closed, no pull request) with the label asked for, as REST lists them. */
  listed?: Issue[];
  /** The label asked for, with its global id; undefined when the repository has no such label. */
  label?: { nodeId: string; name: string; color: string; description: string | null };
}

function toComment(node: IntakeComment): Comment | undefined {
  if (node.databaseId === null) return undefined;
  return { id: node.databaseId, body: node.body, ...restAuthor(node.author), nodeId: node.id };
}

/** All the comments of one page, as REST lists them; undefined when there are more, or one is unreadable. */
export function commentsOfPage(page: IssueCommentsPage | undefined): Comment[] | undefined {
  if (!page || page.pageInfo.hasNextPage) return undefined;
  const comments = page.nodes.map(toComment);
  return comments.every((c) => c !== undefined) ? comments : undefined;
}

/** What an answer with errors did answer (Octokit's `GraphqlResponseError` carries it), if anything. */
export function partialData<T>(error: unknown): T | undefined {
  const e = error as { name?: unknown; data?: unknown } | null;
  return e?.name === "GraphqlResponseError" && e.data && typeof e.data === "object"
    ? (e.data as T)
    : undefined;
}

/** The role GraphQL gives `sender`: only an edge naming exactly that login with a known permission. */
function roleOf(data: IntakeData, sender: string): RepoRole | undefined {
  const edge = data.repository?.sender?.edges?.[0];
  if (!edge || edge.node.login.toLowerCase() !== sender.toLowerCase()) return undefined;
  const role = edge.permission.toLowerCase() as RepoRole;
  return role !== "none" && ROLES_BY_RANK.includes(role) ? role : undefined;
}

/** The issues listed, as REST lists them; undefined past one page or where one is unreadable. */
function listedOf(data: IntakeData): Issue[] | undefined {
  const page = data.repository?.listed;
  if (!page || page.pageInfo.hasNextPage) return undefined;
  const issues = page.nodes.map(issueOfGraphql);
  return issues.every((i) => i !== undefined) ? issues : undefined;
}

/**
 * One request: the config text, the comments and global id of issue `number`, `sender`'s role, the
 * issues labelled `listed` (the dashboard: its refresh then needs no listing of its own), and the
 * label named `label` (`skillops:accepted`: added by its global id, it needs no request of its own).
 * A partial answer (one field refused, e.g. the collaborators to an app without access) keeps what
 * it did answer; what it could not read is undefined.
 */
export async function readIntake(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  number: number,
  configPath: string,
  ask: { sender: string; listed: string; label: string },
): Promise<IntakeRead> {
  const { sender, label: labelName } = ask;
  const config = `HEAD:${configPath}`;
  const variables = { owner, name: repo, number, config, sender, listed: [ask.listed], label: labelName };
  const data = await octokit.graphql<IntakeData>(INTAKE_QUERY, variables).catch((error: unknown) => {
    const partial = partialData<IntakeData>(error);
    if (partial) return partial;
    throw error;
  });
  const file = data.repository?.config;
  const issue = data.repository?.issue;
  const comments = commentsOfPage(issue?.comments);
  const senderRole = roleOf(data, sender);
  const listed = listedOf(data);
  const label = data.repository?.label;
  return {
    ...(listed ? { listed } : {}),
    ...(label?.id ? { label: { ...label, nodeId: label.id } } : {}),
    ...(typeof file?.text === "string" && !file.isTruncated ? { configText: file.text } : {}),
    ...(comments ? { comments } : {}),
    ...(issue?.id ? { issueNodeId: issue.id } : {}),
    ...(senderRole ? { senderRole } : {}),
  };
}
