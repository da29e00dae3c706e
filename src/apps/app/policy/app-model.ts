// The model the app's policy work (`/skillops coldstart`, the policy channel on push) talks to: the
// config's OpenAI-compatible endpoint when the app's environment holds its key, else the simulated
// endpoint, started for the job over HTTP and always closed; what it writes is then labelled simulated.
import type { Config } from "../../../core/config/config.js";
import type { Model } from "../../../core/llm/model.js";
import { createOpenAIModel } from "../../../io/llm/openai.js";
import {
  SIMULATED_LABEL,
  withSimulatedModel,
  type ModelLabel,
} from "../../../sim/endpoint/simulated-model.js";

export type AppModelLabel = ModelLabel;

export type AppEnv = Readonly<Record<string, string | undefined>>;

/** True when the install has a model: the config asks for an endpoint and the key is in the environment. */
export function hasConfiguredModel(config: Config, env: AppEnv): boolean {
  return config.models.provider === "openai" && Boolean(env[config.models.apiKeyEnv]);
}

export async function withAppModel<T>(
  config: Config,
  env: AppEnv,
  run: (model: Model, label: AppModelLabel) => Promise<T>,
): Promise<T> {
  if (hasConfiguredModel(config, env)) {
    const model = createOpenAIModel(config.models, { env: { ...env } });
    return run(model, { simulated: false, by: `model ${config.models.roles["skill-writer"].model}` });
  }
  return withSimulatedModel((model) => run(model, SIMULATED_LABEL));
}
