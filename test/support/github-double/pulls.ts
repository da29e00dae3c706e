// The double's pull requests, refs, merges, PR commits and check runs, backed by a REAL bare git
// repository (the one test/support/git-server.ts serves): branch heads are read from it, a
// merge writes a real merge commit into it, and deleting a ref deletes the branch. Added to the
// double with `addPullRoutes(double, gitDir)`, together with check runs and GraphQL (checks.ts).
// The route files are split by resource; this module is what tests and the demo import.
import { checkRoutes, handleGraphql } from "./checks.js";
import { pullsOf } from "./pull-record.js";
import { toPull } from "./pull-shape.js";
import type { GitHubDouble } from "./route.js";
import { pullChangeRoutes } from "./routes-pull-changes.js";
import { pullRoutes } from "./routes-pulls.js";
import { pullReviewRoutes } from "./routes-pull-reviews.js";
import { refRoutes } from "./routes-refs.js";
import { toLabel, toRepository, toUser } from "./shapes.js";
import { INSTALLATION_ID, example } from "./webhooks.js";

export { gitIn, refSha, showFile } from "./bare-git.js";
export { checkRunsOf, type CheckRunRecord } from "./checks.js";
export { mergePull, openPull } from "./pull-actions.js";
export { pullsOf, type PullRecord } from "./pull-record.js";
export { toPull } from "./pull-shape.js";

/** Adds the pull-request routes (and the GraphQL mutation) to a double, over the bare repo at `gitDir`. */
export function addPullRoutes(d: GitHubDouble, gitDir: string): void {
  d.addRoutes(pullRoutes(gitDir));
  d.addRoutes(pullChangeRoutes(gitDir));
  d.addRoutes(pullReviewRoutes(gitDir));
  d.addRoutes(refRoutes(gitDir));
  d.addRoutes(checkRoutes);
  d.setGraphql?.((body) => handleGraphql(d, body));
}

/**
 * `pull_request.<action>` for a PR the double holds, built on @octokit/webhooks-examples (the
 * example's shape, with the fields that must differ taken from the double).
 */
export function pullPayload(
  d: GitHubDouble,
  gitDir: string,
  action: "closed" | "labeled" | "unlabeled" | "opened" | "reopened" | "synchronize",
  number: number,
  extra: { sender: string; label?: string },
): Record<string, unknown> {
  const payload = example("pull_request", action);
  const p = pullsOf(d).get(number);
  if (!p) throw new Error(`the double has no pull request #${number}`);
  payload.action = action;
  payload.number = number;
  payload.pull_request = { ...payload.pull_request, ...toPull(d, gitDir, p) };
  payload.repository = { ...payload.repository, ...toRepository(d.state) };
  payload.sender = { ...payload.sender, ...toUser(d.state.user(extra.sender)) };
  payload.installation = {
    id: INSTALLATION_ID,
    node_id: `MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9u${INSTALLATION_ID}`,
  };
  if (extra.label) payload.label = toLabel(d.state, d.state.ensureLabel(extra.label));
  else delete payload.label;
  return payload;
}

/** The `pull_request_review.submitted` webhook payload for PR `number`, sent by `sender`. */
export function reviewPayload(
  d: GitHubDouble,
  gitDir: string,
  number: number,
  extra: { sender: string },
): Record<string, unknown> {
  const { pull_request, repository, sender, installation } = pullPayload(d, gitDir, "opened", number, extra);
  const payload = example("pull_request_review", "submitted");
  return { ...payload, action: "submitted", pull_request, repository, sender, installation };
}
