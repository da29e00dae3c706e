// One SDK request through the endpoint's rate gate (rate-gate.ts): what the SDK threw is read as a
// 429 or 503 by its status and headers, and a call whose 429s and 503s outlast the wait bound ends
// in a GaveUpError carrying the transient failure to record.
import type { ModelFailure } from "../../core/llm/model.js";
import { isLimitedStatus, type Limited, type RateGate } from "./rate-gate.js";

/** A 429 or 503 still answered when the gate's wait bound was reached: a transient failure. */
export class GaveUpError extends Error {
  constructor(readonly failure: ModelFailure) {
    super(failure.message);
  }
}

type Settled<T> = { value: T } | { err: unknown };

/** The SDK's APIError, read by shape: its status and the answer's headers. */
function limitedOf<T>(r: Settled<T>): Limited | undefined {
  if (!("err" in r)) return undefined;
  const e = r.err as { status?: unknown; headers?: { get?: (name: string) => string | null } } | null;
  if (typeof e?.status !== "number" || !isLimitedStatus(e.status)) return undefined;
  const get = (name: string) => (typeof e.headers?.get === "function" ? e.headers.get(name) : undefined);
  return { status: e.status, retryAfter: get("retry-after"), retryAfterMs: get("retry-after-ms") };
}

/**
 * One request through `gate`; `tokens` is its estimate, settled to `used` of the answer (kept when
 * the answer reports no valid figure). Returns the
 * answer or throws what the SDK threw, or a GaveUpError once 429s and 503s outlast the wait bound.
 */
export async function throughGate<T>(
  gate: RateGate,
  tokens: number,
  call: () => Promise<T>,
  used: (v: T) => number,
): Promise<T> {
  const gated = await gate.send<Settled<T>>(
    tokens,
    () =>
      call().then(
        (value) => ({ value }),
        (err: unknown) => ({ err }),
      ),
    limitedOf,
  );
  const r = gated.result;
  const actual = "value" in r ? used(r.value) : 0;
  gate.settle(tokens, Number.isFinite(actual) && actual >= 0 ? actual : tokens);
  if (gated.gaveUp) {
    const { status, waitedMs, retries } = gated.gaveUp;
    const what = status === 429 ? "rate limited (429)" : "overloaded (503)";
    const last = "err" in r && r.err instanceof Error ? `: ${r.err.message}` : "";
    throw new GaveUpError({
      kind: status === 429 ? "rate-limited" : "server",
      message: `${what} after ${retries} retries and ${Math.round(waitedMs / 1000)} s of waiting (models.rateLimit.maxWaitMs is ${gate.maxWaitMs} ms)${last}`,
    });
  }
  if ("err" in r) throw r.err;
  return r.value;
}
