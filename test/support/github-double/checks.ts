// The double's check runs (create, update, list for a commit) and the one GraphQL mutation skillops sends
// (REST cannot take a PR out of draft). Added by `addPullRoutes` in pulls.ts.
import { pullsOf } from "./pull-record.js";
import { notFound } from "./responses.js";
import type { DoubleResponse, GitHubDouble, Route } from "./route.js";

const ok = (body: unknown, status = 200): DoubleResponse => ({ status, body });
const API = "https://api.github.com";
const WEB = "https://github.com";

export interface CheckRunRecord {
  id: number;
  name: string;
  headSha: string;
  status: string;
  conclusion: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  startedAt: string;
  completedAt: string | null;
}

export function checkRunsOf(d: GitHubDouble): CheckRunRecord[] {
  return d.state.checkRuns as unknown as CheckRunRecord[];
}

export const checkRoutes: Route[] = [
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/check-runs",
    handle: (req, d) => {
      const at = d.state.now();
      const run: CheckRunRecord = {
        id: d.state.id(),
        name: req.body.name,
        headSha: req.body.head_sha,
        status: req.body.status ?? "queued",
        conclusion: req.body.conclusion ?? null,
        output: {
          title: req.body.output?.title ?? null,
          summary: req.body.output?.summary ?? null,
          text: req.body.output?.text ?? null,
        },
        startedAt: at,
        completedAt: req.body.conclusion ? at : null,
      };
      checkRunsOf(d).push(run);
      return ok(toCheckRun(d, run), 201);
    },
  },
  {
    method: "PATCH",
    template: "/repos/{owner}/{repo}/check-runs/{check_run_id}",
    handle: (req, d) => {
      const run = checkRunsOf(d).find((r) => r.id === Number(req.params.check_run_id));
      if (!run) return notFound();
      if (req.body.status !== undefined) run.status = req.body.status;
      if (req.body.conclusion !== undefined) {
        run.conclusion = req.body.conclusion;
        run.status = "completed";
      }
      if (run.status === "completed") run.completedAt ??= d.state.now();
      if (req.body.output)
        run.output = {
          title: req.body.output.title ?? run.output.title,
          summary: req.body.output.summary ?? run.output.summary,
          text: req.body.output.text ?? run.output.text,
        };
      return ok(toCheckRun(d, run));
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/commits/{ref}/check-runs",
    handle: (req, d) => {
      const name = req.query.get("check_name");
      const runs = checkRunsOf(d)
        .filter((r) => r.headSha === req.params.ref && (!name || r.name === name))
        .reverse();
      return ok({ total_count: runs.length, check_runs: runs.map((r) => toCheckRun(d, r)) });
    },
  },
];

function toCheckRun(d: GitHubDouble, r: CheckRunRecord) {
  const url = `${API}/repos/${d.state.owner}/${d.state.repo}/check-runs/${r.id}`;
  return {
    id: r.id,
    head_sha: r.headSha,
    node_id: `CR_${r.id}`,
    external_id: null,
    url,
    html_url: `${WEB}/${d.state.owner}/${d.state.repo}/runs/${r.id}`,
    details_url: null,
    status: r.status,
    conclusion: r.conclusion,
    started_at: r.startedAt,
    completed_at: r.completedAt,
    output: { ...r.output, annotations_count: 0, annotations_url: `${url}/annotations` },
    name: r.name,
    check_suite: { id: 1 },
    app: null,
    pull_requests: [],
  };
}

/**
 * GraphQL is not in the REST description, so the double checks the one mutation skillops sends by
 * hand: the exact operation, a variable that names an existing draft PR's node id.
 */
export function handleGraphql(
  d: GitHubDouble,
  body: { query?: unknown; variables?: Record<string, unknown> },
): DoubleResponse {
  const query = typeof body.query === "string" ? body.query.replace(/\s+/g, " ") : "";
  const m =
    /^mutation\(\$id: ID!\) \{ markPullRequestReadyForReview\(input: \{ pullRequestId: \$id \}\) \{ pullRequest \{ isDraft \} \} \}$/.exec(
      query.trim(),
    );
  if (!m) {
    d.problems.push(`POST /graphql: unexpected GraphQL operation: ${query.slice(0, 120)}`);
    return {
      status: 200,
      body: { errors: [{ message: `the GitHub double does not implement this GraphQL operation` }] },
    };
  }
  const id = body.variables?.id;
  const pull = [...pullsOf(d).values()].find((p) => `PR_${d.state.issue(p.number).id}` === id);
  if (!pull)
    return {
      status: 200,
      body: {
        data: null,
        errors: [
          { type: "NOT_FOUND", message: `Could not resolve to a node with the global id of '${String(id)}'` },
        ],
      },
    };
  pull.draft = false;
  return {
    status: 200,
    body: { data: { markPullRequestReadyForReview: { pullRequest: { isDraft: false } } } },
  };
}
