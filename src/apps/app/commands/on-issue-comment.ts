// `/skillops …` commands in issue and PR comments: 👀 at once, a permission check asked of the
// API, then the command. Answers go into one owned reply comment per issue, edited in place; its
// marker names the command comment it answers, so a second delivery of that command does nothing.
// `select` and `rollback` belong to the frontier-PR side and are passed in as functions.
import { caseIdFor } from "../../../core/feedback/to-case.js";
import { FEEDBACK_MARKERS } from "../../../core/feedback/triage.js";
import {
  parseCommand,
  renderHelp,
  renderUnknown,
  renderUsage,
  type CommandName,
} from "../../../core/github/commands.js";
import { EVOLVE_WORKFLOW } from "../dashboard/dashboard-sync.js";
import { hasLabel } from "../../../core/github/labels.js";
import { ownedMarker } from "../../../core/render/comments/owned-marker.js";
import { upsertOwnedComment } from "../../../core/render/comments/owned-comment.js";
import type { Comment, HandlerEnv } from "../../../core/github/port.js";
import { authorize, deniedMessage } from "../../../core/github/permissions.js";

export const REPLY_MARKER = "reply";
/** Concurrent replies converge on the answer to the latest command comment. */
const NEWEST_ANSWER = { newestBy: "comment" };

export interface CommentPayload {
  issue: { number: number; labels?: Array<{ name: string } | string>; pull_request?: unknown };
  comment: { id: number; body: string; user: { login: string; type?: string } | null };
  sender: { login: string; type?: string };
  repository?: { default_branch?: string };
}

/** A frontier-PR command, bound to the event's repository; returns a sentence for the reply. */
export type PullCommand = (input: { pullRequest: number; sender: string }) => Promise<string>;

/** `/skillops coldstart`: runs on the work queue; returns the sentence for the reply. */
export type ColdstartCommand = (input: { issue: number; sender: string; force: boolean }) => Promise<string>;

export interface CommandHandlers {
  select?: PullCommand;
  rollback?: PullCommand;
  coldstart?: ColdstartCommand;
}

export type CommentOutcome =
  | "ignored"
  | "no-command"
  | "already-answered"
  | "unknown-command"
  | "usage"
  | "denied"
  | `done:${CommandName}`;

/** Whether the app's reply already answers this command comment or a later one (ids grow). */
function answered(comments: readonly Comment[], commentId: number, botLogin: string): boolean {
  const answers = ownedMarker(comments, REPLY_MARKER, botLogin)?.comment;
  return typeof answers === "number" && answers >= commentId;
}

export async function onIssueComment(
  env: HandlerEnv,
  payload: CommentPayload,
  handlers: CommandHandlers = {},
): Promise<CommentOutcome> {
  if (payload.sender.type === "Bot" || payload.sender.login.toLowerCase() === env.botLogin.toLowerCase())
    return "ignored";
  const parsed = parseCommand(payload.comment.body);
  if (parsed.kind === "none") return "no-command";
  const issue = payload.issue.number;
  await env.repo.reactToComment(payload.comment.id, "eyes");
  const labels = (payload.issue.labels ?? []).map((l) => (typeof l === "string" ? l : l.name));
  const quiet = hasLabel(labels, "skillops:quiet");
  const comments = quiet ? undefined : await env.repo.listComments(issue);
  if (comments && answered(comments, payload.comment.id, env.botLogin)) return "already-answered";
  const data = { v: 1, comment: payload.comment.id };
  const reply = async (text: string) => {
    if (!quiet) await upsertOwnedComment(env, issue, REPLY_MARKER, text, data, comments, NEWEST_ANSWER);
  };
  if (parsed.kind === "unknown") {
    await reply(renderUnknown(parsed.word, parsed.suggestion));
    return "unknown-command";
  }
  if (parsed.kind === "usage") {
    await reply(renderUsage(parsed.name, parsed.args));
    return "usage";
  }
  const sender = payload.sender.login;
  const verdict = await authorize(env.repo, sender, parsed.name);
  if (!verdict.allowed) {
    await env.repo.reactToComment(payload.comment.id, "confused");
    await reply(deniedMessage(sender, verdict.role, parsed.name, `\`/skillops ${parsed.name}\``));
    return "denied";
  }
  switch (parsed.name) {
    case "help":
      await reply(renderHelp());
      break;
    case "run":
      if (!(await startRun(env, payload, reply))) return "denied";
      break;
    case "explain":
      await reply(await explain(env, parsed.args[0]));
      break;
    case "coldstart":
      await startColdstart(env, { issue, sender, args: parsed.args, quiet, data }, handlers.coldstart, reply);
      break;
    case "quiet":
      await env.repo.addLabels(issue, ["skillops:quiet"]);
      await env.repo.reactToComment(payload.comment.id, "+1");
      break;
    case "select":
    case "rollback":
      await reply(await pullCommand(parsed.name, payload, handlers[parsed.name]));
      break;
  }
  return `done:${parsed.name}`;
}

/** `/skillops select|rollback`: the frontier side's answer, or why it cannot run here. */
async function pullCommand(
  name: "select" | "rollback",
  payload: CommentPayload,
  handler: PullCommand | undefined,
): Promise<string> {
  const isPull = payload.issue.pull_request !== undefined && payload.issue.pull_request !== null;
  if (!isPull) return `\`/skillops ${name}\` works on a frontier pull request, not on an issue.`;
  if (!handler) return `\`/skillops ${name}\` is not available in this version of skillops yet.`;
  return handler({ pullRequest: payload.issue.number, sender: payload.sender.login });
}

/**
 * `/skillops coldstart`: the model calls run on the work queue, off the request path; the reply says
 * so at once and is edited with the outcome (re-listed then: the first reply is newer than `comments`).
 */
async function startColdstart(
  env: HandlerEnv,
  c: { issue: number; sender: string; args: string[]; quiet: boolean; data: Record<string, unknown> },
  handler: ColdstartCommand | undefined,
  reply: (text: string) => Promise<void>,
): Promise<void> {
  if (!env.config.ok)
    return reply(
      `Not started: \`.github/skillops.yml\` is invalid (see the dashboard).\n\n${env.config.problems.map((p) => `- ${p}`).join("\n")}`,
    );
  if (!handler)
    return reply("`/skillops coldstart` needs git access, which this installation of skillops lacks.");
  await reply(
    `⏳ @${c.sender} started a cold start from the policy documents; this comment will say how it went.`,
  );
  const fresh = (text: string) =>
    c.quiet
      ? Promise.resolve()
      : upsertOwnedComment(env, c.issue, REPLY_MARKER, text, c.data, undefined, NEWEST_ANSWER).then(
          () => undefined,
        );
  // Per issue (a newer command there replaces a pending one); one cold start at a time per repository.
  const repo = `${env.repo.owner}/${env.repo.repo}`;
  const run = () => handler({ issue: c.issue, sender: c.sender, force: c.args.includes("--force") });
  env.queue.enqueue(`coldstart:${repo}#${c.issue}`, async () => {
    const text = await env.queue
      .exclusive(`coldstart:${repo}`, run)
      .catch(
        (e: Error) =>
          `Cold start failed: ${e.message.split("\n")[0]}. Nothing was merged; see the app's log.`,
      );
    await fresh(text);
  });
}

/** `/skillops run`: dispatches the evolve workflow; false (and a reply saying why) when config is invalid. */
async function startRun(
  env: HandlerEnv,
  payload: CommentPayload,
  reply: (text: string) => Promise<void>,
): Promise<boolean> {
  if (!env.config.ok) {
    await reply(
      `Not started: \`.github/skillops.yml\` is invalid (see the dashboard).\n\n${env.config.problems.map((p) => `- ${p}`).join("\n")}`,
    );
    return false;
  }
  const sender = payload.sender.login;
  await env.repo.dispatchWorkflow(
    EVOLVE_WORKFLOW,
    payload.repository?.default_branch ?? (await env.repo.defaultBranch()),
    { reason: `/skillops run by @${sender} in #${payload.issue.number}` },
  );
  // The reply is the record a redelivery recomputes from (it answers this comment), so it comes
  // right after the dispatch; GitHub's dispatch API has no idempotency key to ask instead.
  await reply(
    `🚀 @${sender} started an evolution run (\`.github/workflows/${EVOLVE_WORKFLOW}\`). Its pull requests and the dashboard will show the results.`,
  );
  await env.repo.reactToComment(payload.comment.id, "rocket");
  return true;
}

/** Where a case came from and where it stands: its feedback issue, who accepted it, what it became. */
async function explain(env: HandlerEnv, caseId: string | undefined): Promise<string> {
  const m = caseId ? /^issue-(\d+)$/.exec(caseId) : null;
  if (!caseId || !m)
    return `Usage: \`/skillops explain <case>\`, e.g. \`/skillops explain ${caseIdFor(12)}\` (case ids are on each feedback issue's case comment).`;
  const number = Number(m[1]);
  const issue = await env.repo.getIssue(number).catch(() => null);
  if (!issue || !hasLabel(issue.labels, "skillops:feedback"))
    return `There is no case \`${caseId}\`: #${number} is not a feedback issue.`;
  const marker = ownedMarker(await env.repo.listComments(number), FEEDBACK_MARKERS.case, env.botLogin);
  if (!marker)
    return `Case \`${caseId}\` does not exist yet: feedback #${number} is waiting for a maintainer to accept it.`;
  const status = hasLabel(issue.labels, "skillops:shipped")
    ? "fixed by a merged skill revision (shipped)"
    : issue.state === "closed"
      ? "closed"
      : "waiting for the next evolution run";
  return `Case \`${caseId}\` comes from feedback #${number} by @\u200b${issue.author}, accepted by @\u200b${String(marker.acceptedBy)}; it became a **${String(marker.kind)}** and is ${status}. The case itself is in the comment on #${number}.`;
}
