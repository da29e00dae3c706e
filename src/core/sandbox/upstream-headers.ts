// The headers the model proxy sends upstream (docs/security.md): an allowlist, not the agent's
// headers minus a few. A header is authority too: `OpenAI-Organization` and `OpenAI-Project` pick
// whose account a call bills and reads, a cookie or an `X-Forwarded-For` speaks for someone else.
// What a model call needs is its body's type, the answer's type, and the API-version and beta
// headers the OpenAI and Anthropic clients send; the key takes the place of the per-run token.

/** Sent upstream as the agent sent them; every other header stays with the proxy. */
export const FORWARDED_HEADERS: ReadonlySet<string> = new Set([
  "content-type",
  "accept",
  "user-agent",
  "anthropic-version",
  "anthropic-beta",
  "openai-beta",
]);

/** The headers a client may carry its key in: OpenAI's Bearer, Azure's api-key, Anthropic's x-api-key. */
const AUTH_HEADERS = ["authorization", "api-key", "x-api-key"] as const;
type AuthHeader = (typeof AUTH_HEADERS)[number];

type Headers = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The header that carried the per-run token, or undefined when the agent did not present it. */
export function tokenHeader(headers: Headers, token: string): AuthHeader | undefined {
  if (headers.authorization === `Bearer ${token}`) return "authorization";
  if (headers["api-key"] === token) return "api-key";
  if (headers["x-api-key"] === token) return "x-api-key";
  return undefined;
}

export interface KeySwap {
  /** The per-run token the agent presents; absent = no key is guarded and its own key passes. */
  token?: string | undefined;
  /** The real key, put in the header that carried the token (Authorization as a Bearer otherwise). */
  apiKey?: string | undefined;
}

/** The allowlisted headers of the agent's request, with the real key in place of its token. */
export function upstreamHeaders(headers: Headers, swap: KeySwap): Record<string, string> {
  const out: Record<string, string> = {};
  const passed = swap.token === undefined ? [...FORWARDED_HEADERS, ...AUTH_HEADERS] : FORWARDED_HEADERS;
  for (const name of passed) {
    const value = headers[name];
    if (typeof value === "string") out[name] = value;
  }
  if (swap.token === undefined || swap.apiKey === undefined) return out;
  const carrier = tokenHeader(headers, swap.token) ?? "authorization";
  out[carrier] = carrier === "authorization" ? `Bearer ${swap.apiKey}` : swap.apiKey;
  return out;
}
