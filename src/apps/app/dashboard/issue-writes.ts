// Whether a handler changed what the dashboard reads of one issue (its labels, state or title): when
// it did not, the event's payload still says what the issue is, and the dashboard's refresh need not
// read it again (incremental-refresh.ts).
import type { SkillRepo } from "../../../core/github/port.js";

/** `repo` with its label and issue writes to `number` noted; `touched()` says whether any ran. */
export function watchIssueWrites(
  repo: SkillRepo,
  number: number,
): { repo: SkillRepo; touched: () => boolean } {
  let touched = false;
  const note = (n: number) => {
    if (n === number) touched = true;
  };
  return {
    repo: {
      ...repo,
      addLabels: (n, labels) => (note(n), repo.addLabels(n, labels)),
      removeLabel: (n, label) => (note(n), repo.removeLabel(n, label)),
      updateIssue: (n, patch) => (note(n), repo.updateIssue(n, patch)),
    },
    touched: () => touched,
  };
}
