// The model the policy commands (coldstart, ingest --policy-diff) talk to: the simulated endpoint,
// started here over HTTP and always closed, or the config's OpenAI-compatible models.
import { ModelsConfig } from "../config/config.js";
import type { Model } from "../llm/model.js";
import { createOpenAIModel } from "../llm/openai.js";
import { startSimEndpoint } from "../sim/endpoint/server.js";
import { UsageError, type CliContext } from "./context.js";
import { loadConfigFile } from "./eval.js";

export const DEFAULT_CONFIG = ".github/skillops.yml";

export interface ModelFlags {
  model: string;
  config: string;
}

export interface ModelLabel {
  simulated: boolean;
  /** e.g. `simulated model` or `model gpt-4o-mini`. */
  by: string;
}

export function checkModelFlag(f: ModelFlags): void {
  if (f.model !== "sim" && f.model !== "openai")
    throw new UsageError(`--model must be sim or openai (got ${JSON.stringify(f.model)})`);
}

export async function withPolicyModel<T>(
  ctx: CliContext,
  f: ModelFlags,
  run: (model: Model, label: ModelLabel) => Promise<T>,
): Promise<T> {
  if (f.model === "openai") {
    const config = await loadConfigFile(ctx.io, f.config, f.config !== DEFAULT_CONFIG);
    const model = createOpenAIModel(config.models, { env: ctx.io.env });
    return run(model, { simulated: false, by: `model ${config.models.roles["skill-writer"].model}` });
  }
  const endpoint = await startSimEndpoint({});
  try {
    const config = ModelsConfig.parse({ baseURL: endpoint.baseURL, maxRetries: 0 });
    const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "simulated" } });
    return await run(model, { simulated: true, by: "simulated model" });
  } finally {
    await endpoint.close();
  }
}
