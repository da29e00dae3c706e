// The double's routes for pull request reviews: submitting one (APPROVE, REQUEST_CHANGES, COMMENT)
// as the caller, of the head commit unless the request names another, and listing them in order.
import { live, pullOf } from "./pull-record.js";
import { notFound, ok, page } from "./responses.js";
import type { GitHubDouble, Route } from "./route.js";
import { toUser } from "./shapes.js";
import type { UserRecord } from "./state.js";

interface ReviewRecord {
  id: number;
  user: UserRecord;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED";
  commitId: string;
  body: string;
}

const reviewsOf = new WeakMap<GitHubDouble, Map<number, ReviewRecord[]>>();
const STATE = { APPROVE: "APPROVED", REQUEST_CHANGES: "CHANGES_REQUESTED", COMMENT: "COMMENTED" } as const;

function toReview(d: GitHubDouble, number: number, r: ReviewRecord) {
  const pull = `https://api.github.com/repos/${d.state.owner}/${d.state.repo}/pulls/${number}`;
  const html = `https://github.com/${d.state.owner}/${d.state.repo}/pull/${number}#pullrequestreview-${r.id}`;
  return {
    id: r.id,
    node_id: `PRR_${r.id}`,
    user: toUser(r.user),
    body: r.body,
    state: r.state,
    html_url: html,
    pull_request_url: pull,
    _links: { html: { href: html }, pull_request: { href: pull } },
    submitted_at: "2026-11-30T03:00:00Z",
    commit_id: r.commitId,
    author_association: "COLLABORATOR",
  };
}

export function pullReviewRoutes(gitDir: string): Route[] {
  return [
    {
      method: "POST",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p || !req.actor) return notFound();
        live(gitDir, p, d.state.issue(p.number));
        const all = reviewsOf.get(d) ?? new Map<number, ReviewRecord[]>();
        reviewsOf.set(d, all);
        const list = all.get(p.number) ?? [];
        all.set(p.number, list);
        const event = (req.body?.event ?? "COMMENT") as keyof typeof STATE;
        const review: ReviewRecord = {
          id: 9_000_000 + list.length + 1000 * p.number,
          user: req.actor,
          state: STATE[event],
          commitId: req.body?.commit_id ?? p.headSha,
          body: req.body?.body ?? "",
        };
        list.push(review);
        return ok(toReview(d, p.number, review));
      },
    },
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p) return notFound();
        const list = reviewsOf.get(d)?.get(p.number) ?? [];
        const { items, headers } = page(
          req,
          list.map((r) => toReview(d, p.number, r)),
        );
        return ok(items, 200, headers);
      },
    },
  ];
}
