// An issue as GraphQL answers it, turned into the issue REST would list: the fields skillops reads,
// selected the same way by every query that reads issues (comment-readback.ts, intake-read.ts).
import type { Issue } from "../../core/github/port.js";

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

/** Labels one page holds; an issue with more is read the REST way (the caller falls back). */
const LABELS_PAGE = 100;

/** The selection `issueOfGraphql` reads. */
export const ISSUE_FIELDS = `number title body state url updatedAt
        author { login __typename }
        labels(first: ${LABELS_PAGE}) { pageInfo { hasNextPage } nodes { name } }`;

/** `ISSUE_FIELDS` as GraphQL answers them. */
export interface GraphqlIssue {
  number: number;
  title: string;
  body: string;
  state: "OPEN" | "CLOSED";
  url: string;
  updatedAt: string;
  author: GraphqlActor;
  labels: { pageInfo: { hasNextPage: boolean }; nodes: Array<{ name: string }> } | null;
}

/** The issue as REST gives it; undefined when its labels are more than one page. */
export function issueOfGraphql(raw: GraphqlIssue): Issue | undefined {
  if (!raw.labels || raw.labels.pageInfo.hasNextPage) return undefined;
  return {
    number: raw.number,
    title: raw.title,
    body: raw.body,
    state: raw.state === "CLOSED" ? "closed" : "open",
    labels: raw.labels.nodes.map((l) => l.name),
    ...restAuthor(raw.author),
    isPullRequest: false,
    mergedAt: null,
    url: raw.url,
    updatedAt: raw.updatedAt,
  };
}
