// The model a feedback channel (`ingest --backlog`, `ingest --traces`) talks to: the simulated
// endpoint started in process (the default, no key needed; everything it writes is labelled
// simulated) or the config's OpenAI-compatible endpoint. Always over HTTP through the real client.
import { ModelsConfig, type Config } from "../config/config.js";
import type { Model } from "../llm/model.js";
import { createOpenAIModel } from "../llm/openai.js";
import { startSimEndpoint } from "../sim/endpoint/server.js";
import { UsageError, type CliIo } from "./context.js";

export async function withChannelModel<T>(
  io: CliIo,
  provider: string,
  config: Config,
  fn: (model: Model, simulated: boolean) => Promise<T>,
): Promise<T> {
  if (provider === "openai") return fn(createOpenAIModel(config.models, { env: io.env }), false);
  if (provider !== "sim")
    throw new UsageError(`--model must be sim or openai (got ${JSON.stringify(provider)})`);
  const endpoint = await startSimEndpoint({});
  try {
    const models = ModelsConfig.parse({ baseURL: endpoint.baseURL, maxRetries: 0 });
    return await fn(createOpenAIModel(models, { env: { OPENAI_API_KEY: "simulated" } }), true);
  } finally {
    await endpoint.close();
  }
}
