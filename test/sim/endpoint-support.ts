// Shared set-up of the simulated-endpoint tests: the endpoint on a world, the real OpenAI client
// pointed at it, and a fetch that checks every 200 answer against OpenAI's published schema.
import { ModelsConfig } from "../../src/core/config/config.js";
import { createOpenAIModel, type OpenAIModel } from "../../src/io/llm/openai.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import type { World } from "../../src/sim/world.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { checkOpenAIResponse } from "../support/openai-double.js";
import { createReferenceRunner, type ReferenceRunnerOptions } from "../../src/io/runners/reference.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

export const CLOCK = fixedClock("2026-11-30T00:00:00Z");

export interface Connected {
  endpoint: SimEndpoint;
  model: OpenAIModel;
  /** Schema problems of the answers the client received. */
  problems: string[];
}

export async function connect(world: World, models: Record<string, unknown> = {}): Promise<Connected> {
  const endpoint = await startSimEndpoint({ world, clock: CLOCK });
  const problems: string[] = [];
  const checked: typeof fetch = async (url, init) => {
    const res = await fetch(url, init);
    const type = res.headers.get("content-type") ?? "";
    if (res.status === 200 && type.includes("json")) {
      const text = await res.clone().text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return res; // misbehaviour tests send such bodies on purpose
      }
      const kind = String(url).endsWith("/embeddings") ? "embeddings" : "chat";
      problems.push(...checkOpenAIResponse(kind, body).map((p) => `${kind}: ${p}`));
    }
    return res;
  };
  const config = ModelsConfig.parse({
    provider: "openai",
    baseURL: endpoint.baseURL,
    maxRetries: 0,
    ...models,
  });
  const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "sim-key" }, fetch: checked });
  return { endpoint, model, problems };
}

/** The reference agent on the endpoint's model, contained as the tests contain it. */
export function endpointReferenceAgent(c: Connected, extra: Pick<ReferenceRunnerOptions, "memo"> = {}) {
  return createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model: c.model,
    modelSettings: c.model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
    ...extra,
  });
}
