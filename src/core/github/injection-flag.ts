// Marks feedback that looks like prompt injection before anyone accepts it: the label
// `skillops:possible-injection` (which the dashboard reads) follows the heuristics on every delivery,
// so an edit that removes the text also removes the label.
import { detectInjection, type InjectionVerdict } from "../feedback/injection.js";
import type { FeedbackForm } from "../feedback/issue-form.js";
import { hasLabel } from "./labels.js";
import type { Issue, IssuesRepo } from "./port.js";

export async function flagInjection(
  repo: Pick<IssuesRepo, "addLabels" | "removeLabel">,
  issue: Issue,
  form: FeedbackForm,
): Promise<InjectionVerdict> {
  const verdict = detectInjection(form, issue.title);
  const labelled = hasLabel(issue.labels, "skillops:possible-injection");
  if (verdict.flagged && !labelled) await repo.addLabels(issue.number, ["skillops:possible-injection"]);
  if (!verdict.flagged && labelled) await repo.removeLabel(issue.number, "skillops:possible-injection");
  return verdict;
}
