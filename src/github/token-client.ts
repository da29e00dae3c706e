// A REST client from a plain token (an installation token minted in Actions, or GITHUB_TOKEN), for
// the CLI's `--github` commands; the app itself gets its clients from Probot.
import { ProbotOctokit } from "probot";
import type { RepoCoords, SkillRepo } from "./port.js";
import { createSkillRepo } from "./repo.js";

export function createTokenSkillRepo(input: RepoCoords & { token: string; baseUrl?: string }): SkillRepo {
  const octokit = new ProbotOctokit({
    auth: { token: input.token },
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
    retry: { enabled: false },
    throttle: { enabled: false },
  });
  return createSkillRepo(octokit, { owner: input.owner, repo: input.repo });
}
