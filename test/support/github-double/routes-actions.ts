// The double's GitHub Actions routes: dispatching a workflow records a queued run, and runs list newest first.
import type { GitHubDouble, Route } from "./route.js";
import { ok, unauthorised, page } from "./responses.js";
import { toRepository } from "./shapes.js";
import type { WorkflowRunRecord } from "./state.js";

export const actionsRoutes: Route[] = [
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
