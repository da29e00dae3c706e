// The double's routes for issues, comments, labels, reactions, collaborator permissions, workflow
// dispatch, repository contents and the app's installation token. Pull requests, refs, check runs
// and merges live in their own route file (added with `addRoutes`).
import type { DoubleRequest, DoubleResponse, GitHubDouble, Route } from "./server.js";
import { notFound, validationFailed } from "./server.js";
import { toComment, toIssue, toLabel, toReaction, toRepository, toUser } from "./shapes.js";
import type { IssueRecord, Permission, WorkflowRunRecord } from "./state.js";

const ok = (body: unknown, status = 200, headers?: Record<string, string>): DoubleResponse => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});
const unauthorised = (): DoubleResponse => ({
  status: 401,
  body: {
    message: "Requires authentication",
    documentation_url: "https://docs.github.com/rest",
    status: "401",
  },
});

/** Pages a list the way GitHub does (per_page ≤ 100, a Link header with rel="next"). */
export function page<T>(req: DoubleRequest, items: T[]): { items: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Number(req.query.get("per_page") ?? 30), 100);
  const pageNo = Number(req.query.get("page") ?? 1);
  const slice = items.slice((pageNo - 1) * perPage, pageNo * perPage);
  const headers: Record<string, string> = {};
  if (pageNo * perPage < items.length) {
    const next = new URL(req.url);
    next.searchParams.set("page", String(pageNo + 1));
    next.searchParams.set("per_page", String(perPage));
    headers.link = `<${next.toString()}>; rel="next"`;
  }
  return { items: slice, headers };
}

function issueOf(req: DoubleRequest, d: GitHubDouble): IssueRecord | undefined {
  return d.state.issues.get(Number(req.params.issue_number));
}

/** GitHub's base role for the legacy `permission` field: maintain → write, triage → read. */
const LEGACY: Record<Permission, string> = {
  admin: "admin",
  maintain: "write",
  write: "write",
  triage: "read",
  read: "read",
  none: "none",
};

export const issueRoutes: Route[] = [
  {
    method: "POST",
    template: "/app/installations/{installation_id}/access_tokens",
    handle: (_req, d) => {
      const token = `ghs_double_${d.state.id()}`;
      d.state.tokens.set(token, d.state.botLogin);
      return ok(
        {
          token,
          expires_at: "2099-01-01T00:00:00Z",
          permissions: {
            issues: "write",
            contents: "write",
            pull_requests: "write",
            checks: "write",
            actions: "write",
            metadata: "read",
          },
          repository_selection: "all",
        },
        201,
      );
    },
  },
  { method: "GET", template: "/repos/{owner}/{repo}", handle: (_req, d) => ok(toRepository(d.state)) },
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
    method: "POST",
    template: "/repos/{owner}/{repo}/issues/{issue_number}/labels",
    handle: (req, d) => {
      const issue = issueOf(req, d);
      if (!issue) return notFound();
      for (const name of labelNames(req.body.labels ?? req.body))
        d.state.labelIssue(issue.number, name, req.actor?.login ?? d.state.botLogin);
      return ok(issue.labels.map((n) => toLabel(d.state, d.state.ensureLabel(n))));
    },
  },
  {
    method: "DELETE",
    template: "/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}",
    handle: (req, d) => {
      const issue = issueOf(req, d);
      const at = issue?.labels.findIndex((l) => l.toLowerCase() === req.params.name!.toLowerCase()) ?? -1;
      if (!issue || at < 0)
        return {
          status: 404,
          body: {
            message: "Label does not exist",
            documentation_url: "https://docs.github.com/rest",
            status: "404",
          },
        };
      issue.labels.splice(at, 1);
      issue.updatedAt = d.state.now();
      return ok(issue.labels.map((n) => toLabel(d.state, d.state.ensureLabel(n))));
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
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/labels/{name}",
    handle: (req, d) => {
      const label = d.state.findLabel(req.params.name!);
      return label ? ok(toLabel(d.state, label)) : notFound();
    },
  },
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/labels",
    handle: (req, d) => {
      if (d.state.findLabel(req.body.name))
        return {
          status: 422,
          body: {
            message: "Validation Failed",
            errors: [{ resource: "Label", code: "already_exists", field: "name" }],
            documentation_url: "https://docs.github.com/rest",
          },
        };
      const label = d.state.ensureLabel(
        req.body.name,
        req.body.color ?? "ededed",
        req.body.description ?? null,
      );
      return ok(toLabel(d.state, label), 201);
    },
  },
  {
    method: "PATCH",
    template: "/repos/{owner}/{repo}/labels/{name}",
    handle: (req, d) => {
      const label = d.state.findLabel(req.params.name!);
      if (!label) return notFound();
      if (req.body.color) label.color = req.body.color;
      if (req.body.description !== undefined) label.description = req.body.description;
      return ok(toLabel(d.state, label));
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/collaborators/{username}/permission",
    handle: (req, d) => {
      const role = d.state.permissionOf(req.params.username!);
      const user = { ...toUser(d.state.user(req.params.username!)), role_name: role };
      return ok({ permission: LEGACY[role], role_name: role, user });
    },
  },
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
    handle: (req, d) =>
      react(
        d,
        req,
        { kind: "comment", id: Number(req.params.comment_id) },
        d.state.comments.some((c) => c.id === Number(req.params.comment_id)),
      ),
  },
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/issues/{issue_number}/reactions",
    handle: (req, d) => {
      const issue = issueOf(req, d);
      return react(d, req, { kind: "issue", id: issue?.id ?? 0 }, issue !== undefined);
    },
  },
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches",
    handle: (req, d) => {
      if (!req.actor) return unauthorised();
      d.state.dispatches.push({
        workflowId: req.params.workflow_id!,
        ref: req.body.ref,
        inputs: req.body.inputs ?? {},
        actor: req.actor.login,
      });
      const at = d.state.now();
      const runNumber =
        d.state.workflowRuns.filter((r) => r.workflowId === req.params.workflow_id).length + 1;
      d.state.workflowRuns.push({
        id: d.state.id(),
        runNumber,
        workflowId: req.params.workflow_id!,
        event: "workflow_dispatch",
        status: "queued",
        conclusion: null,
        headBranch: req.body.ref,
        displayTitle: String(req.body.inputs?.reason ?? "skillops evolve"),
        createdAt: at,
        updatedAt: at,
      });
      return { status: 204 };
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs",
    handle: (req, d) => {
      const status = req.query.get("status");
      const runs = d.state.workflowRuns
        .filter(
          (r) =>
            r.workflowId === req.params.workflow_id &&
            (!status || r.status === status || r.conclusion === status),
        )
        .reverse();
      const { items, headers } = page(req, runs);
      return ok(
        { total_count: runs.length, workflow_runs: items.map((r) => toWorkflowRun(d, r)) },
        200,
        headers,
      );
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/contents/{path}",
    handle: async (req, d) => {
      const ref = req.query.get("ref") ?? d.state.defaultBranch;
      const path = req.params.path!;
      const text = (await d.options.readFile?.(ref, path)) ?? d.state.getFile(path, ref);
      if (text === undefined) return notFound();
      if (String(req.headers.accept ?? "").includes("raw")) return { status: 200, text };
      const name = path.split("/").pop()!;
      const url = `https://api.github.com/repos/${d.state.owner}/${d.state.repo}/contents/${path}?ref=${ref}`;
      const sha = `${Buffer.from(path + text)
        .toString("hex")
        .slice(0, 40)
        .padEnd(40, "0")}`;
      const html = `https://github.com/${d.state.owner}/${d.state.repo}/blob/${ref}/${path}`;
      const git = `https://api.github.com/repos/${d.state.owner}/${d.state.repo}/git/blobs/${sha}`;
      return ok({
        type: "file",
        encoding: "base64",
        size: Buffer.byteLength(text),
        name,
        path,
        content: Buffer.from(text).toString("base64"),
        sha,
        url,
        git_url: git,
        html_url: html,
        download_url: null,
        _links: { self: url, git, html },
      });
    },
  },
];

function toWorkflowRun(d: GitHubDouble, r: WorkflowRunRecord) {
  const api = `https://api.github.com/repos/${d.state.owner}/${d.state.repo}`;
  const run = `${api}/actions/runs/${r.id}`;
  const repository = toRepository(d.state);
  return {
    id: r.id,
    node_id: `WFR_${r.id}`,
    name: "skillops evolve",
    head_branch: r.headBranch,
    head_sha: "0".repeat(40),
    path: `.github/workflows/${r.workflowId}`,
    run_number: r.runNumber,
    display_title: r.displayTitle,
    event: r.event,
    status: r.status,
    conclusion: r.conclusion,
    workflow_id: 161335,
    url: run,
    html_url: `https://github.com/${d.state.owner}/${d.state.repo}/actions/runs/${r.id}`,
    pull_requests: [],
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    jobs_url: `${run}/jobs`,
    logs_url: `${run}/logs`,
    check_suite_url: `${api}/check-suites/${r.id}`,
    artifacts_url: `${run}/artifacts`,
    cancel_url: `${run}/cancel`,
    rerun_url: `${run}/rerun`,
    workflow_url: `${api}/actions/workflows/161335`,
    head_commit: null,
    repository,
    head_repository: repository,
  };
}

function react(
  d: GitHubDouble,
  req: DoubleRequest,
  subject: { kind: "issue" | "comment"; id: number },
  exists: boolean,
): DoubleResponse {
  if (!exists) return notFound();
  if (!req.actor) return unauthorised();
  const found = d.state.reactions.find(
    (r) =>
      r.subject.kind === subject.kind &&
      r.subject.id === subject.id &&
      r.content === req.body.content &&
      r.user.login === req.actor!.login,
  );
  if (found) return ok(toReaction(found), 200);
  const reaction = {
    id: d.state.id(),
    subject,
    content: req.body.content,
    user: req.actor,
    createdAt: d.state.now(),
  };
  d.state.reactions.push(reaction);
  return ok(toReaction(reaction), 201);
}

function labelNames(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((l) => (typeof l === "string" ? l : String((l as { name?: unknown }).name ?? "")))
    .filter(Boolean);
}
