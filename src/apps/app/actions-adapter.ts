// The app inside the user's own GitHub Actions, with nothing to host: the workflow that runs on the
// events of the app's events table (events.ts) hands this the event it was triggered by
// (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH) and an app installation token (from
// actions/create-github-app-token). The same app function as the hosted server handles it through a
// Probot built on that token; then the work queue is drained, because the job ends with the process.
// The design follows @probot/adapter-github-actions, which is small enough not to depend on.
import { Probot, type ProbotOctokit } from "probot";
import { createSkillopsApp, type SkillopsAppOptions } from "./app.js";
import { WEBHOOK_EVENTS } from "./events.js";
import { hostedAppOptions } from "./app-options.js";
import { configuredBotLogin, type BotLoginEnv } from "../../io/github-api/bot-login.js";
import { githubTokenOf, tokenBotLoginFor } from "../../io/github-api/token-client.js";
import { SkillopsOctokit } from "../../io/github-api/rest-client.js";

export interface ActionsEventInput {
  env: BotLoginEnv;
  readText: (path: string) => Promise<string>;
  /** Where problems and the outcome are written (stderr). */
  log: (line: string) => void;
  /** Overrides of the app's options (tests: a fixed clock). */
  appOptions?: SkillopsAppOptions;
  /** The Octokit class Probot builds its client from (tests: retries and throttling off). */
  Octokit?: typeof ProbotOctokit;
}

/** A setup problem (missing variable, unreadable event): nothing was sent to GitHub. */
export class ActionsSetupError extends Error {}

interface ActionsEvent {
  name: string;
  payload: Record<string, unknown>;
  token: string;
  baseUrl: string | undefined;
  id: string;
}

async function readEvent(input: ActionsEventInput): Promise<ActionsEvent> {
  const { env } = input;
  const name = env.GITHUB_EVENT_NAME;
  if (!name)
    throw new ActionsSetupError("GITHUB_EVENT_NAME is not set: run this as a step of a GitHub Actions job");
  if (!WEBHOOK_EVENTS.includes(name))
    throw new ActionsSetupError(
      `this workflow ran on "${name}"; the app handles ${WEBHOOK_EVENTS.join(", ")} (set the workflow's on: to those)`,
    );
  const path = env.GITHUB_EVENT_PATH;
  if (!path) throw new ActionsSetupError("GITHUB_EVENT_PATH is not set: it names the event payload's file");
  const token = githubTokenOf(env);
  if (!token)
    throw new ActionsSetupError(
      "no token: set SKILLOPS_GITHUB_TOKEN to the app's installation token (actions/create-github-app-token's token output)",
    );
  try {
    configuredBotLogin(env); // a bad SKILLOPS_BOT_LOGIN / SKILLOPS_APP_SLUG is a setup problem too
  } catch (error) {
    throw new ActionsSetupError((error as Error).message);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await input.readText(path));
  } catch (error) {
    throw new ActionsSetupError(`could not read the event payload ${path}: ${(error as Error).message}`);
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload))
    throw new ActionsSetupError(`the event payload ${path} is not a JSON object`);
  // One delivery per run attempt: a re-run is a new delivery, as a redelivered webhook is not.
  const id = `actions-${env.GITHUB_RUN_ID ?? "local"}-${env.GITHUB_RUN_ATTEMPT ?? "1"}`;
  return { name, payload: payload as Record<string, unknown>, token, baseUrl: env.GITHUB_API_URL, id };
}

/** Handles this job's event with the app; 0 when every handler and queued job succeeded, else 1. */
export async function runAppInActions(input: ActionsEventInput): Promise<number> {
  const event = await readEvent(input);
  const access = { token: event.token, ...(event.baseUrl ? { baseUrl: event.baseUrl } : {}) };
  const botLogin = await tokenBotLoginFor(input.env, access);
  const skillops = createSkillopsApp({ ...hostedAppOptions(input.env), botLogin, ...input.appOptions });
  const probot = new Probot({
    githubToken: event.token,
    ...(event.baseUrl ? { baseUrl: event.baseUrl } : {}),
    logLevel: (input.env.LOG_LEVEL as "info" | undefined) ?? "warn",
    Octokit: input.Octokit ?? SkillopsOctokit, // rate limits waited out and retried
  });
  await probot.load(skillops.app);
  let failed = false;
  try {
    await probot.receive({ id: event.id, name: event.name, payload: event.payload } as Parameters<
      Probot["receive"]
    >[0]);
  } catch (error) {
    failed = true;
    input.log(`skillops: the ${event.name} handler failed: ${(error as Error).message}`);
  }
  await skillops.queue.drain();
  for (const f of skillops.queue.failures) {
    failed = true;
    input.log(`skillops: queued job ${f.key} failed: ${(f.error as Error)?.message ?? String(f.error)}`);
  }
  const action = typeof event.payload.action === "string" ? `.${event.payload.action}` : "";
  input.log(`skillops: handled ${event.name}${action} as ${botLogin}${failed ? " with failures" : ""}`);
  return failed ? 1 : 0;
}
