// The model a feedback channel (`ingest --backlog`, `ingest --traces`) talks to: the simulated
// endpoint started in process (the default, no key needed; everything it writes is labelled
// simulated) or the config's OpenAI-compatible endpoint. Always over HTTP through the real client.
import type { Config } from "../../../core/config/config.js";
import type { Model } from "../../../core/llm/model.js";
import { createOpenAIModel } from "../../../io/llm/openai.js";
import { withSimulatedModel } from "../../../sim/endpoint/simulated-model.js";
import { UsageError, type CliIo } from "../context.js";

export async function withChannelModel<T>(
  io: CliIo,
  provider: string,
  config: Config,
  fn: (model: Model, simulated: boolean) => Promise<T>,
): Promise<T> {
  if (provider === "openai") return fn(createOpenAIModel(config.models, { env: io.env }), false);
  if (provider !== "sim")
    throw new UsageError(`--model must be sim or openai (got ${JSON.stringify(provider)})`);
  return withSimulatedModel((model) => fn(model, true));
}
