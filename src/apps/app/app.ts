// The Probot app: gives the events table (events.ts) its handlers and nothing else. Each handler reads the payload,
// makes a pure decision and acts through SkillRepo. Model calls run on a work queue, off the
// request path; a delivery id already handled successfully has no second effect (delivery-log.ts).
import type { ApplicationFunction, Context, Probot } from "probot";
import type { Config } from "../../core/config/config.js";
import { parseCommand } from "../../core/github/commands.js";
import { createTemplateConverter, type Converter } from "../../core/feedback/to-case.js";
import { loadConfig } from "./config-load.js";
import { githubConfigFetch } from "./config-files.js";
import { DASHBOARD_MARKER } from "../../core/render/dashboard/dashboard.js";
import { onDashboardEdited, refreshDashboard } from "./dashboard/dashboard-sync.js";
import {
  createRefreshCoalescer,
  type RefreshCoalescer,
  type RefreshCoalescerOptions,
} from "./dashboard/refresh-coalescer.js";
import { hasLabel } from "../../core/github/labels.js";
import { readMarker } from "../../records/markers.js";
import { isOwn } from "../../core/render/comments/owned-marker.js";
import { issueFromPayload, onFeedbackIssue, type IssuePayload } from "./intake/on-issue.js";
import { watchIssueWrites } from "./dashboard/issue-writes.js";
import { onIssueComment, type CommandHandlers, type CommentPayload } from "./commands/on-issue-comment.js";
import { appBotLogin, botAuthor, tokenBotLogin } from "../../io/github-api/bot-login.js";
import {
  frontierCommands,
  frontierEnv,
  frontierHandlers,
  type FrontierAppOptions,
} from "./deploy/on-pull-request.js";
import { subscribe, type EventHandlers } from "./events.js";
import { collectKnowledge, publishKnowledge } from "./intake/knowledge-pr.js";
import type { HandlerEnv, Issue, WorkQueue } from "../../core/github/port.js";
import { sweepLostIntake } from "./intake/lost-intake.js";
import { createWorkQueue, exclusiveKey } from "./work-queue.js";
import { createDashboardEpoch, type DashboardEpoch } from "./dashboard/dashboard-epoch.js";
import { prefetchIntake, prefetchedRepo, type IntakePrefetch } from "./intake/intake-prefetch.js";
import { createDeliveryLog, type DeliveryLog } from "../../core/github/delivery-log.js";
import { guardStateChange } from "../../core/github/close-guard.js";
import { guardLabelChange, labelAction, type LabelTarget } from "../../core/github/label-guard.js";
import { systemClock, type Clock } from "../../vocabulary/clock.js";
import { hasConfiguredModel, type AppEnv } from "./policy/app-model.js";
import { coldstartCommand, policyPushHandler, type PolicyWiring } from "./policy/policy-app.js";

export interface SkillopsAppOptions {
  /** Converter for accepted feedback; a function picks one from the repository's config. */
  converter?: Converter | ((config: Config) => Converter);
  queue?: WorkQueue;
  now?: Clock;
  /** The app's bot login; its comments and issues are the ones it owns. Discovered when absent. */
  botLogin?: string;
  /** Overrides the frontier-PR commands (`select`, `rollback`) given the event's context. */
  commands?: (context: Context) => CommandHandlers;
  /** Options of the frontier-PR side (git access for rollback, clock, bank folder); it shares `botLogin`. */
  frontier?: Omit<FrontierAppOptions, "botLogin">;
  /** How many handled delivery ids to remember for de-duplication (per process). */
  rememberDeliveries?: number;
  /** Dashboard refreshes: how long one waits for more events to join it (default 0), and its timer. */
  dashboard?: RefreshCoalescerOptions;
  /**
   * Every refresh a full one, even a feedback event's (the behaviour before incremental refreshes,
   * incremental-refresh.ts): the bench compares the two.
   */
  fullDashboardRefresh?: boolean;
  /** Where the policy work's model key is looked up (default: the process environment). */
  env?: AppEnv;
}

export interface SkillopsApp {
  app: ApplicationFunction;
  queue: WorkQueue;
}

interface EnvSettings {
  options: SkillopsAppOptions;
  queue: WorkQueue;
  now: Clock;
  botLogin: string;
  /** Runs when the knowledge job ends (it labels branches left alone): the dashboard's refresh. */
  afterKnowledge?: (env: HandlerEnv) => void;
  dashboardEpoch: DashboardEpoch;
}

/**
 * What a handler acts through for this event: the repository, its config, the converter, the queue.
 * `feedbackIssue`: the config and that issue's comments are read in one request (intake-prefetch.ts).
 */
async function handlerEnvFor(context: Context, s: EnvSettings, feedbackIssue?: number): Promise<HandlerEnv> {
  const { owner, repo } = context.repo();
  const probotConfig = () => loadConfig(githubConfigFetch(context.octokit), context.repo());
  const sender = (context.payload as { sender?: { login?: string } }).sender?.login ?? "";
  const prefetched: IntakePrefetch =
    feedbackIssue === undefined
      ? { config: await probotConfig() }
      : await prefetchIntake(
          context.octokit,
          { owner, repo },
          feedbackIssue,
          sender,
          probotConfig,
          s.dashboardEpoch,
        );
  const config = prefetched.config;
  const pick = s.options.converter ?? createTemplateConverter();
  const converter = typeof pick === "function" ? pick(config.ok ? config.config : ({} as Config)) : pick;
  const skillRepo = prefetchedRepo(context.octokit, { owner, repo }, feedbackIssue, prefetched);
  const gitFor = s.options.frontier?.git;
  const publish = gitFor
    ? async () => {
        const bankDir = config.ok ? config.config.bank : "skill-bank";
        const input = {
          repo: skillRepo,
          git: await gitFor(context),
          bankDir,
          botLogin: s.botLogin,
          author: s.options.frontier?.author ?? botAuthor(s.botLogin),
          now: s.options.frontier?.now ?? systemClock,
        };
        try {
          return await publishKnowledge(input, await collectKnowledge(skillRepo, s.botLogin));
        } finally {
          s.afterKnowledge?.(env); // even a failed job may have labelled a branch or opened a PR
        }
      }
    : undefined;
  const env: HandlerEnv = {
    repo: skillRepo,
    config,
    converter,
    queue: s.queue,
    now: s.now,
    botLogin: s.botLogin,
    ...(publish ? { publishKnowledge: publish } : {}),
    ...(config.ok && !hasConfiguredModel(config.config, s.options.env ?? process.env)
      ? { noModel: true }
      : {}),
  };
  return env;
}

/** The app's own dashboard issue (its label, its author and its marker): edits of it are ticked boxes. */
function isOwnDashboard(issue: IssuePayload["issue"], botLogin: string): boolean {
  return Boolean(
    hasLabel(
      (issue.labels ?? []).map((l) => (typeof l === "string" ? l : l.name)),
      "skillops:dashboard",
    ) &&
    isOwn(botLogin)({ author: issue.user?.login ?? "" }) &&
    readMarker(issue.body, DASHBOARD_MARKER),
  );
}

/** `/skillops select|rollback` go to the frontier side unless the options override them. */
function commandHandlers(
  context: Context,
  options: SkillopsAppOptions,
  frontierOptions: FrontierAppOptions,
  policy: PolicyWiring,
): CommandHandlers {
  const coldstart = coldstartCommand(context, policy);
  return (
    options.commands?.(context) ?? {
      select: (input) => frontierCommands.select(frontierEnv(context, frontierOptions), input),
      rollback: (input) => frontierCommands.rollback(frontierEnv(context, frontierOptions), input),
      ...(coldstart ? { coldstart } : {}),
    }
  );
}

export function createSkillopsApp(options: SkillopsAppOptions = {}): SkillopsApp {
  const queue = options.queue ?? createWorkQueue();
  const now = options.now ?? systemClock;
  const deliveries = createDeliveryLog(options.rememberDeliveries ?? 10_000);
  const refreshes = createRefreshCoalescer(queue, options.dashboard ?? { delayMs: 0 });
  const dashboardEpoch = createDashboardEpoch();

  const app: ApplicationFunction = async (probot) => {
    // Before any handler: every ownership decision compares authors with this login.
    const botLogin = options.botLogin ?? (await discoverBotLogin(probot));
    const refreshLater = coalescedRefresh(refreshes, dashboardEpoch, options.fullDashboardRefresh);
    // The knowledge job runs after its event's refresh: it asks for one more (coalesced) when it ends.
    const envFor = (context: Context, feedbackIssue?: number) =>
      handlerEnvFor(
        context,
        { options, queue, now, botLogin, afterKnowledge: refreshLater, dashboardEpoch },
        feedbackIssue,
      );
    const frontierOptions: FrontierAppOptions = {
      botLogin,
      author: botAuthor(botLogin),
      ...options.frontier,
      refreshDashboard: async (context) => refreshLater(await envFor(context)),
      exclusive: (key, work) => queue.exclusive(key, work),
      deliveries,
      enqueue: (key, job) => queue.enqueue(key, job),
    };
    // Deliveries for one issue or PR run one after another in this process (see WorkQueue.exclusive).
    const exclusive = <T>(context: Context, number: number, work: () => Promise<T>) =>
      queue.exclusive(exclusiveKey(context.repo(), number), work);
    const policy: PolicyWiring = {
      frontier: frontierOptions,
      env: options.env ?? process.env,
      deliveries,
      exclusive: (key, work) => queue.exclusive(key, work),
      refreshLater: async (context) => refreshLater(await envFor(context)),
    };
    const on: EventWiring = {
      deliveries,
      envFor,
      refreshLater,
      botLogin,
      options,
      frontierOptions,
      exclusive,
      policy,
      dashboardEpoch,
    };
    subscribe(probot, {
      ...frontierHandlers(frontierOptions),
      ...issueHandlers(on),
      command: commandHandler(on),
      policyPush: policyPushHandler(policy, queue),
      runCompleted: (context) =>
        deliveries.once("workflow_run", context.id, async () => refreshLater(await envFor(context))),
    });
  };

  return { app, queue };
}

/**
 * One refresh per burst, off the request path, with the newest event's environment: incremental
 * over the feedback issues the burst changed, or full when any request named none (or `full`).
 */
function coalescedRefresh(
  refreshes: RefreshCoalescer,
  epoch: DashboardEpoch,
  full?: boolean,
): EventWiring["refreshLater"] {
  // Per repository: each issue changed, with its state when known (undefined: read it again).
  const touched = new Map<string, Map<number, Issue | undefined> | "full">();
  return (env, issue) => {
    const key = `${env.repo.owner}/${env.repo.repo}`;
    const was = touched.get(key);
    if (full || issue === undefined || was === "full") touched.set(key, "full");
    else {
      const issues = was ?? new Map<number, Issue | undefined>();
      const number = typeof issue === "number" ? issue : issue.number;
      // A state from a payload counts only while no other request for the issue came.
      issues.set(number, typeof issue === "number" || issues.has(number) ? undefined : issue);
      touched.set(key, issues);
    }
    refreshes.request(key, () => {
      const issues = touched.get(key);
      touched.delete(key);
      const list = issues instanceof Map ? [...issues].map(([n, known]) => known ?? n) : undefined;
      return refreshAndSweep(env, list).finally(() => epoch.bump(key));
    });
  };
}

/**
 * A dashboard refresh; a full one also sweeps up a few accepted issues a lost delivery left undone.
 * `issues`: the feedback issues changed since the last one (an incremental refresh when it can).
 */
async function refreshAndSweep(env: HandlerEnv, issues?: Array<number | Issue>): Promise<void> {
  const sweep = (accepted: Issue[], swept: readonly number[]) => sweepLostIntake(env, accepted, swept);
  await refreshDashboard(env, { sweep, ...(issues ? { issues } : {}) });
}

/**
 * The login Probot's own client acts as: with the app's JWT (a hosted server) `GET /app` names the
 * slug; with a plain token (`new Probot({ githubToken })`) GraphQL `viewer` names the token's user.
 */
async function discoverBotLogin(probot: Probot): Promise<string> {
  const octokit = await probot.auth();
  const auth = (await octokit.auth({ type: "app" })) as { type: string; token: string; appId?: number };
  return auth.type === "app" ? appBotLogin(octokit, auth.appId ?? "") : tokenBotLogin(octokit, auth.token);
}

/** What the event wiring shares: de-duplication, the handler env, the coalesced refresh. */
interface EventWiring {
  deliveries: DeliveryLog;
  /** `feedbackIssue`: a feedback issue whose comments the handler reads first (one request with the config). */
  envFor: (context: Context, feedbackIssue?: number) => Promise<HandlerEnv>;
  /**
   * A coalesced refresh; `issue`: the feedback issue the event changed, or the issue itself when
   * the payload is known to be current (absent: a full refresh).
   */
  refreshLater: (env: HandlerEnv, issue?: number | Issue) => void;
  botLogin: string;
  options: SkillopsAppOptions;
  frontierOptions: FrontierAppOptions;
  exclusive: <T>(context: Context, number: number, work: () => Promise<T>) => Promise<T>;
  policy: PolicyWiring;
  dashboardEpoch: DashboardEpoch;
}

/** Feedback issues and the dashboard's ticked boxes; a feedback issue closed. */
function issueHandlers(on: EventWiring): Pick<EventHandlers, "issue" | "issueClosed"> {
  const { deliveries, envFor, refreshLater } = on;
  const issue: EventHandlers["issue"] = (context) =>
    deliveries.once("issues", context.id, async () => {
      const payload = context.payload as unknown as IssuePayload & {
        changes?: { body?: { from?: string } };
      };
      await on.exclusive(context, payload.issue.number, () => onIssueEvent(context, payload, on));
    });
  const issueClosed: EventHandlers["issueClosed"] = (context) =>
    deliveries.once("issues.closed", context.id, async () => {
      const { issue, sender } = context.payload;
      const labels = issue.labels?.map((l) => l.name) ?? [];
      if (!hasLabel(labels, "skillops:feedback")) return;
      const env = await envFor(context);
      // Accepted feedback withdrawn before it shipped takes the acceptance back (close-guard.ts).
      const accepted = hasLabel(labels, "skillops:accepted") && !hasLabel(labels, "skillops:shipped");
      if (accepted && sender.login.toLowerCase() !== on.botLogin.toLowerCase()) {
        const change = { kind: "close-accepted" as const, number: issue.number, sender: sender.login };
        await on.exclusive(context, issue.number, () => guardStateChange(env, change));
      }
      refreshLater(env, issue.number); // it leaves the dashboard (or stays, reopened)
    });
  return { issue, issueClosed };
}

/** One issues.* delivery: the dashboard's ticked boxes, or a feedback issue. */
async function onIssueEvent(
  context: Context,
  payload: IssuePayload & { changes?: { body?: { from?: string } } },
  { envFor, refreshLater, botLogin, dashboardEpoch }: EventWiring,
): Promise<void> {
  const isDashboard = isOwnDashboard(payload.issue, botLogin);
  const byBot = payload.sender.login.toLowerCase() === botLogin.toLowerCase();
  if (isDashboard && byBot) return;
  const label = payload.action === "labeled" || payload.action === "unlabeled" ? payload.label : undefined;
  const target = label ? labelTarget(payload.issue) : undefined;
  if (label && target && !byBot && labelAction(target, label.name, payload.action === "labeled")) {
    const change = { number: payload.issue.number, label: label.name, sender: payload.sender.login, target };
    const env = await envFor(context);
    if ((await guardLabelChange(env, { ...change, added: payload.action === "labeled" })) === "allowed")
      refreshLater(env, target === "feedback" ? payload.issue.number : undefined);
    return;
  }
  if (payload.action === "unlabeled") return;
  const feedback =
    !isDashboard && !byBot && !payload.issue.pull_request && labelTarget(payload.issue) === "feedback";
  const env = await envFor(context, feedback ? payload.issue.number : undefined);
  if (isDashboard) {
    if (payload.action === "edited")
      await onDashboardEdited(env, payload as Parameters<typeof onDashboardEdited>[1]).finally(() =>
        dashboardEpoch.bump(`${env.repo.owner}/${env.repo.repo}`),
      );
    return;
  }
  // A queued conversion asks for a refresh too: its label change comes after this one's.
  const number = payload.issue.number;
  const watched = watchIssueWrites(env.repo, issueFromPayload(payload.issue));
  const feedbackEnv = { ...env, repo: watched.repo, refreshDashboard: () => refreshLater(env, number) };
  const outcome = await onFeedbackIssue(feedbackEnv, payload);
  context.log.debug({ outcome }, "feedback issue");
  // The issue as its payload says, with the labels this handler set: the refresh need not read it again.
  if (!outcome.startsWith("ignored")) refreshLater(env, watched.current() ?? number);
}

/** What an issue is to the label guard: feedback, or anything else (frontier PRs come as pull_request events). */
function labelTarget(issue: IssuePayload["issue"]): LabelTarget {
  const labels = (issue.labels ?? []).map((l) => (typeof l === "string" ? l : l.name));
  return hasLabel(labels, "skillops:feedback") ? "feedback" : "other";
}

/** `/skillops …` commands in issue and PR comments. */
function commandHandler(on: EventWiring): EventHandlers["command"] {
  return async (context) => {
    const { comment, sender } = context.payload;
    if (sender.type === "Bot" || parseCommand(comment.body).kind === "none") return; // most comments: no request at all
    await on.deliveries.once("issue_comment", context.id, async () => {
      const outcome = await on.exclusive(context, context.payload.issue.number, async () =>
        onIssueComment(
          await on.envFor(context),
          context.payload as unknown as CommentPayload,
          commandHandlers(context, on.options, on.frontierOptions, on.policy),
        ),
      );
      context.log.debug({ outcome }, "comment");
    });
  };
}
