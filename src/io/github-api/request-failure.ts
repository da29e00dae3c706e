// What went wrong with a GitHub request, in words. Octokit reports a request that never got an answer
// (connection refused, no such host, a reset, fetch's own "fetch failed") as an error with status
// 500, which would read as GitHub's own server error: this names it a network failure instead.

const NETWORK_CODES = [
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
];

/** The network error code somewhere in the error's cause chain, or "fetch failed" / undefined. */
export function networkFailureOf(e: unknown): string | undefined {
  let at: unknown = e;
  let fetchFailed = false;
  for (let depth = 0; at !== undefined && at !== null && depth < 6; depth++) {
    const { code, message, cause } = at as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && NETWORK_CODES.includes(code)) return code;
    const text = typeof message === "string" ? message : "";
    const named = NETWORK_CODES.find((c) => text.includes(c));
    if (named) return named;
    if (/fetch failed/i.test(text)) fetchFailed = true;
    at = cause;
  }
  return fetchFailed ? "fetch failed" : undefined;
}

/** "network failure (ECONNREFUSED): …" for a request that got no answer, else "HTTP 404: …" or the message. */
export function describeRequestFailure(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const network = networkFailureOf(e);
  if (network !== undefined) return `network failure (${network}), no answer: ${message}`;
  const status = (e as { status?: unknown }).status;
  return typeof status === "number" ? `HTTP ${status}: ${message}` : message;
}
