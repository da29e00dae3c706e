// The recording proxy for the command runner (docs/agent-command.md "Model calls through skillops"):
// a node:http server on 127.0.0.1, one per run, that forwards OpenAI-compatible requests to the
// configured endpoint, counts tokens from the responses, and memoises each 200 answer under (case,
// run index, sha256 of the request body, occurrence) as model-memo.ts does for the reference agent.
// Streaming answers (SSE) are recorded whole and replayed as the same bytes. A failure is never stored.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addUsage, ZERO_USAGE, type Usage } from "../../llm/model.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { memoKey, type MemoScope } from "../model-memo.js";

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
  scope: MemoScope;
  store?: ProxyStore | undefined;
}

export interface ModelProxy {
  /** For the agent's OPENAI_BASE_URL / SKILLOPS_MODEL_URL. */
  baseURL: string;
  /** Tokens of every answer the agent received (memo hits included: deployment cost). */
  usage(): Usage;
  /** The part of usage() served from the memo. */
  reused(): Usage;
  /** Requests answered (forwarded or replayed). */
  calls(): number;
  close(): Promise<void>;
}

type Raw = {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
};
const usageOfRaw = (u: Raw | undefined): Usage =>
  u
    ? {
        input: u.prompt_tokens ?? 0,
        output: u.completion_tokens ?? 0,
        cached: u.prompt_tokens_details?.cached_tokens ?? 0,
      }
    : ZERO_USAGE;

/** Usage from a JSON body or from the `data:` events of a stream (the chunk that carries it). */
export function usageOfAnswer(entry: ProxyEntry): Usage {
  const parse = (t: string) => {
    try {
      return JSON.parse(t) as { usage?: Raw };
    } catch {
      return undefined;
    }
  };
  if (!entry.contentType.includes("event-stream")) return usageOfRaw(parse(entry.body)?.usage);
  return entry.body
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .reduce((u, l) => addUsage(u, usageOfRaw(parse(l.slice(6))?.usage)), ZERO_USAGE);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
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
  usage: Usage;
  reused: Usage;
  calls: number;
}

const HOP_HEADERS = new Set(["host", "connection", "content-length", "transfer-encoding", "accept-encoding"]);

async function forward(s: ProxyState, req: IncomingMessage, path: string, body: string) {
  // Every header the agent sent (its key, an Azure `api-key`, …) except the hop's own.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string" && !HOP_HEADERS.has(name)) headers[name] = value;
  const res = await fetch(`${s.opts.upstream.replace(/\/$/, "")}${path}`, {
    method: req.method ?? "POST",
    headers,
    ...(req.method === "GET" ? {} : { body }),
  });
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "application/json",
    body: await res.text(),
  };
}

async function handle(s: ProxyState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? "/", "http://x").pathname.replace(/^\/v1/, "");
  const body = await readBody(req);
  const memoised = req.method === "POST" && path.endsWith("/chat/completions") && s.opts.store;
  const request = sha256Hex(`${path}\n${canonicalBody(body)}`);
  const occurrence = s.seen.get(request) ?? 0;
  s.seen.set(request, occurrence + 1);
  const key = memoKey({ ...s.opts.scope, request, occurrence });
  const stored = memoised ? await s.opts.store!.get(key) : undefined;
  const answer = stored ? { status: 200, ...stored } : await forward(s, req, path, body);
  if (answer.status === 200) {
    const u = usageOfAnswer(answer);
    s.usage = addUsage(s.usage, u);
    if (stored) s.reused = addUsage(s.reused, u);
    else if (memoised) await s.opts.store!.put(key, { contentType: answer.contentType, body: answer.body });
  }
  s.calls++;
  res.writeHead(answer.status, { "content-type": answer.contentType });
  res.end(answer.body);
}

export async function startModelProxy(opts: ModelProxyOptions): Promise<ModelProxy> {
  const s: ProxyState = { opts, seen: new Map(), usage: ZERO_USAGE, reused: ZERO_USAGE, calls: 0 };
  const server = createServer((req, res) => {
    handle(s, req, res).catch((e: unknown) => {
      if (res.headersSent) return void res.end();
      res.writeHead(502, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: { message: `skillops model proxy: ${(e as Error).message}`, type: "proxy_error" },
        }),
      );
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    usage: () => s.usage,
    reused: () => s.reused,
    calls: () => s.calls,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
