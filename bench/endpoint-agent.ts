// The reference agent served by the simulated endpoint, as the memo and CRN benches run it: the real
// OpenAI client over HTTP to `startSimEndpoint`, and an in-memory memo when asked for.
import { ModelsConfig } from "../src/config/config.js";
import { createMemoryMemo } from "../src/evaluate/model-memo.js";
import { createReferenceRunner } from "../src/evaluate/runners/reference.js";
import { createOpenAIModel } from "../src/llm/openai.js";
import { DEFAULT_LIMITS } from "../src/sandbox/containment.js";

export function endpointAgent(baseURL: string, memo: boolean) {
  const model = createOpenAIModel(ModelsConfig.parse({ provider: "openai", baseURL }), {
    env: { OPENAI_API_KEY: "sim-key" },
  });
  const runner = createReferenceRunner({
    model,
    modelSettings: model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
    // The simulated agent runs no scripts: the bench measures model calls, not containment.
    containment: { sandbox: "none", pass: [], limits: DEFAULT_LIMITS, parentEnv: process.env },
    ...(memo ? { memo: createMemoryMemo() } : {}),
  });
  return { model, runner };
}
