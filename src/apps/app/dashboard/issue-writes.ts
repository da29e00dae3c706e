// The issue as a handler left it: its event's payload with the handler's own label writes applied
// (an add, or labels added with a comment in one request).
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
  const added = (n: number, names: readonly string[]) => {
    if (mine(n) && labels) labels.push(...names.filter((l) => !has(labels!, l)));
  };
  const createLabelling = repo.createCommentAddingLabels?.bind(repo);
  return {
    repo: {
      ...repo,
      addLabels: async (n, names) => {
        await repo.addLabels(n, names);
        added(n, names);
      },
      // A comment with labels in one request: the labels count as an add's when it added them.
      ...(createLabelling
        ? {
            createCommentAddingLabels: async (n: number, body: string, names: readonly string[]) => {
              const made = await createLabelling(n, body, names);
              if (made.labelled) added(n, names);
              return made;
            },
          }
        : {}),
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
