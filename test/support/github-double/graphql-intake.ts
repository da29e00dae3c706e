// The double's answer to `query skillopsIntake` (src/io/github-api/intake-read.ts): the config
// file's text at HEAD and an issue's first page of comments, as GitHub's GraphQL answers them — a
// bot's login without REST's `[bot]`, an issue number GraphQL cannot resolve as `null` plus an error.
import { INTAKE_QUERY } from "../../../src/io/github-api/intake-read.js";
import type { DoubleResponse, GitHubDouble } from "./route.js";
import type { DoubleState, UserRecord } from "./state.js";

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
  const number = Number(v.number);
  const issue = state.issues.get(number);
  if (!issue || issue.isPullRequest)
    return {
      status: 200,
      body: {
        data: { repository: { config, issue: null } },
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
    body: { data: { repository: { config, issue: { comments: commentsPage(state, number) } } } },
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
