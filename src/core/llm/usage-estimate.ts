// What a chat call may spend, reserved against the run's budget before the call goes out, and
// charged instead of the endpoint's figures when those are missing or invalid.
import type { Tokens } from "../../records/tokens.js";

/** Output tokens charged for a call whose role sets no `maxOutputTokens` and whose usage is unknown. */
export const OUTPUT_CEILING = 4096;

/**
 * What a call may spend, reserved before it goes out: its own size for input (a token is about
 * four characters of the serialized messages, tools and schema) and its output cap for output.
 */
export function estimateUsage(body: {
  messages: unknown;
  tools?: unknown;
  response_format?: unknown;
  max_completion_tokens?: number | null;
}): Tokens {
  const sent = JSON.stringify([body.messages, body.tools ?? null, body.response_format ?? null]);
  return {
    input: Math.ceil(sent.length / 4),
    output: body.max_completion_tokens ?? OUTPUT_CEILING,
    cached: 0,
  };
}
