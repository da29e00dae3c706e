// The model the policy commands (coldstart, ingest --policy-diff) talk to: the simulated endpoint,
// started here over HTTP and always closed, or the config's OpenAI-compatible models.
import type { Model } from "../../../core/llm/model.js";
import { createOpenAIModel } from "../../../io/llm/openai.js";
import {
  SIMULATED_LABEL,
  withSimulatedModel,
  type ModelLabel,
} from "../../../sim/endpoint/simulated-model.js";

export type { ModelLabel };
import { UsageError, type CliContext } from "../context.js";
import { loadConfigFile } from "../config-file.js";
import { DEFAULT_CONFIG } from "./ingest-options.js";

export interface ModelFlags {
  model: string;
  config: string;
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
  return withSimulatedModel((model) => run(model, SIMULATED_LABEL));
}
