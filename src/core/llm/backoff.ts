// How long to wait after a 429 or 503 before asking again: what the endpoint's `retry-after` says
// (seconds or an HTTP date, or `retry-after-ms`), and never less than an exponential backoff with
// jitter, so an endpoint that keeps answering "retry now" is not hammered and the total wait grows
// to its bound (models.rateLimit.maxWaitMs), after which the call is a transient failure. Pure.

/** First backoff step and its ceiling. */
const BASE_MS = 1_000;
const CEILING_MS = 60_000;

/**
 * The wait a `retry-after` header asks for, in ms: delta-seconds (decimals accepted, as some
 * endpoints send) or an HTTP date (RFC 9110 §10.2.3) measured from `now`; undefined when absent or
 * unreadable; a date in the past is 0.
 */
export function retryAfterMs(
  header: { retryAfter?: string | null; retryAfterMs?: string | null },
  now: number,
): number | undefined {
  const ms = header.retryAfterMs?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const v = header.retryAfter?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.ceil(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Attempt 0, 1, 2 … waits 0.5–1 s, 1–2 s, 2–4 s … up to 30–60 s: half fixed, half random. */
export function jitteredBackoffMs(attempt: number, random: () => number): number {
  const step = Math.min(CEILING_MS, BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (random() * step) / 2);
}

export interface BackoffState {
  /** Retries already made after 429 or 503 answers. */
  attempt: number;
  /** What those retries have waited in total. */
  waitedMs: number;
}

/**
 * The wait before the next retry: the larger of retry-after and the jittered backoff; undefined
 * when waiting it would take the call past `maxWaitMs` in total (the call gives up).
 */
export function nextWaitMs(
  s: BackoffState,
  o: { retryAfterMs: number | undefined; maxWaitMs: number; random: () => number },
): number | undefined {
  const wait = Math.max(o.retryAfterMs ?? 0, jitteredBackoffMs(s.attempt, o.random));
  return s.waitedMs + wait > o.maxWaitMs ? undefined : wait;
}
