// A chat completion as OpenAI sends it, with usage that follows the request: prompt tokens count the
// whole conversation the client sent (so an agent that loaded more skills pays more), completion
// tokens what the simulated model wrote.
import { tokensOf } from "../token-count.js";
import { epochSeconds } from "../../vocabulary/clock.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { promptText, type ChatRequestBody } from "./chat-request.js";

export interface SimToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** What a role decided: text (a structured answer is its JSON) or tool calls. */
export type SimAnswer = { content: string } | { toolCalls: SimToolCall[] };

export interface CompletionBody {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: unknown[];
  usage: Record<string, unknown>;
}

/** A stable id from the request, so identical requests give identical completions. */
export function requestDigest(body: ChatRequestBody): string {
  return sha256Hex(JSON.stringify(body.messages)).slice(0, 24);
}

export function buildSimCompletion(body: ChatRequestBody, answer: SimAnswer, now: Date): CompletionBody {
  const digest = requestDigest(body);
  const toolCalls =
    "toolCalls" in answer
      ? answer.toolCalls.map((t, i) => ({
          id: `call_${digest.slice(0, 12)}_${i}`,
          type: "function" as const,
          function: { name: t.name, arguments: JSON.stringify(t.arguments) },
        }))
      : undefined;
  const written =
    "content" in answer
      ? answer.content
      : (toolCalls ?? []).map((t) => t.function.name + t.function.arguments).join("");
  const input = tokensOf(promptText(body));
  const output = tokensOf(written);
  return {
    id: `chatcmpl-sim-${digest}`,
    object: "chat.completion",
    created: epochSeconds(now),
    model: body.model,
    choices: [
      {
        index: 0,
        finish_reason: toolCalls ? "tool_calls" : "stop",
        logprobs: null,
        message: {
          role: "assistant",
          content: "content" in answer ? answer.content : null,
          refusal: null,
          ...(toolCalls ? { tool_calls: toolCalls } : {}),
        },
      },
    ],
    usage: {
      prompt_tokens: input,
      completion_tokens: output,
      total_tokens: input + output,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
  };
}
