// The accepted cases of an evolution job in Actions: the idempotent sweep converts every accepted
// feedback issue that lacks a current case comment (so a conversion the app lost is never lost
// feedback) and returns the cases of the app's own case comments as it left them.
import type { Case } from "../../../records/case.js";
import type { Config } from "../../../core/config/config.js";
import { createModelConverter } from "../../../core/feedback/model-converter.js";
import { createTemplateConverter, type Converter } from "../../../core/feedback/to-case.js";
import { createOpenAIModel } from "../../../io/llm/openai.js";
import { ingestAccepted, type IngestItem } from "./accepted-sweep.js";
import type { SkillRepo } from "../../../core/github/port.js";
import { dryRunRepo, type WouldWrite } from "../../../io/github-api/dry-run-repo.js";
import {
  createTokenSkillRepo,
  GITHUB_TOKEN_HINT,
  githubTokenOf,
  tokenBotLoginFor,
} from "../../../io/github-api/token-client.js";
import { type Clock } from "../../../vocabulary/clock.js";

type Env = Readonly<Record<string, string | undefined>>;

/** The model converter when a model is configured and its key is present; else the template one. */
export function converterFor(config: Config, env: Env): Converter {
  if (config.models.provider === "openai" && env[config.models.apiKeyEnv]) {
    return createModelConverter(createOpenAIModel(config.models, { env: { ...env } }), {
      name: `model ${config.models.roles.converter.model}`,
    });
  }
  return createTemplateConverter();
}

/** The repository of an Actions job: GITHUB_REPOSITORY, with the app token in SKILLOPS_GITHUB_TOKEN or GITHUB_TOKEN. */
export function repoFromActions(
  env: Env,
  slug = env.GITHUB_REPOSITORY,
): { repo: SkillRepo; owner: string; name: string; token: string } {
  const [owner, name, extra] = (slug ?? "").split("/");
  if (!owner || !name || extra !== undefined)
    throw new Error(`the repository must be owner/name (GITHUB_REPOSITORY is ${JSON.stringify(slug ?? "")})`);
  const token = githubTokenOf(env);
  if (!token) throw new Error(`no GitHub token: ${GITHUB_TOKEN_HINT}`);
  const repo = createTokenSkillRepo({
    owner,
    repo: name,
    token,
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
  });
  return { repo, owner, name, token };
}

/**
 * With `dryRun` the sweep's comments and labels are recorded in `writes`, not sent; the cases are
 * still collected as if they had been posted, so the dry run evolves what a real run would.
 */
export async function acceptedCasesFromGitHub(input: {
  repo: SkillRepo;
  config: Config;
  env: Env;
  now: Clock;
  dryRun?: boolean;
}): Promise<{ cases: Case[]; ingested: IngestItem[]; writes: WouldWrite[] }> {
  const { env } = input;
  const token = githubTokenOf(env) ?? "";
  const botLogin = await tokenBotLoginFor(env, {
    token,
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
  });
  const dry = input.dryRun ? dryRunRepo(input.repo, botLogin) : undefined;
  const repo = dry?.repo ?? input.repo;
  const { items, cases } = await ingestAccepted({
    repo,
    config: input.config,
    converter: converterFor(input.config, input.env),
    now: input.now,
    botLogin,
  });
  return { cases, ingested: items, writes: dry?.writes ?? [] };
}
