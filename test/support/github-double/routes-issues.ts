// The double's routes for issues, their comments and their events. Labels, reactions, the
// repository itself and Actions have their own route files; pull requests, refs, check runs and
// merges too (added with `addPullRoutes`).
import type { DoubleRequest, GitHubDouble, Route } from "./route.js";
import { ok, notFound, unauthorised, validationFailed, page } from "./responses.js";
import { toComment, toIssue, toUser } from "./shapes.js";
import type { IssueRecord } from "./state.js";

export function issueOf(req: DoubleRequest, d: GitHubDouble): IssueRecord | undefined {
  return d.state.issues.get(Number(req.params.issue_number));
}

export function labelNames(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((l) => (typeof l === "string" ? l : String((l as { name?: unknown }).name ?? "")))
    .filter(Boolean);
}

export const issueRoutes: Route[] = [
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/issues",
    handle: (req, d) => {
      const state = req.query.get("state") ?? "open";
      const labels = (req.query.get("labels") ?? "")
        .split(",")
        .map((l) => l.trim().toLowerCase())
        .filter(Boolean);
      const creator = req.query.get("creator");
      const direction = req.query.get("direction") ?? "desc";
      let list = [...d.state.issues.values()].filter(
        (i) =>
          (state === "all" || i.state === state) &&
          labels.every((l) => i.labels.some((x) => x.toLowerCase() === l)) &&
          (!creator || i.user.login.toLowerCase() === creator.toLowerCase()),
      );
      list = list.sort((a, b) => (direction === "asc" ? a.number - b.number : b.number - a.number));
      const { items, headers } = page(req, list);
      return ok(
        items.map((i) => toIssue(d.state, i)),
        200,
        headers,
      );
    },
  },
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/issues",
    handle: (req, d) => {
      if (!req.actor) return unauthorised();
      const issue = d.state.openIssue({
        title: req.body.title,
        body: req.body.body ?? null,
        author: req.actor.login,
        labels: labelNames(req.body.labels),
      });
      return ok(toIssue(d.state, issue), 201);
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/issues/{issue_number}",
    handle: (req, d) => {
      const issue = issueOf(req, d);
      return issue ? ok(toIssue(d.state, issue)) : notFound();
    },
  },
  {
    method: "PATCH",
    template: "/repos/{owner}/{repo}/issues/{issue_number}",
    handle: (req, d) => {
      const issue = issueOf(req, d);
      if (!issue) return notFound();
      if (!req.actor) return unauthorised();
      const b = req.body ?? {};
      if (typeof b.title === "string") issue.title = b.title;
      if (b.body !== undefined) issue.body = b.body;
      if (Array.isArray(b.labels))
        issue.labels = labelNames(b.labels).map((l) => d.state.ensureLabel(l).name);
      if (b.state === "closed" && issue.state === "open") {
        issue.state = "closed";
        issue.closedAt = d.state.now();
        issue.stateReason = b.state_reason ?? "completed";
      } else if (b.state === "open" && issue.state === "closed") {
        issue.state = "open";
        issue.closedAt = null;
        issue.stateReason = "reopened";
      }
      issue.updatedAt = d.state.now();
      return ok(toIssue(d.state, issue));
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/issues/{issue_number}/comments",
    handle: (req, d) => {
      if (!issueOf(req, d)) return notFound();
      const { items, headers } = page(req, d.state.commentsOn(Number(req.params.issue_number)));
      return ok(
        items.map((c) => toComment(d.state, c)),
        200,
        headers,
      );
    },
  },
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/issues/{issue_number}/comments",
    handle: (req, d) => {
      const issue = issueOf(req, d);
      if (!issue) return notFound();
      if (!req.actor) return unauthorised();
      if (String(req.body.body).length > 65536)
        return validationFailed("body is too long (maximum is 65536 characters)");
      return ok(toComment(d.state, d.state.addComment(issue.number, req.actor.login, req.body.body)), 201);
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/issues/comments/{comment_id}",
    handle: (req, d) => {
      const c = d.state.comments.find((x) => x.id === Number(req.params.comment_id));
      return c ? ok(toComment(d.state, c)) : notFound();
    },
  },
  {
    method: "PATCH",
    template: "/repos/{owner}/{repo}/issues/comments/{comment_id}",
    handle: (req, d) => {
      const c = d.state.comments.find((x) => x.id === Number(req.params.comment_id));
      if (!c) return notFound();
      if (req.actor?.login !== c.user.login && d.state.permissionOf(req.actor?.login ?? "") === "read")
        return { status: 403, body: { message: "Forbidden" } };
      if (String(req.body.body).length > 65536)
        return validationFailed("body is too long (maximum is 65536 characters)");
      c.body = req.body.body;
      c.updatedAt = d.state.now();
      return ok(toComment(d.state, c));
    },
  },
  {
    method: "DELETE",
    template: "/repos/{owner}/{repo}/issues/comments/{comment_id}",
    handle: (req, d) => {
      const at = d.state.comments.findIndex((x) => x.id === Number(req.params.comment_id));
      if (at < 0) return notFound();
      d.state.comments.splice(at, 1);
      return { status: 204 };
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/issues/{issue_number}/events",
    handle: (req, d) => {
      if (!issueOf(req, d)) return notFound();
      const events = d.state.events.filter((e) => e.issueNumber === Number(req.params.issue_number));
      const { items, headers } = page(req, events);
      const api = `https://api.github.com/repos/${d.state.owner}/${d.state.repo}`;
      return ok(
        items.map((e) => ({
          id: e.id,
          node_id: `LE_${e.id}`,
          url: `${api}/issues/events/${e.id}`,
          actor: toUser(e.actor),
          event: e.event,
          commit_id: null,
          commit_url: null,
          created_at: e.createdAt,
          performed_via_github_app: null,
          ...(e.label ? { label: e.label } : {}),
        })),
        200,
        headers,
      );
    },
  },
];
