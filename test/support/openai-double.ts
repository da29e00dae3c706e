// A local OpenAI-compatible HTTP server for tests, on 127.0.0.1. Every request is checked against
// OpenAI's published API description (OpenAPI 3.1 → JSON Schema 2020-12) and answered from a script:
// completions (also validated against the response schema, so scripts stay realistic), errors with
// headers (429 + retry-after, 5xx), hangs (for timeouts), garbage and truncated bodies. The real `openai`
// client talks to it over HTTP. The description is the subset committed in
// test/fixtures/openai-openapi (origin, MIT licence, trimming: its README), so no corpus is needed.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const here = dirname(fileURLToPath(import.meta.url));
export const OPENAPI_PATH = resolve(here, "../fixtures/openai-openapi/openapi.json");

export interface CompletionSpec {
  content?: string | null;
  toolCalls?: { id?: string; name: string; arguments: unknown }[];
  usage?: { input: number; output: number; cached?: number };
  refusal?: string;
  finishReason?: "stop" | "length" | "tool_calls" | "content_filter";
}

export type DoubleReply =
  | { completion: CompletionSpec; delayMs?: number }
  | { status: number; headers?: Record<string, string>; json?: unknown; text?: string }
  | { hang: true }
  | { garbage: string }
  /** A 200 whose body stops halfway: the connection closes before content-length bytes arrive. */
  | { truncated: true; completion?: CompletionSpec };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Problems against openapi.json; empty when the request is valid. */
  errors: string[];
  at: number;
}

export type DoubleScript = readonly DoubleReply[] | ((req: RecordedRequest, index: number) => DoubleReply);

export interface OpenAIDouble {
  baseURL: string;
  requests: RecordedRequest[];
  /** Problems with the script itself (invalid scripted responses, script exhausted). */
  scriptErrors: string[];
  /** The most requests that were being answered at the same time. */
  maxInFlight(): number;
  close(): Promise<void>;
}

type Validators = {
  request: ValidateFunction;
  response: ValidateFunction;
  embeddingsRequest: ValidateFunction;
  embeddingsResponse: ValidateFunction;
};
let validators: Validators | undefined;

/** OpenAPI 3.0-style `nullable` survives in parts of the document; turn it into JSON Schema. */
function dropNullable(x: unknown): void {
  if (Array.isArray(x)) return x.forEach(dropNullable);
  if (x === null || typeof x !== "object") return;
  const o = x as Record<string, unknown>;
  if ("nullable" in o) {
    if (o.nullable === true && typeof o.type === "string") o.type = [o.type, "null"];
    delete o.nullable;
  }
  for (const v of Object.values(o)) dropNullable(v);
}

function loadValidators(): Validators {
  if (validators) return validators;
  const doc = JSON.parse(readFileSync(OPENAPI_PATH, "utf8")) as {
    components: unknown;
    paths: Record<
      string,
      {
        post: {
          requestBody: { content: Record<string, { schema: unknown }> };
          responses: Record<string, { content: Record<string, { schema: unknown }> }>;
        };
      }
    >;
  };
  dropNullable(doc.components);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
  addFormats(ajv);
  ajv.addFormat("unixtime", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= 0 });
  ajv.addSchema({ $id: "openai", components: doc.components });
  const op = doc.paths["/chat/completions"]!.post;
  // Local $refs (#/components/...) must resolve inside the document we registered as "openai".
  const rebase = (s: unknown) =>
    JSON.parse(JSON.stringify(s).replaceAll('"#/components/', '"openai#/components/')) as object;
  const emb = doc.paths["/embeddings"]!.post;
  validators = {
    request: ajv.compile(rebase(op.requestBody.content["application/json"]!.schema)),
    response: ajv.compile(rebase(op.responses["200"]!.content["application/json"]!.schema)),
    embeddingsRequest: ajv.compile(rebase(emb.requestBody.content["application/json"]!.schema)),
    embeddingsResponse: ajv.compile(rebase(emb.responses["200"]!.content["application/json"]!.schema)),
  };
  return validators;
}

function describe(v: ValidateFunction): string[] {
  return (v.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
}

let completionSeq = 0;

/**
 * Embeddings are answered without a script: a hashed bag of word stems (64 dimensions), so texts
 * that share words are close, as with a real embedding model, and a test can predict the ranking.
 */
export function embedText(text: string, dims = 64): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const word of text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2)) {
    let h = 2166136261;
    for (const ch of word.slice(0, 6)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    v[(h >>> 0) % dims]! += 1;
  }
  return v;
}

function embeddingsBody(body: { model?: unknown; input?: unknown }): Record<string, unknown> {
  const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? "")];
  const tokens = inputs.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  return {
    object: "list",
    model: String(body.model ?? "embedding-model"),
    data: inputs.map((t, index) => ({ object: "embedding", index, embedding: embedText(t) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

/** A chat completion body as OpenAI sends it. */
export function buildCompletion(spec: CompletionSpec, model: string): Record<string, unknown> {
  const toolCalls = spec.toolCalls?.map((t, i) => ({
    id: t.id ?? `call_${++completionSeq}_${i}`,
    type: "function",
    function: {
      name: t.name,
      arguments: typeof t.arguments === "string" ? t.arguments : JSON.stringify(t.arguments),
    },
  }));
  const usage = spec.usage ?? { input: 10, output: 5 };
  return {
    id: `chatcmpl-double-${++completionSeq}`,
    object: "chat.completion",
    created: 1_764_460_800,
    model,
    choices: [
      {
        index: 0,
        finish_reason: spec.finishReason ?? (toolCalls?.length ? "tool_calls" : "stop"),
        logprobs: null,
        message: {
          role: "assistant",
          content: spec.content ?? null,
          refusal: spec.refusal ?? null,
          ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
        },
      },
    ],
    usage: {
      prompt_tokens: usage.input,
      completion_tokens: usage.output,
      total_tokens: usage.input + usage.output,
      prompt_tokens_details: { cached_tokens: usage.cached ?? 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** What answering one request needs: the validators, the script, and what the double records. */
interface Answering {
  v: Validators;
  script: DoubleScript;
  requests: RecordedRequest[];
  scriptErrors: string[];
  /** The index of the next scripted reply (counts only chat completions that reach the script). */
  nextReply: () => number;
}

const invalidRequest = (message: string) => ({
  error: { message, type: "invalid_request_error", param: null, code: null },
});

async function recordRequest(ctx: Answering, req: IncomingMessage): Promise<RecordedRequest> {
  const text = await readBody(req);
  const rec: RecordedRequest = {
    method: req.method ?? "",
    path: req.url ?? "",
    headers: req.headers,
    body: undefined,
    errors: [],
    at: Date.now(),
  };
  ctx.requests.push(rec);
  try {
    rec.body = JSON.parse(text);
  } catch {
    rec.errors.push("body is not JSON");
  }
  return rec;
}

/** Embeddings are not scripted: every valid request gets deterministic vectors. */
function answerEmbeddings(ctx: Answering, rec: RecordedRequest, res: ServerResponse): void {
  const { v } = ctx;
  if (!v.embeddingsRequest(rec.body)) rec.errors.push(...describe(v.embeddingsRequest));
  if (rec.errors.length > 0) return sendJson(res, 400, invalidRequest(rec.errors.join("; ")));
  const body = embeddingsBody(rec.body as { model?: unknown; input?: unknown });
  if (!v.embeddingsResponse(body))
    ctx.scriptErrors.push(`embeddings answer is invalid: ${describe(v.embeddingsResponse).join("; ")}`);
  return sendJson(res, 200, body);
}

/** Sends the scripted reply for chat completion `index`. */
async function sendReply(
  ctx: Answering,
  reply: DoubleReply,
  rec: RecordedRequest,
  index: number,
  res: ServerResponse,
): Promise<void> {
  if ("hang" in reply) return; // never answer; close() destroys the socket
  if ("truncated" in reply) {
    const full = JSON.stringify(buildCompletion(reply.completion ?? { content: "cut" }, "model"));
    res.writeHead(200, { "content-type": "application/json", "content-length": String(full.length) });
    res.write(full.slice(0, Math.floor(full.length / 2)));
    // Let the half body reach the client before the socket goes.
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  if ("garbage" in reply) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(reply.garbage);
    return;
  }
  if ("completion" in reply) {
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const body = buildCompletion(
      reply.completion,
      String((rec.body as { model?: unknown }).model ?? "model"),
    );
    if (!ctx.v.response(body))
      ctx.scriptErrors.push(
        `scripted completion ${index} is invalid: ${describe(ctx.v.response).join("; ")}`,
      );
    return sendJson(res, 200, body);
  }
  res.writeHead(reply.status, {
    "content-type": reply.text !== undefined ? "text/plain" : "application/json",
    ...reply.headers,
  });
  res.end(
    reply.text ??
      JSON.stringify(
        reply.json ?? {
          error: { message: `status ${reply.status}`, type: "server_error", param: null, code: null },
        },
      ),
  );
}

/** Record → embeddings, or a valid chat completion answered from the script; anything else is an error. */
async function answer(ctx: Answering, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const rec = await recordRequest(ctx, req);
  const pathname = new URL(req.url ?? "/", "http://x").pathname;
  if (req.method === "POST" && /\/embeddings$/.test(pathname)) return answerEmbeddings(ctx, rec, res);
  if (req.method !== "POST" || !/\/chat\/completions$/.test(pathname)) {
    rec.errors.push(`unexpected ${req.method} ${req.url}`);
    return sendJson(res, 404, invalidRequest("not found"));
  }
  if (!ctx.v.request(rec.body)) rec.errors.push(...describe(ctx.v.request));
  if (rec.errors.length > 0) return sendJson(res, 400, invalidRequest(rec.errors.join("; ")));
  const index = ctx.nextReply();
  const reply = typeof ctx.script === "function" ? ctx.script(rec, index) : ctx.script[index];
  if (!reply) {
    ctx.scriptErrors.push(`script exhausted at request ${index}`);
    return sendJson(
      res,
      500,
      { error: { message: "double: script exhausted", type: "server_error", param: null, code: null } },
      { "x-should-retry": "false" },
    );
  }
  return sendReply(ctx, reply, rec, index, res);
}

export async function startOpenAIDouble(script: DoubleScript): Promise<OpenAIDouble> {
  let replied = 0;
  const ctx: Answering = {
    v: loadValidators(),
    script,
    requests: [],
    scriptErrors: [],
    nextReply: () => replied++,
  };
  let inFlight = 0;
  let maxInFlight = 0;

  const server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    void answer(ctx, req, res);
  });
  // Idle keep-alive sockets stay open until close(): a loaded machine's client may reuse one at the
  // instant the server's 5 s timeout drops it, and the request fails with ECONNRESET.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests: ctx.requests,
    scriptErrors: ctx.scriptErrors,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** Problems of a response body against OpenAI's published schema (chat completion or embeddings); empty when valid. */
export function checkOpenAIResponse(kind: "chat" | "embeddings", body: unknown): string[] {
  const v = loadValidators();
  const validate = kind === "chat" ? v.response : v.embeddingsResponse;
  return validate(body) ? [] : describe(validate);
}
