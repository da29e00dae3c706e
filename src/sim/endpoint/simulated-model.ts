// A model session on the simulated endpoint: started for one job over HTTP, reached through the real
// OpenAI client, and always closed. What it writes is labelled simulated by its callers.
import { ModelsConfig } from "../../core/config/config.js";
import { createOpenAIModel, type OpenAIModel } from "../../io/llm/openai.js";
import { startSimEndpoint } from "./server.js";
import type { World } from "../world.js";
import type { Role } from "../../core/llm/model.js";
import { simulatedModelIdentity } from "../model-identity.js";

/** Which model wrote something, for the labels on what it produced. */
export interface ModelLabel {
  simulated: boolean;
  /** e.g. `simulated model` or `model gpt-4o-mini`. */
  by: string;
}

export const SIMULATED_LABEL: ModelLabel = { simulated: true, by: "simulated model" };

/**
 * The model on a running simulated endpoint at `baseURL`, its settings naming the model the world
 * plays (model-identity.ts), not the port: the endpoint's port changes with every start, what it
 * answers does not, so a resumed, continued or sharded run, or the run after a merge, finds what an
 * earlier process stored.
 */
export function simulatedModelOn(baseURL: string, world?: World): OpenAIModel {
  const models = ModelsConfig.parse({ baseURL, maxRetries: 0 });
  const model = createOpenAIModel(models, { env: { OPENAI_API_KEY: "simulated" } });
  const served = world ? simulatedModelIdentity(world) : "no-world";
  const settingsKey = (role: Role) =>
    JSON.stringify({
      simulated: served,
      ...(JSON.parse(model.settingsKey(role)) as object),
      baseURL: null,
    });
  return { ...model, settingsKey };
}

/** `world`: the simulated world whose agent and roles the endpoint plays (none: the world-free roles). */
export async function withSimulatedModel<T>(
  run: (model: OpenAIModel) => Promise<T>,
  world?: World,
): Promise<T> {
  const endpoint = await startSimEndpoint(world ? { world } : {});
  try {
    return await run(simulatedModelOn(endpoint.baseURL, world));
  } finally {
    await endpoint.close();
  }
}
