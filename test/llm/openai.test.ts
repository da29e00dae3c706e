import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createLedger } from "../../src/core/llm/ledger.js";
import { ModelCallError, SystemicError } from "../../src/core/llm/model.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble, type DoubleScript, type OpenAIDouble } from "../support/openai-double.js";

const Answer = z.object({ label: z.enum(["bug", "feature"]), reasons: z.array(z.string()) });
const ask = [{ role: "user" as const, content: "Classify: the app crashes" }];
const env = { OPENAI_API_KEY: "test-key" };

let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function setup(script: DoubleScript, overrides: Record<string, unknown> = {}) {
  double = await startOpenAIDouble(script);
  const config = ModelsConfig.parse({
    baseURL: double.baseURL,
    maxRetries: 2,
    timeoutMs: 5_000,
    ...overrides,
  });
  return { model: createOpenAIModel(config, { env }), double };
}

function expectValidRequests(d: OpenAIDouble) {
  expect(d.requests.flatMap((r) => r.errors)).toEqual([]);
  expect(d.scriptErrors).toEqual([]);
}

describe("createOpenAIModel structured calls", () => {
  it("sends a json_schema response format and parses the answer with its usage, cached tokens included", async () => {
    const { model, double } = await setup([
      {
        completion: {
          content: '{"label":"bug","reasons":["crash"]}',
          usage: { input: 40, output: 9, cached: 32 },
        },
      },
    ]);
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r).toEqual({
      ok: true,
      value: { label: "bug", reasons: ["crash"] },
      usage: { input: 40, output: 9, cached: 32 },
    });
    const body = double.requests[0]!.body as {
      model: string;
      response_format: { type: string; json_schema: { name: string; strict: boolean } };
    };
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema).toMatchObject({ name: "answer", strict: true });
    expect(double.requests[0]!.headers.authorization).toBe("Bearer test-key");
    expectValidRequests(double);
    expect(model.ledger.byRole().classifier).toMatchObject({ input: 40, output: 9, cached: 32, calls: 1 });
  });

  it("repairs an answer that is not JSON once, showing the model what was wrong", async () => {
    const { model, double } = await setup([
      { completion: { content: "Sure! label: bug", usage: { input: 10, output: 4 } } },
      { completion: { content: '{"label":"feature","reasons":[]}', usage: { input: 30, output: 6 } } },
    ]);
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r).toEqual({
      ok: true,
      value: { label: "feature", reasons: [] },
      usage: { input: 40, output: 10, cached: 0 },
    });
    const second = double.requests[1]!.body as { messages: { role: string; content: string }[] };
    expect(second.messages.at(-2)).toEqual({ role: "assistant", content: "Sure! label: bug" });
    expect(second.messages.at(-1)!.content).toMatch(/not valid JSON/);
    expectValidRequests(double);
  });

  it("records a schema failure after the one repair attempt, never throwing", async () => {
    const { model } = await setup([
      { completion: { content: '{"label":"question","reasons":[]}' } },
      { completion: { content: '{"label":"nope"}' } },
    ]);
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.kind).toBe("schema");
      expect(r.failure.message).toMatch(/does not match schema answer/);
      expect(r.usage).toEqual({ input: 20, output: 10, cached: 0 });
    }
  });

  it("records invalid JSON twice as an invalid-json failure", async () => {
    const { model, double } = await setup([
      { completion: { content: "{oops" } },
      { completion: { content: "still {oops" } },
    ]);
    const r = await model.structured({ role: "judge", messages: ask, schema: Answer, schemaName: "answer" });
    expect(r.ok ? "ok" : r.failure.kind).toBe("invalid-json");
    expect(double.requests).toHaveLength(2);
  });

  it("records a refusal", async () => {
    const { model } = await setup([{ completion: { content: null, refusal: "I can't help with that." } }]);
    const r = await model.structured({ role: "judge", messages: ask, schema: Answer, schemaName: "answer" });
    expect(r.ok ? undefined : r.failure).toEqual({ kind: "refusal", message: "I can't help with that." });
  });

  it("waits as long as retry-after says after a 429, then succeeds", async () => {
    const { model, double } = await setup([
      {
        status: 429,
        headers: { "retry-after": "0.3" },
        json: { error: { message: "slow down", type: "rate_limit", param: null, code: null } },
      },
      { completion: { content: '{"label":"bug","reasons":[]}' } },
    ]);
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r.ok).toBe(true);
    expect(double.requests).toHaveLength(2);
    // The client must not come back before the server's retry-after (300 ms) has passed.
    expect(double.requests[1]!.at - double.requests[0]!.at).toBeGreaterThanOrEqual(290);
  });

  it("records rate-limited at once when models.rateLimit.maxWaitMs allows no wait", async () => {
    const limited = {
      status: 429,
      headers: { "retry-after": "0" },
      json: { error: { message: "quota", type: "rate_limit", param: null, code: null } },
    };
    const { model, double } = await setup([limited, limited, limited], {
      maxRetries: 2,
      rateLimit: { maxWaitMs: 0 },
    });
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r.ok ? undefined : r.failure).toEqual({
      kind: "rate-limited",
      message: expect.stringMatching(/^rate limited \(429\) after 0 retries .*maxWaitMs is 0 ms/),
    });
    // The SDK does not retry a 429 itself: the gate owns them.
    expect(double.requests).toHaveLength(1);
  });

  it("records a server failure after retrying 5xx answers (503 is the rate gate's, below)", async () => {
    const down = { status: 500, headers: { "retry-after": "0" } };
    const { model, double } = await setup([down, down], { maxRetries: 1 });
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r.ok ? undefined : r.failure.kind).toBe("server");
    expect(double.requests).toHaveLength(2);
  });

  it("records a timeout when the endpoint hangs", async () => {
    const { model } = await setup([{ hang: true }], { maxRetries: 0, timeoutMs: 300 });
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r.ok ? undefined : r.failure.kind).toBe("timeout");
  });

  it("records a garbage body as a bad response", async () => {
    const { model } = await setup([{ garbage: "<html>502 Bad Gateway</html>" }], { maxRetries: 0 });
    const r = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(r.ok ? undefined : r.failure.kind).toBe("bad-response");
  });

  it("refuses calls once the run's token budget is spent, with a clear error", async () => {
    const ok = { completion: { content: '{"label":"bug","reasons":[]}', usage: { input: 60, output: 50 } } };
    const { model, double } = await setup([ok, ok], {
      budget: { tokens: 110 },
      roles: { classifier: { maxOutputTokens: 5 }, agent: { maxOutputTokens: 5 } },
    });
    expect(
      (await model.structured({ role: "classifier", messages: ask, schema: Answer, schemaName: "answer" }))
        .ok,
    ).toBe(true);
    const refused = await model.structured({
      role: "classifier",
      messages: ask,
      schema: Answer,
      schemaName: "answer",
    });
    expect(refused.ok ? undefined : refused.failure).toMatchObject({
      kind: "budget",
      message: expect.stringMatching(/token budget spent: 110 of 110/),
    });
    await expect(model.chat({ role: "agent", messages: ask })).rejects.toThrow(SystemicError);
    expect(double.requests).toHaveLength(1);
  });

  it("prices calls per model and refuses once the dollar budget is spent", async () => {
    double = await startOpenAIDouble([
      { completion: { content: "hi", usage: { input: 1_000_000, output: 0, cached: 500_000 } } },
    ]);
    const config = ModelsConfig.parse({
      baseURL: double.baseURL,
      prices: { "gpt-4o-mini": { input: 0.2, output: 0.8, cached: 0.1 } },
      budget: { dollars: 0.1 },
    });
    const model = createOpenAIModel(config, { env });
    await model.chat({ role: "agent", messages: ask });
    expect(model.ledger.total().dollars).toBeCloseTo(0.15, 10);
    await expect(model.chat({ role: "agent", messages: ask })).rejects.toThrow(/dollar budget spent/);
  });

  it("throws a systemic error naming the variable when the key is missing", () => {
    const config = ModelsConfig.parse({ apiKeyEnv: "MY_LLM_KEY" });
    expect(() => createOpenAIModel(config, { env: {} })).toThrow(/MY_LLM_KEY is not set/);
  });

  it("throws a systemic error when the endpoint rejects the key", async () => {
    const { model } = await setup([
      {
        status: 401,
        json: {
          error: { message: "bad key", type: "invalid_request_error", param: null, code: "invalid_api_key" },
        },
      },
    ]);
    await expect(
      model.structured({ role: "judge", messages: ask, schema: Answer, schemaName: "answer" }),
    ).rejects.toThrow(SystemicError);
  });
});

describe("createOpenAIModel chat with tools", () => {
  it("sends tools and tool results in OpenAI's shape and returns tool calls", async () => {
    const { model, double } = await setup([
      {
        completion: {
          toolCalls: [{ id: "call_1", name: "load_skill", arguments: { name: "tasks" } }],
          usage: { input: 20, output: 8 },
        },
      },
      { completion: { content: "done", usage: { input: 30, output: 2 } } },
    ]);
    const tools = [
      {
        name: "load_skill",
        description: "Load a skill",
        parameters: {
          type: "object",
          properties: { name: { type: "string" } },
          required: ["name"],
          additionalProperties: false,
        },
      },
    ];
    const first = await model.chat({ role: "agent", messages: ask, tools });
    expect(first.message.toolCalls).toEqual([
      { id: "call_1", name: "load_skill", arguments: '{"name":"tasks"}' },
    ]);
    expect(first.finishReason).toBe("tool_calls");
    const second = await model.chat({
      role: "agent",
      messages: [...ask, first.message, { role: "tool", toolCallId: "call_1", content: "skill body" }],
      tools,
    });
    expect(second.message.content).toBe("done");
    expectValidRequests(double);
    const sent = double.requests[1]!.body as { messages: unknown[]; tools: unknown[] };
    expect(sent.messages.at(-1)).toEqual({ role: "tool", tool_call_id: "call_1", content: "skill body" });
    expect(sent.tools).toHaveLength(1);
    expect(model.ledger.byRole().agent).toMatchObject({ input: 50, output: 10, calls: 2 });
  });

  it("throws a ModelCallError carrying the failure kind for a failed agent call", async () => {
    const { model } = await setup([{ status: 500 }], { maxRetries: 0 });
    const err = await model.chat({ role: "agent", messages: ask }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as ModelCallError).failure.kind).toBe("server");
  });

  it("keeps at most `concurrency` calls in flight", async () => {
    const slow = { completion: { content: "x" }, delayMs: 150 };
    const { model, double } = await setup([slow, slow, slow, slow, slow, slow], { concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => model.chat({ role: "agent", messages: ask })));
    expect(double.requests).toHaveLength(6);
    expect(double.maxInFlight()).toBe(2);
  });

  it("shares one ledger across models of a run", async () => {
    double = await startOpenAIDouble([
      { completion: { content: "a", usage: { input: 5, output: 1 } } },
      { completion: { content: "b", usage: { input: 7, output: 2 } } },
    ]);
    const config = ModelsConfig.parse({ baseURL: double.baseURL });
    const ledger = createLedger();
    await createOpenAIModel(config, { env, ledger }).chat({ role: "agent", messages: ask });
    await createOpenAIModel(config, { env, ledger }).chat({ role: "diagnoser", messages: ask });
    expect(ledger.total()).toMatchObject({ input: 12, output: 3, calls: 2 });
    expect(Object.keys(ledger.byRole()).sort()).toEqual(["agent", "diagnoser"]);
  });
});

describe("createOpenAIModel embeddings", () => {
  it("embeds texts in order through /embeddings and charges the tokens as `embedding`", async () => {
    const { model, double: d } = await setup([], { embedding: { model: "text-embedding-3-small" } });
    const vectors = await model.embed([
      "refund the damaged parcel",
      "track a shipment",
      "refund a damaged order",
    ]);
    expectValidRequests(d);
    expect(vectors).toHaveLength(3);
    const cos = (a: number[], b: number[]) =>
      a.reduce((s, x, i) => s + x * b[i]!, 0) /
      Math.sqrt(a.reduce((s, x) => s + x * x, 0) * b.reduce((s, x) => s + x * x, 0));
    expect(cos(vectors[0]!, vectors[2]!)).toBeGreaterThan(cos(vectors[0]!, vectors[1]!));
    expect((d.requests[0]!.body as { model: string }).model).toBe("text-embedding-3-small");
    expect(model.ledger.byRole().embedding).toMatchObject({ calls: 1, output: 0 });
    expect(model.ledger.byRole().embedding!.input).toBeGreaterThan(0);
  });

  it("without models.embedding, says which setting to add", async () => {
    const { model } = await setup([]);
    await expect(model.embed(["x"])).rejects.toThrow(SystemicError);
    await expect(model.embed(["x"])).rejects.toThrow(/models\.embedding\.model/);
  });
});
