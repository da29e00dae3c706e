// The model the app's work that needs one (`/skillops coldstart`, the policy channel's draft cases)
// talks to: the config's OpenAI-compatible endpoint (`models:`) when the app's environment holds its
// key. There is no stand-in: without a model that work is not run, and the dashboard says so.
import type { Config } from "../../../core/config/config.js";
import type { Model } from "../../../core/llm/model.js";
import { createOpenAIModel } from "../../../io/llm/openai.js";

export type AppEnv = Readonly<Record<string, string | undefined>>;

/** True when the install has a model: the config asks for an endpoint and the key is in the environment. */
export function hasConfiguredModel(config: Config, env: AppEnv): boolean {
  return config.models.provider === "openai" && Boolean(env[config.models.apiKeyEnv]);
}

/** Runs `run` with the install's model (`by` names it for what it writes); undefined when there is none. */
export async function withAppModel<T>(
  config: Config,
  env: AppEnv,
  run: (model: Model, by: string) => Promise<T>,
): Promise<T | undefined> {
  if (!hasConfiguredModel(config, env)) return undefined;
  const model = createOpenAIModel(config.models, { env: { ...env } });
  return run(model, `model ${config.models.roles["skill-writer"].model}`);
}
