// The simulated classifier: the template rule (src/core/feedback/classify.ts) decides case vs
// experiential; experiential advice is the expectation, restated. Injection is what the intake
// heuristics (src/core/feedback/injection.ts) find first.
import { classifyByTemplate } from "../../core/feedback/classify.js";
import { detectInjection } from "../../core/feedback/injection.js";
import type { ClassifierAnswer } from "../../core/llm/prompts/classifier.js";
import type { ChatRequestBody } from "./chat-request.js";
import { readQuotedFeedback } from "./feedback-input.js";

export function answerClassifier(body: ChatRequestBody): ClassifierAnswer {
  const f = readQuotedFeedback(body);
  const c = classifyByTemplate(f);
  const suspicious = detectInjection(f, f.title).reasons[0];
  const advice = f.expected.replace(/\s+/g, " ").trim().slice(0, 2000);
  return {
    kind: c.kind,
    reason: c.reason.slice(0, 1000),
    advice: c.kind === "experiential" && advice ? advice : null,
    injection: suspicious ? `${suspicious.reason}: ${suspicious.evidence}`.slice(0, 500) : null,
  };
}
