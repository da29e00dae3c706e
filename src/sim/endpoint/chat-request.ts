// What the simulated endpoint reads from a chat-completions request body. Validation is loose on
// purpose: the endpoint answers what a real model would, so it only needs the messages, the tools
// and the requested response format.
import { z } from "zod";

const ToolCallBody = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const MessageBody = z.object({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z
    .union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }))])
    .nullish(),
  tool_calls: z.array(ToolCallBody).nullish(),
  tool_call_id: z.string().optional(),
});
export type MessageBody = z.infer<typeof MessageBody>;

export const ChatRequestBody = z.object({
  model: z.string().min(1),
  messages: z.array(MessageBody).min(1),
  tools: z
    .array(z.object({ type: z.literal("function"), function: z.object({ name: z.string() }) }))
    .optional(),
  response_format: z
    .object({
      type: z.string(),
      json_schema: z
        .object({ name: z.string(), schema: z.record(z.string(), z.unknown()).optional() })
        .optional(),
    })
    .optional(),
  /** The sampling seed a client sends (the reference agent: its run index). */
  seed: z.number().int().optional(),
});
export type ChatRequestBody = z.infer<typeof ChatRequestBody>;

/** A message's text, whether sent as a string or as text parts. */
export function textOf(m: MessageBody): string {
  if (typeof m.content === "string") return m.content;
  return (m.content ?? []).map((p) => p.text ?? "").join("");
}

/** Everything a model reads from the request: each message's text and tool-call arguments. */
export function promptText(body: ChatRequestBody): string {
  return body.messages
    .map((m) =>
      [textOf(m), ...(m.tool_calls ?? []).map((t) => `${t.function.name}${t.function.arguments}`)].join(""),
    )
    .join("\n");
}

export function userText(body: ChatRequestBody): string {
  return body.messages
    .filter((m) => m.role === "user")
    .map(textOf)
    .join("\n");
}
