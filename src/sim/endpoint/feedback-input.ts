// The feedback a classifier or converter prompt quotes: the JSON inside the user message's ```json
// fence (src/core/llm/prompts/classifier.ts, converter.ts).
import { z } from "zod";
import { userText, type ChatRequestBody } from "./chat-request.js";

export const QuotedFeedback = z.object({
  title: z.string(),
  did: z.string(),
  expected: z.string(),
  evidence: z.string(),
  category: z.string(),
  skill: z.string().optional(),
});
export type QuotedFeedback = z.infer<typeof QuotedFeedback>;

export class FeedbackInputError extends Error {}

export function readQuotedFeedback(body: ChatRequestBody): QuotedFeedback {
  const json = /```json\n([\s\S]*)\n```/.exec(userText(body))?.[1];
  if (json === undefined) throw new FeedbackInputError("the user message holds no ```json block of feedback");
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw new FeedbackInputError(`the feedback block is not JSON: ${(e as Error).message}`);
  }
  const parsed = QuotedFeedback.safeParse(data);
  if (!parsed.success)
    throw new FeedbackInputError(`the feedback block is not feedback: ${parsed.error.message}`);
  return parsed.data;
}
