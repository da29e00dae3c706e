// A REST client from a plain token (an installation token minted in Actions, or GITHUB_TOKEN), for
// the CLI's `--github` commands and the Actions adapter; the hosted app gets its clients from Probot.
import { ProbotOctokit } from "probot";
import { resolveTokenBotLogin, type BotLoginEnv } from "./bot-login.js";
import type { RepoCoords, SkillRepo } from "../../core/github/port.js";
import type { RestClient } from "./rest-client.js";
import { createSkillRepo } from "./repo.js";

/**
 * The token every CLI and Actions path writes to GitHub with, the one place it is read from the
 * environment: the app's installation token in SKILLOPS_GITHUB_TOKEN (its pushes and PRs trigger
 * the repository's workflows), else GITHUB_TOKEN. Undefined when neither is set.
 */
export function githubTokenOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  return env.SKILLOPS_GITHUB_TOKEN ?? env.GITHUB_TOKEN;
}

/** How to give a missing token, for the callers' messages. */
export const GITHUB_TOKEN_HINT = "set SKILLOPS_GITHUB_TOKEN (an app installation token) or GITHUB_TOKEN";

export interface TokenAccess {
  token: string;
  baseUrl?: string;
}

export function createTokenClient(input: TokenAccess): RestClient {
  return new ProbotOctokit({
    auth: { token: input.token },
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
    retry: { enabled: false },
    throttle: { enabled: false },
  });
}

export function createTokenSkillRepo(input: RepoCoords & TokenAccess): SkillRepo {
  return createSkillRepo(createTokenClient(input), { owner: input.owner, repo: input.repo });
}

/** The bot login this token writes as: SKILLOPS_BOT_LOGIN / SKILLOPS_APP_SLUG, else GraphQL `viewer`. */
export function tokenBotLoginFor(env: BotLoginEnv, access: TokenAccess): Promise<string> {
  return resolveTokenBotLogin({ env, octokit: createTokenClient(access), token: access.token });
}
