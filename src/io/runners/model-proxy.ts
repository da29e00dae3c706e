// The recording proxy for the command runner (docs/agent-command.md "Model calls through skillops"):
// a node:http server, one per run, on 127.0.0.1 or on a Unix socket a sandbox's bridge reaches, that
// forwards the agent's model calls (and nothing else: model-route.ts) to the configured endpoint
// with an allowlist of its headers (upstream-headers.ts), counts tokens from the responses,
// and memoises each successful answer under (case, run index, sha256 of the request body,
// occurrence) as model-memo.ts does for the reference agent. It holds the real API key: the agent
// gets a per-run token that only this proxy accepts (docs/security.md). Only a 2xx with a valid
// OpenAI JSON or SSE body is stored; anything else passes through unstored, and an answer over the
// size cap is refused. Requests go out through the endpoint's rate gate (rate-gate.ts), shared with
// every other call of the process: a 429 or 503 keeps the agent's request waiting and is sent again,
// and reaches the agent only once the gate's wait bound is spent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { DEFAULT_MAX_ANSWER_BYTES } from "../../core/config/config.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { memoKey, type MemoScope } from "../../core/evaluate/model-memo.js";
import { estimateUsage } from "../../core/llm/usage-estimate.js";
import { isLimitedStatus, type RateGate } from "../llm/rate-gate.js";
import { decideCall, isRefused, type AllowedCall, type ModelRoute } from "../../core/sandbox/model-route.js";
import { tokenHeader, upstreamHeaders } from "../../core/sandbox/upstream-headers.js";

/** A recorded answer: the bytes the endpoint sent and their content type. */
export interface ProxyEntry {
  contentType: string;
  body: string;
}

export interface ProxyStore {
  get(key: string): Promise<ProxyEntry | undefined>;
  put(key: string, value: ProxyEntry): Promise<void>;
}

export interface ModelProxyOptions {
  /** The endpoint to forward to, e.g. https://api.openai.com/v1. */
  upstream: string;
  /** The model calls this agent makes (POST to each route's path); every other request gets a 403. */
  routes: readonly ModelRoute[];
  scope: MemoScope;
  store?: ProxyStore | undefined;
  /** The real key, added upstream in place of the agent's token; absent = the agent's headers pass as sent. */
  apiKey?: string | undefined;
  /** The per-run token the agent must present (Authorization: Bearer, or api-key); absent = none asked. */
  token?: string | undefined;
  /** Listen on this Unix socket (for a sandbox's bridge) instead of a TCP port on 127.0.0.1. */
  socket?: string | undefined;
  /** Largest answer (and request) passed on, in bytes; larger ones are refused with a 502. */
  maxAnswerBytes?: number | undefined;
  /** The endpoint's rate gate; absent = requests go out at once and a 429 passes straight back. */
  gate?: RateGate | undefined;
  /**
   * Waits before each new try of a request the endpoint's connection refused or dropped (refused,
   * reset, unreachable); once spent, the agent gets a 502. Default CONNECT_BACKOFF_MS.
   */
  connectBackoffMs?: readonly number[] | undefined;
}

/** A connection error to the endpoint is tried again after these waits, then answered 502. */
export const CONNECT_BACKOFF_MS: readonly number[] = [500, 2000, 5000];

export interface ModelProxy {
  /** For the agent's OPENAI_BASE_URL / SKILLOPS_MODEL_URL (TCP only; a socket's URL is the bridge's). */
  baseURL: string;
  /** Tokens of every answer the agent received (memo hits included: deployment cost). */
  usage(): Tokens;
  /** The part of usage() served from the memo. */
  reused(): Tokens;
  /** Requests answered (forwarded or replayed). */
  calls(): number;
  /** Requests the endpoint (or the memo) answered with a 2xx: model calls that worked. */
  okCalls(): number;
  /** Requests that never reached the endpoint: its connection failed on every try. */
  unreachable(): number;
  close(): Promise<void>;
}

/** Usage as chat completions (prompt_tokens…), the Responses API and Anthropic (input_tokens…) report it. */
type Raw = {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
};
const usageOfRaw = (u: Raw | undefined): Tokens => {
  if (!u) return ZERO_TOKENS;
  // Anthropic counts cache reads and writes apart from input_tokens; OpenAI's input includes them.
  const anthropicCache = (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
  return {
    input: u.prompt_tokens ?? (u.input_tokens ?? 0) + anthropicCache,
    output: u.completion_tokens ?? u.output_tokens ?? 0,
    cached:
      u.prompt_tokens_details?.cached_tokens ??
      u.input_tokens_details?.cached_tokens ??
      u.cache_read_input_tokens ??
      0,
  };
};

/** An event's usage: top level (chat), under `response` (Responses API) or `message` (Anthropic). */
type Carrier = { usage?: Raw; response?: { usage?: Raw }; message?: { usage?: Raw } };
const rawOf = (o: Carrier | undefined): Raw | undefined =>
  o?.usage ?? o?.response?.usage ?? o?.message?.usage;

/** Per field, the larger: a stream repeats usage cumulatively (Anthropic) or sends it once (OpenAI). */
const maxTokens = (a: Tokens, b: Tokens): Tokens => ({
  input: Math.max(a.input, b.input),
  output: Math.max(a.output, b.output),
  cached: Math.max(a.cached, b.cached),
});

/** Usage from a JSON body or from the `data:` events of a stream (the chunks that carry it). */
export function usageOfAnswer(entry: ProxyEntry): Tokens {
  const parse = (t: string) => {
    try {
      return JSON.parse(t) as Carrier;
    } catch {
      return undefined;
    }
  };
  if (!entry.contentType.includes("event-stream")) return usageOfRaw(rawOf(parse(entry.body)));
  return entry.body
    .split("\n")
    .filter((l) => l.startsWith("data:") && l.trim() !== "data: [DONE]")
    .reduce((u, l) => maxTokens(u, usageOfRaw(rawOf(parse(l.slice(5).trim())))), ZERO_TOKENS);
}

/** Thrown for a body over the cap: the agent gets a 502 that says so, nothing is stored. */
class TooLargeError extends Error {}

async function readCapped(chunks: AsyncIterable<Uint8Array>, cap: number, what: string): Promise<string> {
  const parts: Buffer[] = [];
  let bytes = 0;
  for await (const c of chunks) {
    bytes += c.length;
    if (bytes > cap)
      throw new TooLargeError(`${what} is over ${cap} bytes (evaluate.modelProxy.maxAnswerBytes); refused`);
    parts.push(Buffer.from(c));
  }
  return Buffer.concat(parts).toString("utf8");
}

function canonicalBody(text: string): string {
  try {
    return canonicalJson(JSON.parse(text));
  } catch {
    return text;
  }
}

interface ProxyState {
  opts: ModelProxyOptions;
  seen: Map<string, number>;
  usage: Tokens;
  reused: Tokens;
  calls: number;
  okCalls: number;
  unreachable: number;
}

const cap = (s: ProxyState) => s.opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;

interface Answer {
  status: number;
  contentType: string;
  body: string;
  retryAfter?: string | null;
  retryAfterMs?: string | null;
}

/** What a request may spend, for the rate gate: its estimate as a chat call, else its size. */
function requestTokens(body: string): number {
  const parsed = parsesAsObject(body);
  if (!parsed || !("messages" in parsed)) return Math.ceil(body.length / 4);
  const u = estimateUsage(parsed as Parameters<typeof estimateUsage>[0]);
  return u.input + u.output;
}

async function forward(
  s: ProxyState,
  req: IncomingMessage,
  call: AllowedCall,
  body: string,
): Promise<Answer> {
  const gate = s.opts.gate;
  if (!gate) return send(s, req, call, body);
  const tokens = requestTokens(body);
  const { result } = await gate.send(
    tokens,
    () => send(s, req, call, body),
    (a) => (isLimitedStatus(a.status) ? a : undefined),
  );
  const ok = result.status >= 200 && result.status < 300;
  const u = usageOfAnswer(result);
  gate.settle(tokens, ok ? u.input + u.output || tokens : 0);
  return result;
}

/** Thrown when every try to reach the endpoint failed to connect: the agent gets a 502 saying so. */
class UnreachableError extends Error {}

/** fetch's own failure to connect (undici puts the system error in `cause`), not an HTTP answer. */
function isConnectionError(e: unknown): boolean {
  const code = (e as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return e instanceof TypeError && typeof code === "string";
}

/** `sendOnce`, again after each backoff wait while the endpoint's connection fails. */
async function send(s: ProxyState, req: IncomingMessage, call: AllowedCall, body: string): Promise<Answer> {
  const waits = s.opts.connectBackoffMs ?? CONNECT_BACKOFF_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(s, req, call, body);
    } catch (e) {
      if (!isConnectionError(e)) throw e;
      const why = String((e as { cause?: { code?: unknown } }).cause?.code);
      if (attempt >= waits.length) {
        s.unreachable++;
        throw new UnreachableError(`the model endpoint is unreachable (${why}, ${attempt + 1} tries)`);
      }
      await new Promise((ok) => setTimeout(ok, waits[attempt]));
    }
  }
}

/** The request goes to the configured endpoint + the route's own path: never to its target or Host. */
async function sendOnce(
  s: ProxyState,
  req: IncomingMessage,
  call: AllowedCall,
  body: string,
): Promise<Answer> {
  const res = await fetch(`${s.opts.upstream.replace(/\/$/, "")}${call.upstreamPath}${call.search}`, {
    method: "POST",
    headers: upstreamHeaders(req.headers, s.opts),
    body,
  });
  const text = res.body ? await readCapped(res.body, cap(s), "the model's answer") : "";
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "application/json",
    body: text,
    retryAfter: res.headers.get("retry-after"),
    retryAfterMs: res.headers.get("retry-after-ms"),
  };
}

const parsesAsObject = (t: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(t);
    return v !== null && typeof v === "object" && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** True when a choice refused (`refusal` set on its message or delta): recorded, never reused. */
function refused(answer: Record<string, unknown> | undefined): boolean {
  const choices = Array.isArray(answer?.choices)
    ? (answer.choices as { message?: unknown; delta?: unknown }[])
    : [];
  return choices.some((c) =>
    [c.message, c.delta].some((m) => typeof (m as { refusal?: unknown } | undefined)?.refusal === "string"),
  );
}

/**
 * A chat completion worth keeping: JSON with a `choices` list, or a stream whose every event parses
 * and which ends with [DONE]; never a refusal.
 */
export function isStorableAnswer(entry: ProxyEntry): boolean {
  if (!entry.contentType.includes("event-stream")) {
    const answer = parsesAsObject(entry.body);
    return Array.isArray(answer?.choices) && !refused(answer);
  }
  const data = entry.body
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).trim());
  if (data.at(-1) !== "[DONE]" || data.length < 2) return false;
  const events = data.slice(0, -1).map(parsesAsObject);
  return events.every((e) => e !== undefined && !refused(e));
}

const errorBody = (message: string, type: string) =>
  JSON.stringify({ error: { message: `skillops model proxy: ${message}`, type } });

function refuse(res: ServerResponse, status: number, message: string, type: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(errorBody(message, type));
}

/** A CONNECT gets the same 403 as any request that is not a model call, written on the raw socket. */
function refuseTunnel(routes: readonly ModelRoute[], req: IncomingMessage, socket: Duplex): void {
  const call = decideCall({ method: "CONNECT", target: req.url ?? "", host: req.headers.host }, routes);
  const body = errorBody(isRefused(call) ? call.message : "CONNECT is not a model call", "not_a_model_call");
  const head = ["HTTP/1.1 403 Forbidden", "content-type: application/json", "connection: close"];
  socket.end(`${head.join("\r\n")}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

async function handle(s: ProxyState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (s.opts.token !== undefined && !tokenHeader(req.headers, s.opts.token))
    return refuse(
      res,
      401,
      "this run's token is missing or wrong (use OPENAI_API_KEY as given)",
      "auth_error",
    );
  const call = decideCall(
    { method: req.method ?? "", target: req.url ?? "", host: req.headers.host, upgrade: req.headers.upgrade },
    s.opts.routes,
  );
  if (isRefused(call))
    return refuse(
      res,
      call.status,
      call.message,
      call.status === 426 ? "upgrade_refused" : "not_a_model_call",
    );
  const body = await readCapped(req, cap(s), "the request");
  const memoised = call.route === "chat" && s.opts.store;
  const request = sha256Hex(`${call.upstreamPath}\n${canonicalBody(body)}`);
  const occurrence = s.seen.get(request) ?? 0;
  s.seen.set(request, occurrence + 1);
  const key = memoKey({ ...s.opts.scope, request, occurrence });
  const stored = memoised ? await s.opts.store!.get(key) : undefined;
  const answer = stored ? { status: 200, ...stored } : await forward(s, req, call, body);
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok) {
    s.okCalls++;
    const u = usageOfAnswer(answer);
    s.usage = addTokens(s.usage, u);
    if (stored) s.reused = addTokens(s.reused, u);
    else if (memoised && isStorableAnswer(answer))
      await s.opts.store!.put(key, { contentType: answer.contentType, body: answer.body });
  }
  s.calls++;
  const retryAfter = "retryAfter" in answer && answer.retryAfter ? { "retry-after": answer.retryAfter } : {};
  res.writeHead(answer.status, { "content-type": answer.contentType, ...retryAfter });
  res.end(answer.body);
}

function listen(server: Server, socket: string | undefined): Promise<void> {
  return new Promise<void>((ok, fail) => {
    server.once("error", fail);
    if (socket) server.listen(socket, () => ok());
    else server.listen(0, "127.0.0.1", () => ok());
  });
}

export async function startModelProxy(opts: ModelProxyOptions): Promise<ModelProxy> {
  const s: ProxyState = {
    ...{ opts, seen: new Map(), usage: ZERO_TOKENS, reused: ZERO_TOKENS },
    ...{ calls: 0, okCalls: 0, unreachable: 0 },
  };
  const server = createServer((req, res) => {
    handle(s, req, res).catch((e: unknown) => {
      if (res.headersSent) return void res.end();
      const type =
        e instanceof TooLargeError
          ? "too_large"
          : e instanceof UnreachableError
            ? "unreachable"
            : "proxy_error";
      refuse(res, 502, (e as Error).message, type);
    });
  });
  // A CONNECT would make the proxy a tunnel; node leaves it to this listener (none = a silent close).
  server.on("connect", (req: IncomingMessage, socket: Duplex) => refuseTunnel(opts.routes, req, socket));
  await listen(server, opts.socket);
  const address = server.address();
  const port = typeof address === "object" && address ? (address as AddressInfo).port : 0;
  return {
    baseURL: opts.socket ? "" : `http://127.0.0.1:${port}/v1`,
    usage: () => s.usage,
    reused: () => s.reused,
    calls: () => s.calls,
    okCalls: () => s.okCalls,
    unreachable: () => s.unreachable,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
