// The rate limit of one endpoint, shared by every model call this process makes to it: the judge and
// the reference agent (openai.ts) and a command agent's calls through its run proxy (model-proxy.ts)
// take from one token bucket (token-bucket.ts), so `evaluate.concurrency` executions at once stay
// under `models.rateLimit`. A 429 or 503 holds every caller for its retry-after (or backoff), and
// the call that got it is sent again after that wait (backoff.ts), until its total wait would pass
// `maxWaitMs`: then its last answer is returned with `gaveUp` set, and the caller records a
// transient failure.
import { setTimeout as delay } from "node:timers/promises";
import { nextWaitMs, retryAfterMs } from "../../core/llm/backoff.js";
import { createTokenBucket, type TokenBucket } from "../../core/llm/token-bucket.js";
import type { RateLimitConfig } from "../../core/config/rate-limit-config.js";

/** A 429 or 503 as the caller read it from its answer. */
export interface Limited {
  status: number;
  retryAfter?: string | null | undefined;
  retryAfterMs?: string | null | undefined;
}

export interface Gated<T> {
  result: T;
  /** Set when the last answer was still a 429 or 503 and the wait bound was reached. */
  gaveUp?: { status: number; waitedMs: number; retries: number };
}

export interface RateGate {
  readonly maxWaitMs: number;
  /**
   * Sends under the bucket (`tokens`: the request's estimate); sends again after a 429 or 503
   * (`limitedOf` reads one from an answer) until the wait bound.
   */
  send<T>(
    tokens: number,
    send: () => Promise<T>,
    limitedOf: (r: T) => Limited | undefined,
  ): Promise<Gated<T>>;
  /** The request used `actual` tokens where `estimated` were reserved. */
  settle(estimated: number, actual: number): void;
}

export interface GateClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const SYSTEM: GateClock = { now: () => Date.now(), sleep: (ms) => delay(ms), random: Math.random };

export function createRateGate(config: RateLimitConfig, clock: GateClock = SYSTEM): RateGate {
  const bucket: TokenBucket = createTokenBucket(config);
  const { maxWaitMs } = config;
  const pause = async (ms: number) => {
    if (ms > 0) await clock.sleep(ms);
  };
  return {
    maxWaitMs,
    async send(tokens, send, limitedOf) {
      const state = { attempt: 0, waitedMs: 0 };
      for (;;) {
        await pause(bucket.reserve(tokens, clock.now()));
        const result = await send();
        const limited = limitedOf(result);
        if (!limited) return { result };
        const after = retryAfterMs(limited, clock.now());
        const wait = nextWaitMs(state, { retryAfterMs: after, maxWaitMs, random: clock.random });
        // On giving up the caller settles the last try (estimate → 0), which gives its tokens back.
        if (wait === undefined)
          return {
            result,
            gaveUp: { status: limited.status, waitedMs: state.waitedMs, retries: state.attempt },
          };
        // The refused request used no tokens: they are given back (a negative settle); its request
        // slot stays spent, as the endpoint counts it.
        bucket.settle(-tokens);
        // Every caller holds until then, not only this one: the endpoint is refusing them all. The
        // next turn's reservation waits for it.
        bucket.holdUntil(clock.now() + wait);
        state.attempt++;
        state.waitedMs += wait;
      }
    },
    settle: (estimated, actual) => bucket.settle(actual - estimated),
  };
}

const gates = new Map<string, RateGate>();

/** The one gate of this process for `endpoint` with these limits. */
export function rateGateFor(endpoint: string, config: RateLimitConfig): RateGate {
  const key = JSON.stringify([endpoint.replace(/\/+$/, ""), config]);
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = createRateGate(config)));
  return gate;
}

/** The status codes the gate waits out: rate limited, and overloaded. */
export const isLimitedStatus = (status: number | undefined) => status === 429 || status === 503;

/**
 * A fetch whose 429 and 503 answers say `x-should-retry: false`, so the `openai` SDK hands them to
 * the gate at once instead of retrying them itself (it still retries other errors, `maxRetries`).
 */
export function leaveLimitsToGate(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    if (!isLimitedStatus(res.status)) return res;
    const headers = new Headers(res.headers);
    headers.set("x-should-retry", "false");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}
