// The double's routes for labels: on an issue (added, removed) and the repository's own.
import type { Route } from "./route.js";
import { ok, notFound } from "./responses.js";
import { toLabel } from "./shapes.js";
import { issueOf, labelNames } from "./routes-issues.js";

export const labelRoutes: Route[] = [
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
];
