// The double's answer to `query skillopsIntake` (src/io/github-api/intake-read.ts): the config
// file's text at HEAD, a label's global id (`LA_<id>`, REST's `node_id`), the sender's role as a
// collaborator, an issue's global id and first page of comments, as GitHub's GraphQL answers them —
// a bot's login without REST's `[bot]`, an issue number GraphQL cannot resolve as `null` plus an error.
import { INTAKE_QUERY } from "../../../src/io/github-api/intake-read.js";
import type { DoubleResponse, GitHubDouble } from "./route.js";
import { toIssue } from "./shapes.js";
import type { DoubleState, IssueRecord, UserRecord } from "./state.js";

/** How the double records the query (a read, though a POST). */
export const INTAKE_OPERATION = "graphql:skillopsIntake";

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

export const isIntakeQuery = (query: unknown): boolean =>
  typeof query === "string" && squash(query) === squash(INTAKE_QUERY);

export async function answerIntake(
  d: GitHubDouble,
  body: { variables?: Record<string, unknown> },
): Promise<DoubleResponse> {
  const v = body.variables ?? {};
  const { state } = d;
  if (
    String(v.owner).toLowerCase() !== state.owner.toLowerCase() ||
    String(v.name).toLowerCase() !== state.repo.toLowerCase()
  )
    return {
      status: 200,
      body: {
        data: { repository: null },
        errors: [{ type: "NOT_FOUND", message: "Could not resolve to a Repository" }],
      },
    };
  const expression = String(v.config);
  if (!expression.startsWith("HEAD:"))
    d.problems.push(`POST /graphql: skillopsIntake expression ${expression} does not read HEAD`);
  const path = expression.slice("HEAD:".length);
  const text = (await d.options.readFile?.(state.defaultBranch, path)) ?? state.getFile(path) ?? undefined;
  const config = text === undefined ? null : { text, isTruncated: false };
  const found = state.findLabel(String(v.label));
  // `label(name:)`: null, no error, when the repository has none by that name.
  const label = found
    ? { id: `LA_${found.id}`, name: found.name, color: found.color, description: found.description }
    : null;
  const sender = senderEdges(state, String(v.sender));
  const listed = listedPage(state, v.listed);
  const number = Number(v.number);
  const issue = state.issues.get(number);
  if (!issue || issue.isPullRequest)
    return {
      status: 200,
      body: {
        data: { repository: { config, label, sender, listed, issue: null } },
        errors: [
          {
            type: "NOT_FOUND",
            path: ["repository", "issue"],
            message: `Could not resolve to an Issue with the number of ${number}.`,
          },
        ],
      },
    };
  return {
    status: 200,
    body: {
      data: {
        repository: {
          config,
          label,
          sender,
          listed,
          issue: { id: `I_${issue.id}`, comments: commentsPage(state, number) },
        },
      },
    },
  };
}

/**
 * `collaborators(login:)`: an edge only for someone given a role (anyone else reads a public
 * repository without being a collaborator), with GraphQL's enum for the role.
 */
function senderEdges(state: DoubleState, login: string) {
  const listed = [...state.collaborators.keys()].find((name) => name.toLowerCase() === login.toLowerCase());
  if (!listed) return { edges: [] };
  const user = state.user(listed);
  return { edges: [{ permission: state.permissionOf(listed).toUpperCase(), node: { login: user.login } }] };
}

/** An issue as GraphQL's `ISSUE_FIELDS` (src/io/github-api/graphql-issue.ts) answers it. */
export function graphqlIssue(state: DoubleState, i: IssueRecord) {
  return {
    number: i.number,
    title: i.title,
    body: i.body ?? "",
    state: i.state === "closed" ? "CLOSED" : "OPEN",
    url: toIssue(state, i).html_url,
    updatedAt: i.updatedAt,
    author: graphqlActor(i.user),
    labels: {
      pageInfo: { hasNextPage: i.labels.length > 100 },
      nodes: i.labels.slice(0, 100).map((name) => ({ name })),
    },
  };
}

/** `issues(labels:, states: [OPEN, CLOSED], first: 100)`, newest first; pull requests are not issues. */
function listedPage(state: DoubleState, labels: unknown) {
  const wanted = (Array.isArray(labels) ? labels : []).map((l) => String(l).toLowerCase());
  const all = [...state.issues.values()]
    .filter((i) => !i.isPullRequest && i.labels.some((l) => wanted.includes(l.toLowerCase())))
    .sort((a, b) => b.number - a.number);
  return {
    pageInfo: { hasNextPage: all.length > 100 },
    nodes: all.slice(0, 100).map((i) => graphqlIssue(state, i)),
  };
}

/** A user as GraphQL names it: a bot without REST's `[bot]`. */
export const graphqlActor = (u: UserRecord) => ({
  login: u.type === "Bot" ? u.login.replace(/\[bot\]$/, "") : u.login,
  __typename: u.type === "Bot" ? "Bot" : "User",
});

/** An issue's first page of comments, as GraphQL's `comments(first: 100)` answers it. */
export function commentsPage(state: DoubleState, number: number) {
  const all = state.commentsOn(number).sort((a, b) => a.id - b.id);
  const nodes = all.slice(0, 100).map((c) => ({
    id: `IC_${c.id}`,
    databaseId: c.id,
    body: c.body,
    author: graphqlActor(c.user),
  }));
  return { pageInfo: { hasNextPage: all.length > 100 }, nodes };
}
