// Webhook payloads for tests: a real example from @octokit/webhooks-examples, changed only where a
// field must differ (installation id, the repository, the issue/comment/label as the double holds
// them now, the sender). Always a fresh clone: the JSON module is a shared singleton.
import { createRequire } from "node:module";
import type { GitHubDouble } from "./route.js";
/* eslint-disable @typescript-eslint/no-explicit-any -- payloads are loose JSON that tests patch freely */
import { toComment, toIssue, toLabel, toRepository, toUser } from "./shapes.js";

const require = createRequire(import.meta.url);
interface ExampleGroup {
  name: string;
  examples: Array<Record<string, unknown> & { action?: string }>;
}
const examples = require("@octokit/webhooks-examples/api.github.com/index.json") as ExampleGroup[];

export const INSTALLATION_ID = 4242;

/** A structured clone of the `index`-th example of `event.action`. */
export function example(event: string, action?: string, index = 0): Record<string, any> {
  const group = examples.find((g) => g.name === event);
  const found = group?.examples.filter((e) => e.action === action)[index];
  if (!found)
    throw new Error(`@octokit/webhooks-examples has no example ${index} for ${event}.${action ?? ""}`);
  return structuredClone(found) as Record<string, any>;
}

function base(double: GitHubDouble, event: string, action: string, sender: string) {
  const payload = example(event, action);
  payload.repository = { ...payload.repository, ...toRepository(double.state) };
  payload.sender = { ...payload.sender, ...toUser(double.state.user(sender)) };
  payload.installation = {
    id: INSTALLATION_ID,
    node_id: `MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9u${INSTALLATION_ID}`,
  };
  return payload;
}

/** `workflow_run.completed` for the double's repository: any run finishing (a full dashboard refresh). */
export function runCompletedPayload(double: GitHubDouble): Record<string, any> {
  const run = example("workflow_run", "completed");
  run.installation = { id: INSTALLATION_ID };
  run.repository = { ...run.repository, ...toRepository(double.state) };
  return run;
}

/** `issues.<action>` for an issue the double holds; `sender` defaults to the issue's author. */
export function issuesPayload(
  double: GitHubDouble,
  action: "opened" | "edited" | "labeled" | "unlabeled" | "closed" | "reopened",
  number: number,
  extra: { sender?: string; label?: string; changes?: Record<string, unknown> } = {},
): Record<string, any> {
  const record = double.state.issue(number);
  // `unlabeled`, `closed` and `reopened` have no examples; `labeled` has the closest shape.
  const exampleAction =
    action === "opened" || action === "edited" || action === "labeled" ? action : "labeled";
  const payload = base(double, "issues", exampleAction, extra.sender ?? record.user.login);
  payload.action = action;
  payload.issue = { ...payload.issue, ...toIssue(double.state, record) };
  if (action !== "labeled" && action !== "unlabeled") delete payload.label;
  if (extra.label) payload.label = toLabel(double.state, double.state.ensureLabel(extra.label));
  if (action === "edited") payload.changes = extra.changes ?? { body: { from: "" } };
  return payload;
}

/** `issue_comment.created` (or edited) for a comment the double holds. */
export function commentPayload(
  double: GitHubDouble,
  commentId: number,
  action: "created" | "edited" = "created",
): Record<string, any> {
  const comment = double.state.comments.find((c) => c.id === commentId);
  if (!comment) throw new Error(`the double has no comment ${commentId}`);
  const payload = base(double, "issue_comment", action, comment.user.login);
  payload.issue = { ...payload.issue, ...toIssue(double.state, double.state.issue(comment.issueNumber)) };
  payload.comment = { ...payload.comment, ...toComment(double.state, comment) };
  if (action === "edited") payload.changes = { body: { from: "" } };
  return payload;
}
