// The app's policy side: `/skillops coldstart` and the policy channel's `push` handler. Both need git
// access (the frontier options' `git`); without it the command says so and pushes are ignored.
import type { Context } from "probot";
import type { EventHandlers } from "../events.js";
import { botAuthor } from "../../../io/github-api/bot-login.js";
import { loadConfig } from "../config-load.js";
import { githubConfigFetch } from "../config-files.js";
import type { FrontierAppOptions } from "../deploy/on-pull-request.js";
import type { ColdstartCommand } from "../commands/on-issue-comment.js";
import type { HandlerEnv } from "../../../core/github/port.js";
import type { DeliveryLog } from "../../../core/github/delivery-log.js";
import { createSkillRepo } from "../../../io/github-api/repo.js";
import { systemClock } from "../../../vocabulary/clock.js";
import type { AppEnv } from "./app-model.js";
import { openColdstartPr, type ColdstartPrInput } from "./coldstart-pr.js";
import { onPolicyPush, type PushPayload } from "./policy-push.js";

export interface PolicyWiring {
  frontier: FrontierAppOptions;
  /** Where the model's API key is looked up (default: the process environment). */
  env: AppEnv;
  deliveries: DeliveryLog;
  exclusive: <T>(key: string, work: () => Promise<T>) => Promise<T>;
  refreshLater: (context: Context) => Promise<void>;
}

async function inputFor(context: Context, w: PolicyWiring): Promise<ColdstartPrInput | string> {
  const config = await loadConfig(githubConfigFetch(context.octokit), context.repo());
  if (!config.ok) return `\`.github/skillops.yml\` is invalid: ${config.problems.join("; ")}`;
  if (!w.frontier.git) return "this installation of skillops has no git access";
  return {
    repo: createSkillRepo(context.octokit, context.repo()),
    git: await w.frontier.git(context),
    botLogin: w.frontier.botLogin,
    author: w.frontier.author ?? botAuthor(w.frontier.botLogin),
    now: w.frontier.now ?? systemClock,
    config: config.config,
    env: w.env,
  };
}

/** The `/skillops coldstart` handler bound to the event, or undefined without git access. */
export function coldstartCommand(context: Context, w: PolicyWiring): ColdstartCommand | undefined {
  if (!w.frontier.git) return undefined;
  return async (cmd) => {
    const input = await inputFor(context, w);
    if (typeof input === "string") return `Cold start not started: ${input}. Nothing was written.`;
    const text = await openColdstartPr(input, cmd);
    await w.refreshLater(context);
    return text;
  };
}

/** `push`: the policy channel, off the request path, one push at a time per repository. */
export function policyPushHandler(w: PolicyWiring, queue: HandlerEnv["queue"]): EventHandlers["policyPush"] {
  return async (context) => {
    if (!w.frontier.git) return;
    await w.deliveries.once("policy-push", context.id, async () => {
      const payload = context.payload as unknown as PushPayload;
      const { owner, repo } = context.repo();
      // One job per push (a pending job with the same key would be replaced), run one at a time.
      queue.enqueue(`policy:${owner}/${repo}@${payload.after}`, () =>
        w.exclusive(`policy:${owner}/${repo}`, async () => {
          const input = await inputFor(context, w);
          if (typeof input === "string") return void context.log.info(`policy push ignored: ${input}`);
          const outcome = await onPolicyPush(input, payload);
          context.log.debug({ outcome }, "policy push");
          if (typeof outcome === "object") await w.refreshLater(context);
        }),
      );
    });
  };
}
