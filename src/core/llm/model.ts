// The one seam between skillops and any language model. Roles depend on this interface; the
// OpenAI-compatible client, the record/replay model and the simulated world implement it.
import type { z } from "zod";
import type { Tokens } from "../../records/tokens.js";

export const ROLES = [
  "converter",
  "classifier",
  "diagnoser",
  "consolidator",
  "rewriter",
  "judge",
  "agent",
  "segmenter",
  "skill-writer",
  "gap-surfacer",
  "trajectory-analyst",
  "auditor",
  "tool-smith",
  "strategist",
] as const;
export type Role = (typeof ROLES)[number];

export interface ToolCall {
  id: string;
  name: string;
  /** JSON text as the model produced it; tools parse and validate it. */
  arguments: string;
}

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | {
      role: "assistant";
      content: string | null;
      toolCalls?: ToolCall[];
      /** The model declined (OpenAI's `refusal`); its content is then null. */
      refusal?: string;
    }
  | { role: "tool"; toolCallId: string; content: string };

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface StructuredRequest<T> {
  role: Role;
  messages: ChatMessage[];
  schema: z.ZodType<T>;
  /** Name sent with the JSON schema (`response_format.json_schema.name`). */
  schemaName: string;
}

/** Why a call produced no usable answer; a recorded outcome, not an exception. */
export interface ModelFailure {
  kind:
    | "invalid-json"
    | "schema"
    | "refusal"
    | "timeout"
    | "rate-limited"
    | "server"
    | "bad-response"
    | "budget"
    | "other";
  message: string;
}

/**
 * Failures that say nothing about the prompt or the skills (rate limits, 5xx, timeouts, truncated or
 * malformed bodies): recorded, retried by the next run, never cached.
 */
const TRANSIENT_KINDS: ReadonlySet<ModelFailure["kind"]> = new Set([
  "rate-limited",
  "server",
  "timeout",
  "bad-response",
]);

export function isTransient(failure: ModelFailure): boolean {
  return TRANSIENT_KINDS.has(failure.kind);
}

export type StructuredResult<T> =
  { ok: true; value: T; usage: Tokens } | { ok: false; failure: ModelFailure; usage: Tokens };

export interface ChatRequest {
  role: Role;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /**
   * Chat Completions `seed`: asks the endpoint to sample reproducibly. The reference agent sends its
   * run index, so run i of a case can be repeated while the n runs of a case still differ.
   */
  seed?: number;
}

export interface ChatResult {
  message: Extract<ChatMessage, { role: "assistant" }>;
  usage: Tokens;
  finishReason: string;
}

export interface Model {
  /** Ask for an answer matching `schema`; one repair attempt, then a recorded failure. */
  structured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>>;
  /** Plain chat with tools, for agents. Throws only on systemic failures (no key, bad config, budget). */
  chat(request: ChatRequest): Promise<ChatResult>;
}

/** An error that must stop the whole run (missing key, bad config, spent budget): never a per-case result. */
export class SystemicError extends Error {
  override name = "SystemicError";
  constructor(
    message: string,
    readonly reason: "config" | "budget" | "other" = "other",
  ) {
    super(message);
  }
}

/** A chat call that produced no answer (rate limit, 5xx, timeout, garbage); agents record it as a failed run. */
export class ModelCallError extends Error {
  override name = "ModelCallError";
  constructor(readonly failure: ModelFailure) {
    super(`${failure.kind}: ${failure.message}`);
  }
}
