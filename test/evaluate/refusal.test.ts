// An agent's refusal (`content: null, refusal: "…"` in the chat completion) is recorded as a
// refusal with its text (run result, execution record, trace), fails the run, and is neither
// cached nor memoised, so the next evaluation asks again. Real `openai` client, local HTTP double.
import { afterEach, describe, expect, it } from "vitest";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createMemoryCache } from "../../src/core/evaluate/cache.js";
import { evaluateCase } from "../../src/core/evaluate/evaluate.js";
import type { Execution } from "../../src/core/evaluate/execute-run.js";
import { createMemoryMemo } from "../../src/core/evaluate/model-memo.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { traceRecordOf } from "../../src/core/evaluate/trace-record.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { makeCase } from "./fixtures.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

const REFUSAL = "I can't help with that request.";
let double: OpenAIDouble | undefined;
afterEach(async () => double?.close());

describe("an agent's refusal", () => {
  it("is recorded with its text, fails the run, and is not cached or memoised", async () => {
    double = await startOpenAIDouble(() => ({ completion: { refusal: REFUSAL } }));
    const config = ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0, timeoutMs: 5_000 });
    const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" }, sleep: async () => {} });
    const memo = createMemoryMemo();
    const runner = createReferenceRunner({
      containment: TEST_CONTAINMENT,
      model,
      modelSettings: model.settingsKey("agent"),
      maxTurns: 4,
      scriptTimeoutMs: 10_000,
      maxOutputBytes: 100_000,
      memo,
    });
    const cache = createMemoryCache();
    const seen: Execution[] = [];
    const evaluate = () =>
      evaluateCase({
        case: makeCase("c1", { rubric: [{ type: "not-contains", value: "60 days" }] }),
        skills: [],
        runner,
        n: 1,
        k: 1,
        cache,
        onExecution: (e) => seen.push(e),
      });

    const first = await evaluate();
    expect(first.runDetails).toEqual([
      expect.objectContaining({ pass: false, refusal: REFUSAL, cached: false, items: [] }),
    ]);
    expect(first.runDetails[0]!.error).toBeUndefined();
    expect(seen[0]!.result).toMatchObject({ output: null, refusal: REFUSAL });
    const trace = traceRecordOf(seen[0]!, { skillsAvailable: [] });
    expect(trace.outcome).toBe("fail");
    expect(trace.messages.at(-1)).toEqual({ role: "assistant", content: null, refusal: REFUSAL });
    expect([cache.size(), memo.size()]).toEqual([0, 0]);

    // Asked again, not replayed: the model is called a second time.
    const calls = double.requests.length;
    await evaluate();
    expect(double.requests.length).toBe(calls + 1);
  });
});
