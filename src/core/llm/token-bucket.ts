// One endpoint's rate limit as a token bucket with debt (virtual scheduling): a reservation is
// debited at once and told how long to wait until the balance it leaves is paid back, so concurrent
// callers are spaced in the order they asked, with no polling. Two lanes, requests and tokens, each
// holding at most one minute's worth; a 429's retry-after holds every caller (`holdUntil`). Pure:
// the caller passes the time in milliseconds.
export interface BucketRates {
  requestsPerMinute?: number | undefined;
  tokensPerMinute?: number | undefined;
}

export interface TokenBucket {
  /** Takes one request of `tokens`; returns how many ms to wait before sending it (0 = now). */
  reserve(tokens: number, now: number): number;
  /** Corrects a reservation once the real figure is known (`actual - estimated`; negative gives back). */
  settle(deltaTokens: number): void;
  /** No reservation goes out before `until` (the endpoint said so with retry-after). */
  holdUntil(until: number): void;
}

interface Lane {
  perMs: number;
  capacity: number;
  level: number;
  at: number | undefined;
}

const lane = (perMinute: number | undefined): Lane | undefined =>
  perMinute === undefined
    ? undefined
    : { perMs: perMinute / 60_000, capacity: perMinute, level: perMinute, at: undefined };

/** Refills `l` up to `now`, debits `cost`, and returns the wait until the balance is back to zero. */
function take(l: Lane, cost: number, now: number): number {
  const elapsed = l.at === undefined ? 0 : Math.max(0, now - l.at);
  l.level = Math.min(l.capacity, l.level + elapsed * l.perMs) - cost;
  l.at = Math.max(now, l.at ?? now);
  return l.level >= 0 ? 0 : Math.ceil(-l.level / l.perMs);
}

export function createTokenBucket(rates: BucketRates): TokenBucket {
  const requests = lane(rates.requestsPerMinute);
  const tokens = lane(rates.tokensPerMinute);
  let held = 0;
  return {
    reserve(cost, now) {
      const waits = [
        requests ? take(requests, 1, now) : 0,
        tokens ? take(tokens, Math.max(0, cost), now) : 0,
        held - now,
      ];
      return Math.max(0, ...waits);
    },
    settle(delta) {
      if (tokens) tokens.level = Math.min(tokens.capacity, tokens.level - delta);
    },
    holdUntil(until) {
      held = Math.max(held, until);
    },
  };
}
