// The simulated classifier: the template rule (src/feedback/classify.ts) decides case vs
// experiential; experiential advice is the expectation, restated.
import { classifyByTemplate } from "../../feedback/classify.js";
import type { ClassifierAnswer } from "../../llm/prompts/classifier.js";
import type { ChatRequestBody } from "./chat-request.js";
import { readQuotedFeedback } from "./feedback-input.js";

export function answerClassifier(body: ChatRequestBody): ClassifierAnswer {
  const f = readQuotedFeedback(body);
  const c = classifyByTemplate(f);
  const advice = f.expected.replace(/\s+/g, " ").trim().slice(0, 2000);
  return {
    kind: c.kind,
    reason: c.reason.slice(0, 1000),
    advice: c.kind === "experiential" && advice ? advice : null,
  };
}
