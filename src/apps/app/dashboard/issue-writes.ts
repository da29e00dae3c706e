// The issue as a handler left it: its event's payload with the handler's own label writes applied.
// The dashboard reads an issue's labels, state and title; while the handler only added or removed
// labels, the payload plus those writes still says what the issue is, and the dashboard's refresh
// need not read it again (incremental-refresh.ts). Any other write to it makes it unknown.
import type { Issue, SkillRepo } from "../../../core/github/port.js";

/** `repo` with its writes to `issue` noted; `current()` is the issue now, or undefined when unknown. */
export function watchIssueWrites(
  repo: SkillRepo,
  issue: Issue,
): { repo: SkillRepo; current: () => Issue | undefined } {
  let labels: string[] | undefined = [...issue.labels];
  const mine = (n: number) => n === issue.number;
  const has = (names: readonly string[], name: string) =>
    names.some((l) => l.toLowerCase() === name.toLowerCase());
  return {
    repo: {
      ...repo,
      addLabels: async (n, added) => {
        await repo.addLabels(n, added);
        if (mine(n) && labels) labels.push(...added.filter((l) => !has(labels!, l)));
      },
      removeLabel: async (n, label) => {
        await repo.removeLabel(n, label);
        if (mine(n) && labels) labels = labels.filter((l) => !has([label], l));
      },
      updateIssue: (n, patch) => {
        if (mine(n)) labels = undefined;
        return repo.updateIssue(n, patch);
      },
    },
    current: () => (labels ? { ...issue, labels: [...labels] } : undefined),
  };
}
