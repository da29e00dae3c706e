// The Model implementation for any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, llama.cpp,
// Ollama) over Chat Completions — the only file that imports `openai`. 429 and 503 are waited out by
// the endpoint's shared rate gate (rate-gate.ts); other retries (408, 409, 5xx, connection errors)
// are the SDK's own. This file adds a concurrency limit shared by the run, the run's budget and
// usage-by-role ledger, one repair attempt for answers that are not valid JSON or fail their schema,
// and the mapping of every endpoint failure to a recorded `ModelFailure` instead of a crash.
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { setTimeout as delay } from "node:timers/promises";
import pLimit, { type LimitFunction } from "p-limit";
import { z } from "zod";
import type { ModelsConfig } from "../../core/config/config.js";
import { createLedgerFromConfig, type UsageLedger } from "../../core/llm/ledger.js";
import { completionProblem, isCutOff } from "../../core/llm/malformed-answer.js";
import { estimateUsage } from "../../core/llm/usage-estimate.js";
import {
  ModelCallError,
  SystemicError,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  type Model,
  type ModelFailure,
  type Role,
  type StructuredRequest,
  type StructuredResult,
} from "../../core/llm/model.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { leaveLimitsToGate, rateGateFor, type RateGate } from "./rate-gate.js";
import { GaveUpError, throughGate } from "./gated-call.js";

export interface OpenAIModelOptions {
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Share one ledger (budget, usage by role) across every model of a run. */
  ledger?: UsageLedger;
  /** Share one concurrency limit across every model of a run. */
  limit?: LimitFunction;
  /** Waits between retries of a malformed answer (tests pass one that records and returns at once). */
  sleep?: (ms: number) => Promise<void>;
  /** The endpoint's rate gate; by default the process's one for this endpoint and `models.rateLimit`. */
  gate?: RateGate;
}

export interface OpenAIModel extends Model {
  ledger: UsageLedger;
  /** One vector per text from `models.embedding`, for hybrid retrieval; usage is charged as `embedding`. */
  embed(texts: readonly string[]): Promise<number[][]>;
  /** Model name and settings of a role: the part of an agent's cache key that the model decides. */
  settingsKey(role: Role): string;
}

type Outcome = { ok: true; completion: ChatCompletion; usage: Tokens } | { ok: false; failure: ModelFailure };

export function toOpenAIMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case "system":
      case "user":
        return { role: m.role, content: m.content };
      case "assistant":
        return {
          role: "assistant",
          content: m.content,
          ...(m.toolCalls?.length
            ? {
                tool_calls: m.toolCalls.map((t) => ({
                  id: t.id,
                  type: "function" as const,
                  function: { name: t.name, arguments: t.arguments },
                })),
              }
            : {}),
        };
      case "tool":
        return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
    }
  });
}

/** The usage figures as the endpoint reported them, unchecked: the ledger decides which are valid. */
function reportedUsage(c: ChatCompletion): Partial<Record<keyof Tokens, unknown>> | undefined {
  const u = c.usage as unknown;
  if (typeof u !== "object" || u === null) return undefined;
  const r = u as { prompt_tokens?: unknown; completion_tokens?: unknown; prompt_tokens_details?: unknown };
  const details = r.prompt_tokens_details as { cached_tokens?: unknown } | null | undefined;
  return { input: r.prompt_tokens, output: r.completion_tokens, cached: details?.cached_tokens ?? 0 };
}

const NO_ANSWER = "network failure (no answer) from"; // not an HTTP status: the endpoint never answered
/** Endpoint errors become recorded failures; only configuration problems stop the run. */
function classify(err: unknown, baseURL: string): ModelFailure {
  if (err instanceof SystemicError || err instanceof APIUserAbortError) throw err;
  if (err instanceof GaveUpError) return err.failure;
  if (err instanceof AuthenticationError || err instanceof PermissionDeniedError) {
    throw new SystemicError(
      `the endpoint ${baseURL} rejected the API key (${err.status}): ${err.message}`,
      "config",
    );
  }
  if (err instanceof NotFoundError)
    throw new SystemicError(
      `the endpoint ${baseURL} answered 404 (wrong baseURL or model name?): ${err.message}`,
      "config",
    );
  if (err instanceof RateLimitError)
    return { kind: "rate-limited", message: `rate limited (429) after retries: ${err.message}` };
  if (err instanceof APIConnectionTimeoutError)
    return { kind: "timeout", message: `no answer within the timeout (after retries)` };
  if (err instanceof APIConnectionError)
    return { kind: "server", message: `${NO_ANSWER} ${baseURL}: ${err.message}` };
  if (err instanceof APIError && (err.status ?? 0) >= 500)
    return { kind: "server", message: `server error ${err.status} after retries: ${err.message}` };
  if (err instanceof APIError)
    return { kind: "other", message: `request failed (${err.status}): ${err.message}` };
  if (err instanceof SyntaxError)
    return { kind: "bad-response", message: `the endpoint answered a body that is not JSON: ${err.message}` };
  if (isCutOff(err))
    return {
      kind: "bad-response",
      message: `the endpoint's answer was cut off before its end: ${err.message}`,
    };
  return { kind: "other", message: err instanceof Error ? err.message : String(err) };
}

type Check<T> = { ok: true; value: T } | { ok: false; problem: ModelFailure };

function checkAnswer<T>(content: string, req: StructuredRequest<T>): Check<T> {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (err) {
    return {
      ok: false,
      problem: {
        kind: "invalid-json",
        message: `answer is not valid JSON (${(err as Error).message}): ${content.slice(0, 200)}`,
      },
    };
  }
  const parsed = req.schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problem: {
      kind: "schema",
      message: `answer does not match schema ${req.schemaName}: ${z.prettifyError(parsed.error)}`,
    },
  };
}

/** Ask; on an answer that is not JSON or fails the schema, show the model its answer and the error once. */
async function structuredWithRepair<T>(
  req: StructuredRequest<T>,
  send: (messages: ChatCompletionMessageParam[]) => Promise<Outcome>,
): Promise<StructuredResult<T>> {
  const messages = toOpenAIMessages(req.messages);
  let usage: Tokens = ZERO_TOKENS;
  let problem: ModelFailure = { kind: "other", message: "no attempt made" };
  for (let attempt = 0; attempt < 2; attempt++) {
    let outcome: Outcome;
    try {
      outcome = await send(messages);
    } catch (err) {
      if (err instanceof SystemicError && err.reason === "budget")
        return { ok: false, failure: { kind: "budget", message: err.message }, usage };
      throw err;
    }
    if (!outcome.ok) return { ok: false, failure: outcome.failure, usage };
    usage = addTokens(usage, outcome.usage);
    const msg = outcome.completion.choices[0]!.message;
    if (msg.refusal) return { ok: false, failure: { kind: "refusal", message: msg.refusal }, usage };
    const content = msg.content ?? "";
    const checked = checkAnswer(content, req);
    if (checked.ok) return { ok: true, value: checked.value, usage };
    problem = checked.problem;
    messages.push(
      { role: "assistant", content },
      {
        role: "user",
        content: `That answer was rejected: ${problem.message}\nReply again with only a JSON object that matches the schema.`,
      },
    );
  }
  return { ok: false, failure: problem, usage };
}

export function createOpenAIModel(config: ModelsConfig, opts: OpenAIModelOptions): OpenAIModel {
  const apiKey = opts.env[config.apiKeyEnv];
  if (!apiKey) {
    throw new SystemicError(
      `no API key: the environment variable ${config.apiKeyEnv} is not set (set it, or name another with models.apiKeyEnv; local servers accept any non-empty value)`,
      "config",
    );
  }
  const baseURL = config.baseURL ?? "https://api.openai.com/v1";
  const client = new OpenAI({
    apiKey,
    baseURL,
    maxRetries: config.maxRetries,
    timeout: config.timeoutMs,
    fetch: leaveLimitsToGate(opts.fetch ?? fetch),
  });
  const ledger = opts.ledger ?? createLedgerFromConfig(config);
  const limit = opts.limit ?? pLimit(config.concurrency);
  const sleep = opts.sleep ?? ((ms: number) => delay(ms));
  const gate = opts.gate ?? rateGateFor(baseURL, config.rateLimit);
  const endpoint: Endpoint = { client, config, baseURL, ledger, limit, sleep, gate, signal: opts.signal };
  return {
    ledger,
    settingsKey: (role) => JSON.stringify({ baseURL, ...config.roles[role] }),
    structured: (req) => askStructured(endpoint, req),
    embed: (texts) => embedTexts(endpoint, texts),
    chat: (req) => askChat(endpoint, req),
  };
}

/** One configured endpoint, shared by the three kinds of request a model makes. */
interface Endpoint {
  client: OpenAI;
  config: ModelsConfig;
  baseURL: string;
  ledger: UsageLedger;
  limit: LimitFunction;
  sleep: (ms: number) => Promise<void>;
  gate: RateGate;
  signal: AbortSignal | undefined;
}

/** The request options: only an abort signal, when the caller gave one. */
function requestOptions(e: Endpoint): { signal?: AbortSignal } {
  return e.signal ? { signal: e.signal } : {};
}

function bodyFor(
  config: ModelsConfig,
  role: Role,
  messages: ChatCompletionMessageParam[],
): ChatCompletionCreateParamsNonStreaming {
  const s = config.roles[role];
  return {
    model: s.model,
    messages,
    ...(s.temperature !== undefined ? { temperature: s.temperature } : {}),
    ...(s.maxOutputTokens !== undefined ? { max_completion_tokens: s.maxOutputTokens } : {}),
  };
}

/** Backoff before retrying a malformed answer: 0.5 s, 1 s, 2 s … capped at 8 s. */
const backoffMs = (attempt: number) => Math.min(8_000, 500 * 2 ** attempt);

/**
 * One chat completion under the budget and the shared limit; its usage is charged to `role`. A
 * malformed answer (truncated, not JSON, no choices) is retried here up to `maxRetries` times — the
 * SDK retries 429, 5xx and connection errors but not a 200 with a bad body.
 */
async function callChat(
  e: Endpoint,
  role: Role,
  body: ChatCompletionCreateParamsNonStreaming,
): Promise<Outcome> {
  const estimate = estimateUsage(body);
  for (let attempt = 0; ; attempt++) {
    // The reservation is taken when the call leaves the queue, so waiting calls see settled usage.
    const outcome = await e.limit(() => sendOnce(e, role, body, estimate));
    if (outcome.ok || outcome.failure.kind !== "bad-response" || attempt >= e.config.maxRetries)
      return outcome;
    await e.sleep(backoffMs(attempt));
  }
}

async function sendOnce(
  e: Endpoint,
  role: Role,
  body: ChatCompletionCreateParamsNonStreaming,
  estimate: Tokens,
): Promise<Outcome> {
  const reservation = e.ledger.reserve(role, body.model, estimate);
  let completion: unknown;
  try {
    const create = () => e.client.chat.completions.create(body, requestOptions(e));
    const used = (c: ChatCompletion) => Number(reportedUsage(c)?.input) + Number(reportedUsage(c)?.output);
    completion = await throughGate(e.gate, estimate.input + estimate.output, create, used);
  } catch (err) {
    let failure: ModelFailure;
    try {
      failure = classify(err, e.baseURL);
    } catch (systemic) {
      reservation.release();
      throw systemic;
    }
    // A cut-off or unparseable body may still have cost tokens: charge the estimate. An error
    // status means no answer was produced.
    if (failure.kind === "bad-response") reservation.settle(undefined);
    else reservation.release();
    return { ok: false, failure };
  }
  const problem = completionProblem(completion);
  if (problem) {
    reservation.settle(undefined);
    return { ok: false, failure: { kind: "bad-response", message: problem } };
  }
  const usage = reservation.settle(reportedUsage(completion as ChatCompletion));
  return { ok: true, completion: completion as ChatCompletion, usage };
}

async function askStructured<T>(e: Endpoint, req: StructuredRequest<T>): Promise<StructuredResult<T>> {
  let responseFormat: ReturnType<typeof zodResponseFormat>;
  try {
    responseFormat = zodResponseFormat(req.schema as never, req.schemaName);
  } catch (err) {
    throw new SystemicError(
      `schema ${req.schemaName} cannot be sent as a structured output: ${(err as Error).message}`,
      "config",
    );
  }
  return structuredWithRepair(req, (messages) =>
    callChat(e, req.role, { ...bodyFor(e.config, req.role, messages), response_format: responseFormat }),
  );
}

async function embedTexts(e: Endpoint, texts: readonly string[]): Promise<number[][]> {
  const model = e.config.embedding?.model;
  if (!model)
    throw new SystemicError(
      "no embedding model: set models.embedding.model in .github/skillops.yml for hybrid retrieval",
      "config",
    );
  const estimate = { ...estimateUsage({ messages: texts }), output: 0 };
  const reservation = e.ledger.reserve("embedding", model, estimate);
  let res;
  try {
    res = await e.limit(() =>
      throughGate(
        e.gate,
        estimate.input,
        () => e.client.embeddings.create({ model, input: [...texts] }, requestOptions(e)),
        (r) => Number((r.usage as { prompt_tokens?: unknown } | undefined)?.prompt_tokens),
      ),
    );
  } catch (err) {
    reservation.release();
    // Retrieval cannot go on without its vectors: a failure here stops the run with the reason.
    throw new ModelCallError(classify(err, e.baseURL));
  }
  if (!Array.isArray(res?.data) || res.data.length !== texts.length) {
    reservation.settle(undefined);
    throw new ModelCallError({
      kind: "bad-response",
      message: `the endpoint answered ${Array.isArray(res?.data) ? res.data.length : "no"} embeddings for ${texts.length} texts`,
    });
  }
  reservation.settle({
    input: (res.usage as { prompt_tokens?: unknown } | undefined)?.prompt_tokens,
    output: 0,
  });
  return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
}

async function askChat(e: Endpoint, req: ChatRequest): Promise<ChatResult> {
  const tools = req.tools?.map((t) => ({
    type: "function" as const,
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
  const outcome = await callChat(e, req.role, {
    ...bodyFor(e.config, req.role, toOpenAIMessages(req.messages)),
    ...(tools?.length ? { tools } : {}),
    ...(req.seed !== undefined ? { seed: req.seed } : {}),
  });
  if (!outcome.ok) throw new ModelCallError(outcome.failure);
  const choice = outcome.completion.choices[0]!;
  const toolCalls = (choice.message.tool_calls ?? []).flatMap((t) =>
    t.type === "function" ? [{ id: t.id, name: t.function.name, arguments: t.function.arguments }] : [],
  );
  return {
    message: {
      role: "assistant",
      content: choice.message.content ?? null,
      ...(toolCalls.length ? { toolCalls } : {}),
      ...(choice.message.refusal ? { refusal: choice.message.refusal } : {}),
    },
    usage: outcome.usage,
    finishReason: choice.finish_reason ?? "unknown",
  };
}
