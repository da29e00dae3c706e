// Case or experiential knowledge? Experiential feedback is advice with no reproducible setup; it
// belongs in the skill's knowledge.md, not in the regression pool. The template rule is what the
// model-free converter uses; the model-backed classifier asks the classifier role.
import type { FeedbackForm } from "./issue-form.js";

export interface Classification {
  kind: "case" | "experiential";
  reason: string;
}

/** Evidence that says there is no input: "n/a", "none", "-", "general", "no specific input". */
const NO_INPUT =
  /^(n\/?a|none|-+|—|nothing|general( advice)?|no (specific )?(input|example|evidence)( available)?|not applicable)\.?$/i;

/** Deterministic rule: experiential exactly when the evidence field names no input. */
export function classifyByTemplate(form: FeedbackForm): Classification {
  if (NO_INPUT.test(form.evidence.trim()))
    return {
      kind: "experiential",
      reason: `the evidence ("${form.evidence.trim()}") names no input to replay`,
    };
  return { kind: "case", reason: "the evidence gives an input to replay" };
}
