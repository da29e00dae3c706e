// The double's pull-request routes: list, open, read, edit and merge. What a PR changes (commits,
// files) and branches (refs) have their own route files; all are added by `addPullRoutes`.
import { refSha } from "./bare-git.js";
import { mergePull, openPull } from "./pull-actions.js";
import { live, pullOf, pullsOf } from "./pull-record.js";
import { toPull } from "./pull-shape.js";
import { notFound, ok, page, unprocessable } from "./responses.js";
import type { Route } from "./route.js";

/** `GET /pulls`: filtered by state, head (`owner:branch`) and base, newest first. */
const listPulls = (gitDir: string): Route => ({
  method: "GET",
  template: "/repos/{owner}/{repo}/pulls",
  handle: (req, d) => {
    const state = req.query.get("state") ?? "open";
    const head = req.query.get("head");
    const base = req.query.get("base");
    const list = [...pullsOf(d).values()]
      .filter((p) => {
        const i = d.state.issue(p.number);
        return (
          (state === "all" || i.state === state) &&
          (!head || `${d.state.owner}:${p.headRef}`.toLowerCase() === head.toLowerCase()) &&
          (!base || p.baseRef === base)
        );
      })
      .sort((a, b) => b.number - a.number);
    const { items, headers } = page(req, list);
    return ok(
      items.map((p) => toPull(d, gitDir, p)),
      200,
      headers,
    );
  },
});

/** `POST /pulls`: opens the PR as the token's user. */
const createPull = (gitDir: string): Route => ({
  method: "POST",
  template: "/repos/{owner}/{repo}/pulls",
  handle: (req, d) => {
    if (!req.actor) return { status: 401, body: { message: "Requires authentication" } };
    const result = openPull(d, gitDir, {
      title: req.body.title,
      body: req.body.body ?? null,
      head: req.body.head,
      base: req.body.base,
      draft: req.body.draft === true,
      author: req.actor,
    });
    if (typeof result === "string") return unprocessable(result);
    return ok(toPull(d, gitDir, result), 201);
  },
});

/** `GET /pulls/{n}`. */
const getPull = (gitDir: string): Route => ({
  method: "GET",
  template: "/repos/{owner}/{repo}/pulls/{pull_number}",
  handle: (req, d) => {
    const p = pullOf(req, d);
    return p ? ok(toPull(d, gitDir, p)) : notFound();
  },
});

/** `PATCH /pulls/{n}`: title, body, closing; reopening as GitHub allows it. */
const updatePull = (gitDir: string): Route => ({
  method: "PATCH",
  template: "/repos/{owner}/{repo}/pulls/{pull_number}",
  handle: (req, d) => {
    const p = pullOf(req, d);
    if (!p) return notFound();
    const i = d.state.issue(p.number);
    const at = d.state.now();
    if (typeof req.body.title === "string") i.title = req.body.title;
    if (typeof req.body.body === "string") i.body = req.body.body;
    if (req.body.state === "closed" && i.state === "open") {
      live(gitDir, p, i); // the head it is closed at
      Object.assign(i, { state: "closed", stateReason: null, closedAt: at });
    }
    if (req.body.state === "open" && i.state === "closed") {
      if (p.merged) return unprocessable("Cannot reopen a merged pull request");
      if (!refSha(gitDir, p.headRef)) return unprocessable("Head branch was deleted");
      Object.assign(i, { state: "open", stateReason: "reopened", closedAt: null });
    }
    i.updatedAt = at;
    return ok(toPull(d, gitDir, p));
  },
});

/** `PUT /pulls/{n}/merge`: needs push access; a conflict is a 405 as on GitHub. */
const mergePullRoute = (gitDir: string): Route => ({
  method: "PUT",
  template: "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  handle: (req, d) => {
    const p = pullOf(req, d);
    if (!p) return notFound();
    if (!req.actor || !["admin", "maintain", "write"].includes(d.state.permissionOf(req.actor.login))) {
      return {
        status: 403,
        body: {
          message: "Must have push access to merge",
          documentation_url: "https://docs.github.com/rest",
        },
      };
    }
    const result = mergePull(d, gitDir, p, req.actor);
    if (typeof result === "string")
      return {
        status: 405,
        body: { message: result, documentation_url: "https://docs.github.com/rest" },
      };
    return ok({ sha: result.sha, merged: true, message: "Pull Request successfully merged" });
  },
});

export function pullRoutes(gitDir: string): Route[] {
  return [listPulls, createPull, getPull, updatePull, mergePullRoute].map((route) => route(gitDir));
}
