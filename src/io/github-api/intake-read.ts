// What a feedback issue's delivery reads first, in one GraphQL request instead of two REST ones: the
// text of `.github/skillops.yml` on the default branch and the issue's comments. Anything this
// query cannot answer as REST would (no file here, a file over GraphQL's text limit, more comments
// than one page) is left undefined, and the caller reads it the REST way.
import type { Comment, RepoCoords } from "../../core/github/port.js";
import type { RestClient } from "./rest-client.js";

/** Comments one page holds; an issue with more is listed the REST way. */
export const INTAKE_COMMENTS = 100;

/** An issue's comments as REST would list them (one page); comment-readback.ts reads them too. */
export const ISSUE_COMMENTS_FIELDS = `comments(first: ${INTAKE_COMMENTS}) {
        pageInfo { hasNextPage }
        nodes { id databaseId body author { login __typename } }
      }`;

/** The operation, named so the GitHub double can recognise it (test/support/github-double). */
export const INTAKE_QUERY = `query skillopsIntake($owner: String!, $name: String!, $number: Int!, $config: String!) {
  repository(owner: $owner, name: $name) {
    config: object(expression: $config) { ... on Blob { text isTruncated } }
    issue(number: $number) {
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
    issue: { comments: IssueCommentsPage } | null;
  } | null;
}

export interface IntakeRead {
  /** The config file's text; undefined when it is not in this repository or GraphQL cannot give it. */
  configText?: string;
  /** All the issue's comments, as REST lists them; undefined when they are more than one page. */
  comments?: Comment[];
}

/** A GraphQL `author { login __typename }`. */
export type GraphqlActor = { login: string; __typename: string } | null;

/**
 * The author as REST names it: GraphQL names a bot `skillops` where REST (and every ownership
 * check) says `skillops[bot]`; a deleted account (no author) is REST's `ghost`.
 */
export function restAuthor(actor: GraphqlActor): { author: string; authorIsBot: boolean } {
  const bot = actor?.__typename === "Bot";
  return { author: actor ? `${actor.login}${bot ? "[bot]" : ""}` : "ghost", authorIsBot: bot };
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

/** One request: the config text and the comments of issue `number`; what it could not read is undefined. */
export async function readIntake(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  number: number,
  configPath: string,
): Promise<IntakeRead> {
  const data = await octokit.graphql<IntakeData>(INTAKE_QUERY, {
    owner,
    name: repo,
    number,
    config: `HEAD:${configPath}`,
  });
  const file = data.repository?.config;
  const comments = commentsOfPage(data.repository?.issue?.comments);
  return {
    ...(typeof file?.text === "string" && !file.isTruncated ? { configText: file.text } : {}),
    ...(comments ? { comments } : {}),
  };
}
