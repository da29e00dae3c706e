// The simulated converter: writes the case as the template converter would (src/core/feedback/to-case.ts:
// the evidence is the prompt, quoted strings of the expectation become checks, else one judge
// criterion), every key present and null when absent, as strict structured outputs send it.
import { rubricFromExpectation } from "../../core/feedback/to-case.js";
import type { ConverterAnswer, ConverterRubricItem } from "../../core/llm/prompts/converter.js";
import type { RubricItem } from "../../records/case.js";
import type { ChatRequestBody } from "./chat-request.js";
import { readQuotedFeedback } from "./feedback-input.js";

function withNulls(item: RubricItem): ConverterRubricItem[] {
  switch (item.type) {
    case "contains":
    case "not-contains":
      return [
        { type: item.type, value: item.value, path: item.path ?? null, ignoreCase: item.ignoreCase ?? null },
      ];
    case "judge":
      return [{ type: "judge", criterion: item.criterion }];
    default:
      return []; // the template converter writes no other kind
  }
}

export function answerConverter(body: ChatRequestBody): ConverterAnswer {
  const f = readQuotedFeedback(body);
  const diagnosis = `What the agent did: ${f.did.trim()} What it should have done: ${f.expected.trim()}`
    .replace(/\s+/g, " ")
    .slice(0, 2000);
  const rubric = rubricFromExpectation(f.expected).flatMap(withNulls).slice(0, 8);
  return {
    diagnosis,
    prompt: (f.evidence.trim() || f.title.trim() || "(no evidence given)").slice(0, 20_000),
    rubric: rubric.length
      ? rubric
      : [{ type: "judge", criterion: "The answer does what the feedback expects." }],
  };
}
