// The endpoint's rate limit (models.rateLimit): one token bucket shared by every concurrent call,
// retry-after honoured (seconds and HTTP date), backoff with jitter on 429 and 503 without losing
// the call, and a clear transient failure once the bounded wait is spent. Time is a fake clock:
// the gate's waits are recorded, never slept, so nothing here depends on the machine's speed.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ModelsConfig } from "../../src/core/config/config.js";
import { RateLimitConfig } from "../../src/core/config/rate-limit-config.js";
import { jitteredBackoffMs, nextWaitMs, retryAfterMs } from "../../src/core/llm/backoff.js";
import { createTokenBucket } from "../../src/core/llm/token-bucket.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { createRateGate, type GateClock, type RateGate } from "../../src/io/llm/rate-gate.js";
import { startModelProxy, type ModelProxy } from "../../src/io/runners/model-proxy.js";
import { startOpenAIDouble, type DoubleReply, type OpenAIDouble } from "../support/openai-double.js";

const NOW = Date.parse("2026-12-02T10:00:00Z");
const Answer = z.object({ label: z.string() });
const ok: DoubleReply = { completion: { content: '{"label":"bug"}', usage: { input: 10, output: 5 } } };
const limited = (retryAfter: string): DoubleReply => ({
  status: 429,
  headers: { "retry-after": retryAfter },
  json: { error: { message: "slow down", type: "rate_limit", param: null, code: null } },
});

/** A clock stopped at NOW whose sleeps are recorded and return at once. */
function fakeClock(): GateClock & { slept: number[] } {
  const slept: number[] = [];
  return { slept, now: () => NOW, random: () => 0.5, sleep: async (ms) => void slept.push(ms) };
}

let double: OpenAIDouble | undefined;
let proxy: ModelProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await double?.close();
  proxy = double = undefined;
});

/** A model on the double behind `gate`, and one structured call of `role`. */
function asker(d: OpenAIDouble, gate: RateGate, role: "classifier" | "judge") {
  const config = ModelsConfig.parse({ baseURL: d.baseURL, maxRetries: 2, timeoutMs: 5_000 });
  const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" }, gate });
  return () =>
    model.structured({
      role,
      messages: [{ role: "user", content: role }],
      schema: Answer,
      schemaName: "answer",
    });
}

async function modelWith(script: DoubleReply[], rateLimit: Record<string, unknown>, clock = fakeClock()) {
  double = await startOpenAIDouble(script);
  const gate = createRateGate(RateLimitConfig.parse(rateLimit), clock);
  return { ask: asker(double, gate, "classifier"), clock, gate, double };
}

describe("retry-after and backoff", () => {
  it("reads delta-seconds, decimals, an HTTP date and retry-after-ms; a past date is 0; garbage is unknown", () => {
    expect(retryAfterMs({ retryAfter: "7" }, NOW)).toBe(7000);
    expect(retryAfterMs({ retryAfter: "0.25" }, NOW)).toBe(250);
    expect(retryAfterMs({ retryAfter: "Wed, 02 Dec 2026 10:00:05 GMT" }, NOW)).toBe(5000);
    expect(retryAfterMs({ retryAfter: "Wed, 02 Dec 2026 09:59:00 GMT" }, NOW)).toBe(0);
    expect(retryAfterMs({ retryAfter: "soon" }, NOW)).toBeUndefined();
    expect(retryAfterMs({ retryAfter: null }, NOW)).toBeUndefined();
    expect(retryAfterMs({ retryAfterMs: "1500", retryAfter: "9" }, NOW)).toBe(1500);
  });

  it("backs off exponentially with jitter, half fixed and half random, up to a ceiling", () => {
    expect([0, 1, 2].map((a) => jitteredBackoffMs(a, () => 0))).toEqual([500, 1000, 2000]);
    expect([0, 1, 2].map((a) => jitteredBackoffMs(a, () => 1))).toEqual([1000, 2000, 4000]);
    expect(jitteredBackoffMs(40, () => 1)).toBe(60_000);
  });

  it("waits the larger of retry-after and the backoff, and gives up rather than pass the bound", () => {
    const o = { maxWaitMs: 10_000, random: () => 0 };
    expect(nextWaitMs({ attempt: 0, waitedMs: 0 }, { ...o, retryAfterMs: 3000 })).toBe(3000);
    expect(nextWaitMs({ attempt: 3, waitedMs: 0 }, { ...o, retryAfterMs: 0 })).toBe(4000);
    expect(nextWaitMs({ attempt: 0, waitedMs: 8000 }, { ...o, retryAfterMs: 3000 })).toBeUndefined();
  });
});

describe("the token bucket", () => {
  it("lets a minute's worth of requests through, then spaces the rest in the order they asked", () => {
    const b = createTokenBucket({ requestsPerMinute: 2 });
    expect([0, 0, 0, 0].map(() => b.reserve(1, NOW))).toEqual([0, 0, 30_000, 60_000]);
    // A minute later the debt is paid and one slot has refilled.
    expect(b.reserve(1, NOW + 90_000)).toBe(0);
  });

  it("charges tokens per request, gives back what an answer did not use, and holds everyone for a retry-after", () => {
    const b = createTokenBucket({ tokensPerMinute: 600 });
    expect(b.reserve(600, NOW)).toBe(0);
    expect(b.reserve(100, NOW)).toBe(10_000);
    b.settle(-200); // the first used 400, not 600
    expect(b.reserve(100, NOW)).toBe(0);
    b.holdUntil(NOW + 5000);
    expect(b.reserve(0, NOW)).toBe(5000);
  });

  it("gives a refused request's tokens back: after a 429 and its retry, the next call waits for one request's tokens, not two", async () => {
    const clock = fakeClock();
    const gate = createRateGate(RateLimitConfig.parse({ tokensPerMinute: 600 }), clock);
    const answers = [{ status: 429, retryAfter: "1" }, undefined];
    const first = await gate.send(
      600,
      async () => answers.shift(),
      (a) => a,
    );
    expect(first.gaveUp).toBeUndefined();
    expect(clock.slept).toEqual([1000]); // the retry-after, and no token wait: the 429 cost nothing
    await gate.send(
      600,
      async () => undefined,
      () => undefined,
    );
    // The served request's 600 tokens refill in a minute; charging the refused one too would be two.
    expect(clock.slept).toEqual([1000, 60_000]);
  });

  it("refuses a negative or non-integer rate in the config with a clear message", () => {
    const r = RateLimitConfig.safeParse({ requestsPerMinute: -5 });
    expect(r.success ? "" : z.prettifyError(r.error)).toMatch(/requestsPerMinute/);
  });
});

describe("the model client behind the gate", () => {
  it("waits out 429s as retry-after says (seconds, then an HTTP date) and the call succeeds", async () => {
    const { ask, clock, double } = await modelWith(
      [limited("2"), limited("Wed, 02 Dec 2026 10:00:07 GMT"), ok],
      {},
    );
    const r = await ask();
    expect(r).toMatchObject({ ok: true, value: { label: "bug" } });
    expect(double.requests).toHaveLength(3);
    expect(clock.slept).toEqual([2000, 7000]);
  });

  it("backs off a 503 without retry-after with jittered exponential waits, without losing the call", async () => {
    const down: DoubleReply = { status: 503 };
    const { ask, clock, double } = await modelWith([down, down, down, ok], {});
    expect(await ask()).toMatchObject({ ok: true });
    expect(double.requests).toHaveLength(4);
    expect(clock.slept).toEqual([750, 1500, 3000]);
  });

  it("once the bounded wait is spent: a transient rate-limited failure that says why", async () => {
    const { ask, clock, double } = await modelWith([limited("4"), limited("4"), limited("4"), limited("4")], {
      maxWaitMs: 10_000,
    });
    const r = await ask();
    expect(r.ok ? undefined : r.failure).toEqual({
      kind: "rate-limited",
      message: expect.stringMatching(
        /after 2 retries and 8 s of waiting \(models.rateLimit.maxWaitMs is 10000 ms\)/,
      ),
    });
    expect(clock.slept).toEqual([4000, 4000]);
    expect(double.requests).toHaveLength(3);
  });

  it("two models of one run share one bucket: concurrent calls past the rate are spaced, not refused", async () => {
    const { ask, clock, double, gate } = await modelWith([ok, ok, ok, ok], { requestsPerMinute: 2 });
    const askOther = asker(double, gate, "judge");
    const results = await Promise.all([ask(), askOther(), ask(), askOther()]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(double.requests).toHaveLength(4);
    expect([...clock.slept].sort((a, b) => a - b)).toEqual([30_000, 60_000]);
  });
});

/** One chat request of an agent to a run proxy behind a gate with `rateLimit`, upstream the double. */
async function throughProxy(script: DoubleReply[], rateLimit: Record<string, unknown>) {
  double = await startOpenAIDouble(script);
  const clock = fakeClock();
  const gate = createRateGate(RateLimitConfig.parse(rateLimit), clock);
  const scope = { caseId: "c", runIndex: 0, settings: "s" };
  proxy = await startModelProxy({ upstream: double.baseURL, routes: ["chat"], scope, gate });
  const res = await fetch(`${proxy.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
  });
  return { res, clock, double, proxy };
}

describe("the run proxy behind the gate", () => {
  it("holds the agent's request through a 429 and answers it with the retried completion", async () => {
    const { res, clock, double, proxy } = await throughProxy([limited("3"), ok], {});
    expect(res.status).toBe(200);
    expect(double.requests).toHaveLength(2);
    expect(clock.slept).toEqual([3000]);
    expect(proxy.usage()).toMatchObject({ input: 10, output: 5 });
  });

  it("passes the 429 and its retry-after to the agent once the bound is spent", async () => {
    const { res, double } = await throughProxy([limited("3"), limited("3")], { maxWaitMs: 0 });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
    expect(double.requests).toHaveLength(1);
  });
});
