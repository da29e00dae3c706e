// Which comments, issues and PRs the app owns (a marker counts only when the app wrote it), and the
// owned-comment decisions: create, update or leave one comment per kind, and converge duplicates
// that concurrent deliveries made (owned-comment.ts performs them through the port). Pure.
import type { Comment } from "../../github/port.js";
import { renderMarker, readMarker, hasMarker, stripMarkers } from "../../../records/markers.js";

/** Whether `botLogin` (the app) wrote an item: the only author whose markers count. */
export const isOwn = (botLogin: string) => (c: { author: string; authorIsBot?: boolean }) =>
  c.author.toLowerCase() === botLogin.toLowerCase();

/** The first item written by `botLogin` whose body carries a `kind` marker. */
export function findOwned<T extends { body: string; author: string }>(
  items: readonly T[],
  kind: string,
  botLogin: string | ((author: string) => boolean),
): T | undefined {
  const isBot = typeof botLogin === "string" ? (a: string) => isOwn(botLogin)({ author: a }) : botLogin;
  return items.find((i) => isBot(i.author) && hasMarker(i.body, kind));
}

/** The data of the app's own `kind` marker among `comments` (its first such comment). */
export function ownedMarker(
  comments: readonly Comment[],
  kind: string,
  botLogin: string,
): Record<string, unknown> | undefined {
  const own = findOwned(comments, kind, botLogin);
  return own ? readMarker(own.body, kind)?.data : undefined;
}

/**
 * Whether the app wrote a comment whose `kind` marker carries `data` (every field equal): a comment
 * that records one event (e.g. "shipped by #41"), of which an issue may hold several over time.
 */
export function hasOwnedRecord(
  comments: readonly Comment[],
  kind: string,
  botLogin: string,
  data: Record<string, unknown>,
): boolean {
  return findAllOwned(comments, kind, (a) => isOwn(botLogin)({ author: a })).some((c) => {
    const found = readMarker(c.body, kind)?.data ?? {};
    return Object.entries(data).every(([k, v]) => found[k] === v);
  });
}

/** All items written by the bot carrying a `kind` marker (to close or delete duplicates). */
export function findAllOwned<T extends { body: string; author: string }>(
  items: readonly T[],
  kind: string,
  isBot: (author: string) => boolean,
): T[] {
  return items.filter((i) => isBot(i.author) && hasMarker(i.body, kind));
}

/** Bodies compared without their markers and trailing whitespace: writing only when content changed. */
export function sameContent(a: string, b: string): boolean {
  const strip = (s: string) => stripMarkers(s).replace(/\r\n/g, "\n").trim();
  return strip(a) === strip(b);
}

/** Whether two bodies' `kind` markers carry the same data (the other half of "changed?"). */
export function sameMarkerData(a: string, b: string, kind: string): boolean {
  return JSON.stringify(readMarker(a, kind)?.data) === JSON.stringify(readMarker(b, kind)?.data);
}

export type UpsertResult = "created" | "updated" | "unchanged";

/**
 * What keeping one owned comment per (issue, kind) needs next: create it, edit it, or nothing, and
 * which younger duplicates (left by concurrent deliveries) to delete.
 */
export type OwnedCommentStep =
  | { step: "create"; body: string }
  | { step: "update"; id: number; body: string; remove: number[] }
  | { step: "unchanged"; remove: number[] };

/** The app's own `kind` comments, oldest first (GitHub's comment ids grow with creation time). */
function ownedOldestFirst(comments: readonly Comment[], kind: string, botLogin: string): Comment[] {
  return findAllOwned(comments, kind, (a) => isOwn(botLogin)({ author: a })).sort((x, y) => x.id - y.id);
}

/** Decides the write for the owned `kind` comment among `comments`; owned-comment.ts performs it. */
export function planOwnedComment(
  comments: readonly Comment[],
  kind: string,
  body: string,
  data: Record<string, unknown>,
  botLogin: string,
): OwnedCommentStep {
  const full = `${renderMarker(kind, data)}\n${body}`;
  const [own, ...younger] = ownedOldestFirst(comments, kind, botLogin);
  if (!own) return { step: "create", body: full };
  const remove = younger.map((c) => c.id);
  if (
    own.body === full ||
    (sameContent(own.body, full) && JSON.stringify(readMarker(own.body, kind)?.data) === JSON.stringify(data))
  )
    return { step: "unchanged", remove };
  return { step: "update", id: own.id, body: full, remove };
}

/** How several owned `kind` comments become one: the oldest stays (with `body`, when set), the rest go. */
export interface Convergence {
  keep: number;
  body?: string;
  remove: number[];
}

/**
 * After creating an owned comment, every instance that re-lists reaches the same decision: keep the
 * oldest, delete the younger. With `newestBy` (a numeric marker field, e.g. the command comment a
 * reply answers) the kept comment takes the body of the duplicate with the greatest value, so the
 * answer to the latest command survives whichever instance converges. Undefined: nothing to do.
 */
export function planConvergence(
  comments: readonly Comment[],
  kind: string,
  botLogin: string,
  newestBy?: string,
): Convergence | undefined {
  const own = ownedOldestFirst(comments, kind, botLogin);
  if (own.length < 2) return undefined;
  const rank = (c: Comment) => {
    const value = newestBy ? readMarker(c.body, kind)?.data[newestBy] : undefined;
    return typeof value === "number" ? value : -Infinity;
  };
  const winner = own.reduce((best, c) => (rank(c) > rank(best) ? c : best));
  const keep = own[0]!;
  return {
    keep: keep.id,
    ...(winner.body !== keep.body ? { body: winner.body } : {}),
    remove: own.slice(1).map((c) => c.id),
  };
}
