// Pull-request events of frontier PRs: merged (deploy: siblings superseded, feedback shipped),
// closed unmerged by a person (a durable rejection, its edits kept as nogoods), a merged revert (rollback or re-apply),
// the select label, a push to the default branch (open frontier PRs go stale), and a PR changing
// `.github/skillops.yml` (a check run on its validity). Handlers read the payload, decide, and act
// through the repository interface; `frontierHandlers` gives them to the events table (events.ts). The config check's
// parsing runs on the work queue, off the request path (config-check.ts).
import type { Context } from "probot";
import type { EventHandlers } from "../events.js";
import type { Person } from "../../../records/person.js";
import { botAuthor } from "../../../io/github-api/bot-login.js";
import { hasLabel } from "../../../core/github/labels.js";
import { shipIssue, transitionIssue } from "../../../core/github/issue-transition.js";
import { FRONTIER_PREFIX, parseFrontierBranch } from "../../../core/github/branch-name.js";
import { isOwnFrontierPull } from "../../../core/github/own-pull.js";
import { markStaleFrontier } from "../frontier/check-run.js";
import { checkConfigOnPull } from "../config-check.js";
import { supersede } from "../frontier/publish.js";
import { parsePrMarker } from "../../../records/pr-marker.js";
import type { FrontierEnv, PublishGit, WorkQueue } from "../../../core/github/port.js";
import { createSkillRepo } from "../../../io/github-api/repo.js";
import { exclusiveKey } from "../work-queue.js";
import { detectRevert } from "../../../core/github/revert-detect.js";
import { onRevertMerged, rollbackCommand } from "./rollback.js";
import { selectFrontierPull } from "../frontier/select.js";
import { rememberRejection } from "./remember-rejection.js";
import { upsertOwnedComment } from "../../../core/render/comments/owned-comment.js";
import { answerRefusal } from "../../../core/render/comments/refusal.js";
import { guardStateChange } from "../../../core/github/close-guard.js";
import { guardLabelChange } from "../../../core/github/label-guard.js";
import { systemClock, type Clock } from "../../../vocabulary/clock.js";
import { createDeliveryLog, type DeliveryLog } from "../../../core/github/delivery-log.js";
import { checkedCandidateId } from "../../../records/candidate-id.js";

export interface PullPayload {
  action: string;
  pull_request: {
    number: number;
    merged?: boolean | null;
    title: string;
    body: string | null;
    head: { ref: string; sha: string };
    base: { ref: string };
    user: { login: string } | null;
    labels?: Array<{ name: string }>;
  };
  label?: { name: string };
  sender: { login: string; type?: string };
  repository: { default_branch: string };
}

export type ClosedOutcome =
  "deployed" | "rejected" | "refused" | "rolled-back" | "re-applied" | "unconfirmed" | "ignored";

const isBot = (env: FrontierEnv, login: string | undefined) =>
  (login ?? "").toLowerCase() === env.botLogin.toLowerCase();

export async function onPullRequestClosed(env: FrontierEnv, payload: PullPayload): Promise<ClosedOutcome> {
  const pr = payload.pull_request;
  const own = isOwnFrontierPull({ headRef: pr.head.ref, author: pr.user?.login }, env.botLogin);
  if (pr.merged) {
    const hint = detectRevert(
      { title: pr.title, body: pr.body, headRef: pr.head.ref },
      env.repo.owner,
      env.repo.repo,
    );
    if (hint) {
      const outcome = await onRevertMerged(env, pr, hint);
      return outcome === "not-frontier" ? "ignored" : outcome;
    }
    return own ? onFrontierMerged(env, pr.number) : "ignored";
  }
  // Closed unmerged: the app's own closes (superseded) are not rejections.
  if (!own || isBot(env, payload.sender.login)) return "ignored";
  const labels = (pr.labels ?? []).map((l) => l.name.toLowerCase());
  if (labels.includes("skillops:superseded")) return "ignored";
  // A durable rejection only from someone who could have merged it (close-guard.ts).
  const change = { kind: "close-frontier" as const, number: pr.number, sender: payload.sender.login };
  if ((await guardStateChange(env, change)) === "undone") return "refused";
  const marker = parsePrMarker(pr.body);
  const candidate = marker?.candidate ?? parseFrontierBranch(pr.head.ref)!;
  // One owned comment, so a redelivered close says nothing new (owned-comment.ts).
  await upsertOwnedComment(
    env,
    pr.number,
    "rejection",
    `Closed without merging, so candidate \`${checkedCandidateId(candidate)}\` is rejected: skillops will not propose it again automatically. To allow it again, tick its box under "Rejected candidates" on the dashboard.`,
    { candidate },
  );
  await rememberRejection(env, {
    number: pr.number,
    pull: { origin: "closed-pr", number: pr.number, headRef: pr.head.ref },
    candidateHash: candidate,
    reason: `#${pr.number} closed unmerged by @${payload.sender.login}`,
    ...(marker ? { runId: marker.run } : {}),
  });
  await env.refreshDashboard?.();
  return "rejected";
}

/**
 * A frontier PR merged: its siblings are superseded and the feedback it fixes is shipped. Every step
 * is recomputable (issue-transition.ts, `supersede`), and the label `skillops:shipped` on the merged
 * PR, added last, records that all of them are done: a repeat then costs one read.
 */
export async function onFrontierMerged(env: FrontierEnv, number: number): Promise<ClosedOutcome> {
  const { repo } = env;
  const merged = await repo.getPull(number);
  if (hasLabel(merged.labels, "skillops:shipped")) return "deployed"; // a repeat: everything is done
  if (hasLabel(merged.labels, "skillops:rolled-back")) return "ignored"; // its issues were reopened since
  const marker = parsePrMarker(merged.body);
  // Siblings: the open frontier PRs of the same run and working scope (other scopes deploy
  // independently; a later run's PRs were evaluated on top of this merge, so a repeat leaves them).
  const siblings = (await repo.listPulls(FRONTIER_PREFIX, "open")).filter((p) => {
    const m = parsePrMarker(p.body);
    return (
      p.state === "open" &&
      p.number !== number &&
      isOwnFrontierPull(p, env.botLogin, "prefix") &&
      m?.scope === marker?.scope &&
      m?.run === marker?.run
    );
  });
  for (const s of siblings)
    await supersede(env, s, `#${number} was merged, which deployed a different skill bank`);
  for (const n of marker?.fixed ?? []) {
    const text = `Shipped in #${number}: the deployed skill bank now passes this feedback's case${marker ? ` (candidate \`${checkedCandidateId(marker.candidate)}\`, ${marker.op} operating point)` : ""}. If it regresses, revert #${number} and this issue reopens.`;
    await transitionIssue(env, n, shipIssue(repo, n, number, text));
  }
  await repo.addLabels(number, ["skillops:shipped"]);
  await env.refreshDashboard?.();
  return "deployed";
}

/** A person's label change on one of the app's frontier PRs that is an action (label-guard.ts). */
export async function onPullRequestLabelChange(env: FrontierEnv, payload: PullPayload): Promise<string> {
  const pr = payload.pull_request;
  if (!payload.label || isBot(env, payload.sender.login)) return "ignored";
  if (payload.action === "labeled" && payload.label.name.toLowerCase() === "skillops:select")
    return onPullRequestLabeled(env, payload);
  const own = isOwnFrontierPull({ headRef: pr.head.ref, author: pr.user?.login }, env.botLogin);
  const outcome = await guardLabelChange(env, {
    number: pr.number,
    label: payload.label.name,
    added: payload.action === "labeled",
    sender: payload.sender.login,
    target: own ? "frontier-pull" : "other",
  });
  if (outcome === "allowed" && own) await env.refreshDashboard?.(); // e.g. a candidate allowed again
  return outcome;
}

/** A person reopened a rejected frontier PR: that re-allows its candidate, so it needs the role. */
export async function onPullRequestReopened(env: FrontierEnv, payload: PullPayload): Promise<string> {
  const pr = payload.pull_request;
  const own = isOwnFrontierPull({ headRef: pr.head.ref, author: pr.user?.login }, env.botLogin);
  const superseded = (pr.labels ?? []).some((l) => l.name.toLowerCase() === "skillops:superseded");
  if (!own || pr.merged || superseded || isBot(env, payload.sender.login)) return "ignored";
  const change = { kind: "reopen-rejected" as const, number: pr.number, sender: payload.sender.login };
  const outcome = await guardStateChange(env, change);
  if (outcome === "allowed") await env.refreshDashboard?.();
  return outcome;
}

/** `pull_request.labeled` with `skillops:select`. */
export async function onPullRequestLabeled(env: FrontierEnv, payload: PullPayload): Promise<string> {
  if (payload.label?.name.toLowerCase() !== "skillops:select" || isBot(env, payload.sender.login))
    return "ignored";
  const number = payload.pull_request.number;
  const { outcome, verdict } = await selectFrontierPull(env, number, payload.sender.login, true);
  if (outcome === "denied" && verdict)
    await answerRefusal(env, number, {
      login: payload.sender.login,
      action: "select",
      verdict,
      what: "adding `skillops:select` (selecting an operating point)",
      undone: "The label was removed.",
    });
  return outcome;
}

export interface FrontierAppOptions {
  /** The app's bot login (src/io/github-api/bot-login.ts): only its frontier PRs are the app's. */
  botLogin: string;
  author?: Person;
  bankDir?: string;
  now?: Clock;
  /** Git access for `/skillops rollback`, given the event's context (installation token). */
  git?: (context: Context) => Promise<PublishGit>;
  refreshDashboard?: (context: Context) => Promise<unknown>;
  /** Serialises work per key (WorkQueue.exclusive): deliveries for one PR run one after another. */
  exclusive?: <T>(key: string, work: () => Promise<T>) => Promise<T>;
  /** The deliveries handled so far (shared with the intake app's); its own when absent. */
  deliveries?: DeliveryLog;
  /** Work off the request path (the config check); inline when absent. */
  enqueue?: WorkQueue["enqueue"];
}

export function frontierEnv(context: Context, options: FrontierAppOptions): FrontierEnv {
  const coords = context.repo();
  return {
    repo: createSkillRepo(context.octokit, coords),
    botLogin: options.botLogin,
    author: options.author ?? botAuthor(options.botLogin),
    bankDir: options.bankDir ?? "skill-bank",
    now: options.now ?? systemClock,
    ...(options.git ? { git: () => options.git!(context) } : {}),
    ...(options.refreshDashboard ? { refreshDashboard: () => options.refreshDashboard!(context) } : {}),
  };
}

/** The frontier side's handlers of the events table (events.ts); app.ts subscribes them. */
export function frontierHandlers(
  options: FrontierAppOptions,
): Pick<EventHandlers, "pullClosed" | "pullLabel" | "pullReopened" | "configCheck" | "staleFrontier"> {
  // GitHub redelivers with the same id: one that succeeded here has no second effect, one that
  // failed runs again (delivery-log.ts); the handlers' steps are recomputable either way.
  const deliveries = options.deliveries ?? createDeliveryLog();
  const perPull = <T>(context: Context<"pull_request">, work: () => Promise<T>) =>
    options.exclusive
      ? options.exclusive(exclusiveKey(context.repo(), context.payload.pull_request.number), work)
      : work();
  const payloadOf = (context: Context<"pull_request">) => context.payload as unknown as PullPayload;
  return {
    pullClosed: (context) =>
      deliveries.once("pull_request.closed", context.id, async () => {
        const outcome = await perPull(context, () =>
          onPullRequestClosed(frontierEnv(context, options), payloadOf(context)),
        );
        context.log.debug({ outcome }, "pull_request.closed");
      }),
    pullLabel: (context) =>
      deliveries.once("pull_request.label", context.id, () =>
        perPull(context, () => onPullRequestLabelChange(frontierEnv(context, options), payloadOf(context))),
      ),
    pullReopened: (context) =>
      deliveries.once("pull_request.reopened", context.id, () =>
        perPull(context, () => onPullRequestReopened(frontierEnv(context, options), payloadOf(context))),
      ),
    configCheck: (context) =>
      deliveries.once("pull_request.config", context.id, () =>
        perPull(context, () => checkConfigOnEvent(context, options)),
      ),
    staleFrontier: (context) =>
      deliveries.once("push.stale", context.id, async () => {
        const payload = context.payload;
        if (payload.ref !== `refs/heads/${payload.repository.default_branch}`) return;
        const env = frontierEnv(context, options);
        await markStaleFrontier(env.repo, payload.repository.default_branch, payload.after, env.botLogin);
      }),
  };
}

/** A PR opened or pushed to: the config check when it changes `.github/skillops.yml` (config-check.ts). */
async function checkConfigOnEvent(
  context: Context<"pull_request" | "pull_request_review">,
  options: FrontierAppOptions,
) {
  const env = frontierEnv(context, options);
  const pr = context.payload.pull_request;
  await checkConfigOnPull({
    repo: env.repo,
    pullNumber: pr.number,
    headSha: pr.head.sha,
    queueKey: `config-check:${exclusiveKey(context.repo(), pr.number)}`,
    ...(options.enqueue ? { enqueue: options.enqueue } : {}),
  });
}

/** The command handlers the intake app's `/skillops select|rollback` dispatch to. */
export const frontierCommands = {
  select: async (env: FrontierEnv, input: { pullRequest: number; sender: string }) =>
    (await selectFrontierPull(env, input.pullRequest, input.sender, false)).message,
  rollback: rollbackCommand,
};
