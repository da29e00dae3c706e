// The client's failure handling through HTTP, the real `openai` client against the local double:
// malformed and truncated answers (typed failures, retried with backoff, never a crash), the budget
// (reserved before each call, so it holds under concurrency) and usage the endpoint misreports.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ModelsConfig } from "../../src/core/config/config.js";
import { ModelCallError } from "../../src/core/llm/model.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { estimateUsage, OUTPUT_CEILING } from "../../src/core/llm/usage-estimate.js";
import { startOpenAIDouble, type DoubleScript, type OpenAIDouble } from "../support/openai-double.js";

const Answer = z.object({ label: z.enum(["bug", "feature"]), reasons: z.array(z.string()) });
const ask = [{ role: "user" as const, content: "Classify: the app crashes" }];

let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

let slept: number[] = [];
async function setup(script: DoubleScript, overrides: Record<string, unknown> = {}) {
  double = await startOpenAIDouble(script);
  const config = ModelsConfig.parse({
    baseURL: double.baseURL,
    maxRetries: 2,
    timeoutMs: 5_000,
    ...overrides,
  });
  // Backoff between retries of malformed answers is recorded here instead of waited for.
  slept = [];
  const sleep = async (ms: number) => void slept.push(ms);
  return { model: createOpenAIModel(config, { env: { OPENAI_API_KEY: "test-key" }, sleep }), double };
}

describe("createOpenAIModel malformed answers", () => {
  const body = (choices: unknown) => ({
    status: 200,
    json: { id: "c", object: "chat.completion", created: 1, model: "gpt-4o-mini", choices },
  });

  it("a completion with [null], [] or a message-less choice is a bad-response failure, retried with backoff", async () => {
    const { model, double } = await setup([body([null]), body([]), body([{ index: 0 }])], { maxRetries: 2 });
    const r = await model.structured({ role: "judge", messages: ask, schema: Answer, schemaName: "answer" });
    expect(r.ok ? undefined : r.failure).toEqual({
      kind: "bad-response",
      message: 'the endpoint answered a choice with no message: {"index":0}',
    });
    expect(double.requests).toHaveLength(3);
    expect(slept).toEqual([500, 1000]);
    // Each bad answer may have cost tokens: counted as calls of unknown usage.
    expect(model.ledger.byRole().judge).toMatchObject({ calls: 3, unknownUsage: 3 });
    expect(model.ledger.warnings()).toHaveLength(3);
  });

  it("a truncated body or an HTML 200 is retried, and the next valid answer is used", async () => {
    const { model, double } = await setup([
      { truncated: true },
      { status: 200, headers: { "content-type": "text/html" }, text: "<html>upstream error</html>" },
      { completion: { content: '{"label":"bug","reasons":[]}', usage: { input: 12, output: 4 } } },
    ]);
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r).toMatchObject({ ok: true, value: { label: "bug", reasons: [] } });
    expect(double.requests).toHaveLength(3);
    expect(slept).toEqual([500, 1000]);
  });

  it("an agent call that gets tool_calls which are not a list fails as bad-response, not a crash", async () => {
    const { model } = await setup(
      [
        body([
          {
            index: 0,
            finish_reason: "tool_calls",
            message: { role: "assistant", content: null, tool_calls: {} },
          },
        ]),
      ],
      { maxRetries: 0 },
    );
    const err = await model.chat({ role: "agent", messages: ask }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as ModelCallError).failure).toEqual({
      kind: "bad-response",
      message: "the endpoint answered tool_calls that are not a list: {}",
    });
  });
});

describe("createOpenAIModel budget and usage", () => {
  it("refuses a call whose own estimate does not fit what is left of the budget, before sending it", async () => {
    // No maxOutputTokens: the call may produce up to OUTPUT_CEILING tokens, more than 300.
    const { model, double } = await setup([], { budget: { tokens: 300 } });
    const need = estimateUsage({ messages: ask });
    expect(need.output).toBe(OUTPUT_CEILING);
    await expect(model.chat({ role: "agent", messages: ask })).rejects.toThrow(
      `token budget would be exceeded: 0 of 300 tokens used or reserved, and this call may need ${need.input + need.output}`,
    );
    expect(double.requests).toHaveLength(0);
  });

  it("holds the token budget under concurrency: 10 calls at once under 300 tokens send only those that fit", async () => {
    const reply = { completion: { content: "x", usage: { input: 10, output: 40 } }, delayMs: 100 };
    const { model, double } = await setup(Array(10).fill(reply), {
      concurrency: 10,
      budget: { tokens: 300 },
      roles: { agent: { maxOutputTokens: 40 } },
    });
    const estimate = estimateUsage({ messages: ask, max_completion_tokens: 40 });
    const fit = Math.floor(300 / (estimate.input + estimate.output));
    expect(fit).toBeGreaterThan(0);
    expect(fit).toBeLessThan(10);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => model.chat({ role: "agent", messages: ask })),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(double.requests).toHaveLength(fit);
    expect(refused).toHaveLength(10 - fit);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        name: "SystemicError",
        reason: "budget",
        message: expect.stringMatching(
          /^model call refused: token budget would be exceeded: \d+ of 300 tokens used or reserved/,
        ),
      });
    // Settled to what the endpoint reported, not the reservations.
    expect(model.ledger.total()).toMatchObject({ input: 10 * fit, output: 40 * fit, calls: fit });
  });

  it("a call answered with an error status charges nothing and gives its reservation back", async () => {
    const estimate = estimateUsage({ messages: ask, max_completion_tokens: 40 });
    const calls = Math.floor(300 / (estimate.input + estimate.output));
    const down = { status: 500, headers: { "x-should-retry": "false" } };
    const ok = { completion: { content: "x", usage: { input: 1, output: 1 } } };
    const { model, double } = await setup([...Array(calls).fill(down), ok], {
      maxRetries: 0,
      budget: { tokens: 300 },
      roles: { agent: { maxOutputTokens: 40 } },
    });
    for (let i = 0; i < calls; i++)
      await expect(model.chat({ role: "agent", messages: ask })).rejects.toThrow(ModelCallError);
    expect((await model.chat({ role: "agent", messages: ask })).message.content).toBe("x");
    expect(double.requests).toHaveLength(calls + 1);
    expect(model.ledger.total()).toMatchObject({ input: 1, output: 1, calls: 1, unknownUsage: 0 });
  });

  it("charges an estimate, with a warning, for usage the endpoint reports missing or negative", async () => {
    const completion = (usage: unknown) => ({
      status: 200,
      json: {
        id: "c",
        object: "chat.completion",
        created: 1,
        model: "gpt-4o-mini",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "hi" } }],
        ...(usage === undefined ? {} : { usage }),
      },
    });
    const { model } = await setup(
      [
        completion(undefined),
        completion({ prompt_tokens: -1_000_000, completion_tokens: 3, total_tokens: 0 }),
      ],
      { roles: { agent: { maxOutputTokens: 50 } } },
    );
    const estimate = estimateUsage({ messages: ask, max_completion_tokens: 50 });
    const missing = await model.chat({ role: "agent", messages: ask });
    expect(missing.usage).toEqual({ input: estimate.input, output: 50, cached: 0 });
    const negative = await model.chat({ role: "agent", messages: ask });
    expect(negative.usage).toEqual({ input: estimate.input, output: 3, cached: 0 });
    expect(model.ledger.byRole().agent).toMatchObject({
      calls: 2,
      unknownUsage: 2,
      input: 2 * estimate.input,
      output: 53,
    });
    expect(model.ledger.warnings()).toEqual([
      `gpt-4o-mini (agent) reported no valid usage (usage); charged an estimate of ${estimate.input} input + 50 output tokens`,
      `gpt-4o-mini (agent) reported no valid usage (input -1000000); charged an estimate of ${estimate.input} input + 3 output tokens`,
    ]);
  });
});
