// `stream: true` on the simulated endpoint: the completion it would have sent, as Chat Completions
// server-sent events (one delta chunk, a finish chunk, a usage chunk when `stream_options.include_usage`,
// then `data: [DONE]`), so a streaming client and the recording proxy can be driven over HTTP. Pure.
import type { CompletionBody } from "./completion.js";

interface Choice {
  index: number;
  finish_reason: string;
  message: { role: string; content: string | null; tool_calls?: unknown[] };
}

export function wantsStream(body: unknown): { stream: boolean; usage: boolean } {
  const b = (body ?? {}) as { stream?: unknown; stream_options?: { include_usage?: unknown } };
  return { stream: b.stream === true, usage: b.stream_options?.include_usage === true };
}

export function streamText(c: CompletionBody, includeUsage: boolean): string {
  const choice = c.choices[0] as Choice;
  const head = { id: c.id, object: "chat.completion.chunk", created: c.created, model: c.model };
  const toolCalls = choice.message.tool_calls?.map((t, index) => ({ index, ...(t as object) }));
  const delta = {
    role: "assistant",
    content: choice.message.content,
    ...(toolCalls ? { tool_calls: toolCalls } : {}),
  };
  const chunks: unknown[] = [
    { ...head, choices: [{ index: 0, delta, finish_reason: null, logprobs: null }] },
    { ...head, choices: [{ index: 0, delta: {}, finish_reason: choice.finish_reason, logprobs: null }] },
    ...(includeUsage ? [{ ...head, choices: [], usage: c.usage }] : []),
  ];
  return chunks.map((x) => `data: ${JSON.stringify(x)}\n\n`).join("") + "data: [DONE]\n\n";
}
