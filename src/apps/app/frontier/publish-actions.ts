// `skillops evolve --github` inside GitHub Actions: the publishing input from the job's
// environment (token, repository, run URL), then publishRun — or, with --dry-run, its preview.
import { Octokit } from "@octokit/rest";
import type { SkillBank } from "../../../core/bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { Config } from "../../../core/config/config.js";
import type { RunRecord } from "../../../records/run-record.js";
import { initBare } from "../../../io/git/repo.js";
import { botAuthor, resolveTokenBotLogin } from "../../../io/github-api/bot-login.js";
import { createSkillRepo } from "../../../io/github-api/repo.js";
import type { RestClient } from "../../../io/github-api/rest-client.js";
import { GITHUB_TOKEN_HINT, githubTokenOf } from "../../../io/github-api/token-client.js";
import { systemClock, type Clock } from "../../../vocabulary/clock.js";
import { publishRun, type PublishInput, type PublishResult } from "./publish.js";
import { previewPublish, type PlannedAction } from "./publish-preview.js";
import { publishRunNogoods } from "./publish-nogoods.js";
import { glossaryUrlFromActions } from "./docs-ref.js";
import type { NogoodCommit } from "../deploy/nogood-commit.js";

export interface ActionsPublishInput {
  record: RunRecord;
  banks: ReadonlyMap<string, SkillBank>;
  /** The bank the run was evolved from (EvolveResult.start). */
  start: SkillBank;
  cases: readonly Case[];
  config: Config;
  env: Record<string, string | undefined>;
  version: string;
  /** The PR legend's glossary when the Action's ref is not in `env` (docs-ref.ts); else named in words. */
  glossaryUrl?: string;
  /** A scratch folder for the bare git repository the commits are written into. */
  scratchDir: string;
  now?: Clock;
}

/**
 * `skillops evolve --github` inside GitHub Actions: publishes the run with the installation token
 * in `SKILLOPS_GITHUB_TOKEN` (from actions/create-github-app-token; `GITHUB_TOKEN` works but its
 * PRs do not trigger workflows), the repository from `GITHUB_REPOSITORY`, and the run's URL. The
 * nogoods the run learned are committed to the default branch first (publish-nogoods.ts).
 */
export async function publishFromActions(
  input: ActionsPublishInput,
): Promise<{ nogoods?: NogoodCommit; results: PublishResult[] }> {
  const publish = await actionsPublishInput(input);
  // The nogoods first (publish-nogoods.ts): the members' PRs are then based on the head holding them.
  const nogoods = await publishRunNogoods(publish);
  const results = await publishRun(publish);
  return { ...(nogoods ? { nogoods } : {}), results };
}

/** `--github --dry-run`: the same reads as publishFromActions, and the plan instead of the writes. */
export async function previewFromActions(input: ActionsPublishInput): Promise<PlannedAction[]> {
  return previewPublish(await actionsPublishInput(input));
}

async function actionsPublishInput(input: ActionsPublishInput): Promise<PublishInput> {
  const { env, config } = input;
  const token = githubTokenOf(env);
  const slug = env.GITHUB_REPOSITORY;
  if (!token) throw new Error(`--github needs a token: ${GITHUB_TOKEN_HINT}`);
  if (!slug || !/^[\w.-]+\/[\w.-]+$/.test(slug))
    throw new Error(`--github needs GITHUB_REPOSITORY as owner/name, got ${JSON.stringify(slug ?? "")}`);
  const [owner, repo] = slug.split("/") as [string, string];
  const server = env.GITHUB_SERVER_URL ?? "https://github.com";
  // Failed requests throw and are handled or reported by the caller; the client's own logging
  // would print expected 404s (a branch that does not exist yet) as if they were problems.
  const quiet = () => undefined;
  const octokit = new Octokit({
    auth: token,
    baseUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  }) as unknown as RestClient;
  await initBare({ gitdir: input.scratchDir });
  const agentModel = config.models.roles.agent.model;
  const price = config.models.prices[agentModel];
  const botLogin = await resolveTokenBotLogin({ env, octokit, token });
  return {
    repo: createSkillRepo(octokit, { owner, repo }),
    git: { gitdir: input.scratchDir, url: `${server}/${slug}.git`, token },
    record: input.record,
    banks: new Map([...input.banks].map(([k, b]) => [k, b.files])),
    start: input.start.files,
    cases: input.cases,
    bankDir: config.bank,
    poolDir: config.pool,
    botLogin,
    author: botAuthor(botLogin, env),
    version: input.version,
    ...withGlossary(glossaryUrlFromActions(env) ?? input.glossaryUrl),
    now: input.now ?? systemClock,
    ...(env.GITHUB_RUN_ID ? { runUrl: `${server}/${slug}/actions/runs/${env.GITHUB_RUN_ID}` } : {}),
    ...(price ? { price } : {}),
  };
}

const withGlossary = (url: string | undefined) => (url ? { glossaryUrl: url } : {});
