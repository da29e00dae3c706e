// How both hosts of the app set it up: the hosted Probot server (`npm start`, app-entry.ts) and the
// Actions adapter (actions-adapter.ts). The converter is model-backed when the repository's config
// says `models.provider: openai` and a key is in the environment; otherwise the deterministic
// template converter (no model). The same environment decides whether the policy work has a model
// (policy/app-model.ts) and whether the dashboard says there is none. Git access (for
// `/skillops rollback` and the rolling knowledge PR) uses the event's token over HTTPS.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Context } from "probot";
import { createModelConverter } from "../../core/feedback/model-converter.js";
import { createTemplateConverter } from "../../core/feedback/to-case.js";
import { initBare } from "../../io/git/repo.js";
import type { UsageLedger } from "../../core/llm/ledger.js";
import { createOpenAIModel } from "../../io/llm/openai.js";
import type { SkillopsAppOptions } from "./app.js";
import { hasConfiguredModel } from "./policy/app-model.js";
import { configuredBotLogin, type BotLoginEnv } from "../../io/github-api/bot-login.js";
import type { PublishGit } from "../../core/github/port.js";

async function eventGit(context: Context): Promise<PublishGit> {
  // An installation token on the hosted server; the job's token in Actions (the same call answers both).
  const auth = (await context.octokit.auth({ type: "installation" })) as { token: string };
  const repository = (context.payload as { repository?: { clone_url?: string } }).repository;
  if (!repository?.clone_url) throw new Error("this event has no repository to push to");
  const gitdir = await mkdtemp(join(tmpdir(), "skillops-app-git-"));
  await initBare({ gitdir });
  return { gitdir, url: repository.clone_url, token: auth.token };
}

/**
 * The app's options from the environment; the bot login only when the environment names one (else
 * discovered). `ledger` collects the converter's model usage (the demo shares one with its run).
 */
export function hostedAppOptions(env: BotLoginEnv, opts: { ledger?: UsageLedger } = {}): SkillopsAppOptions {
  const botLogin = configuredBotLogin(env);
  return {
    ...(botLogin ? { botLogin } : {}),
    converter: (config) => {
      if (config.models && hasConfiguredModel(config, env)) {
        const ledger = opts.ledger ? { ledger: opts.ledger } : {};
        return createModelConverter(createOpenAIModel(config.models, { env: { ...env }, ...ledger }), {
          name: `model ${config.models.roles.converter.model}`,
        });
      }
      return createTemplateConverter();
    },
    env,
    frontier: { git: eventGit },
  };
}
