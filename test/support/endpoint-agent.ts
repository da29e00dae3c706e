// The reference agent served by the simulated endpoint, as the memo, CRN and lossless checks run it: the real
// OpenAI client over HTTP to `startSimEndpoint`, and an in-memory memo when asked for.
import { ModelsConfig } from "../../src/core/config/config.js";
import { createMemoryMemo } from "../../src/core/evaluate/model-memo.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { createOpenAIModel, type OpenAIModel } from "../../src/io/llm/openai.js";
import { DEFAULT_LIMITS } from "../../src/core/sandbox/containment.js";

export function endpointAgent(baseURL: string, memo: boolean) {
  const model = createOpenAIModel(ModelsConfig.parse({ provider: "openai", baseURL }), {
    env: { OPENAI_API_KEY: "sim-key" },
  });
  return { model, runner: referenceAgent(model, memo) };
}

/** The reference runner over `model`, unsandboxed: the simulated agent runs no scripts. */
export function referenceAgent(model: OpenAIModel, memo = false) {
  return createReferenceRunner({
    model,
    modelSettings: model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
    // The checks measure model calls, not containment.
    containment: { sandbox: "none", pass: [], limits: DEFAULT_LIMITS, parentEnv: process.env },
    ...(memo ? { memo: createMemoryMemo() } : {}),
  });
}
