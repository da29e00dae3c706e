// A feedback case as its PR-body row shows it (plan.ts builds the body's input from these).
import type { Case } from "../../records/case.js";
import type { FeedbackCaseView } from "../render/pr-body/pr-body.js";
import { joinKinds, redactSecrets } from "../../vocabulary/redact-secrets.js";

/** A case's row in the PR body: its title redacted again (a pool file may predate redaction). */
export function feedbackCaseView(c: Case): FeedbackCaseView {
  const firstLine = redactSecrets(c.diagnosis.split("\n")[0] ?? "");
  const redacted = joinKinds(c.provenance.redacted, firstLine.kinds);
  return {
    id: c.id,
    category: c.category,
    ...(c.provenance.issue ? { issue: c.provenance.issue } : {}),
    title: firstLine.value,
    ...(redacted.length ? { redacted } : {}),
  };
}
