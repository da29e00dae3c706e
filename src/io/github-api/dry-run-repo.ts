// A SkillRepo for `--dry-run`: every read goes to GitHub, every write is recorded instead of sent.
// Comments it would post are kept in an overlay that later reads see, so a sweep followed by
// collecting the cases (evolve --github) works on what a real run would have written.
import type { Comment, SkillRepo } from "../../core/github/port.js";

export interface WouldWrite {
  /** The SkillRepo method that was not called, e.g. createComment, addLabels. */
  method: string;
  /** The issue or PR it targets, when it has one. */
  issue?: number;
  labels?: string[];
  body?: string;
}

const WRITES = [
  "createIssue",
  "updateIssue",
  "createComment",
  "updateComment",
  "deleteComment",
  "addLabels",
  "ensureLabels",
  "removeLabel",
  "reactToComment",
  "reactToIssue",
  "dispatchWorkflow",
  "createPull",
  "updatePull",
  "markReadyForReview",
  "deleteBranch",
  "createCheckRun",
  "startCheckRun",
  "updateCheckRun",
] as const satisfies readonly (keyof SkillRepo)[];

export function dryRunRepo(repo: SkillRepo, botLogin: string): { repo: SkillRepo; writes: WouldWrite[] } {
  const writes: WouldWrite[] = [];
  const posted = new Map<number, Comment[]>();
  const edited = new Map<number, string>();
  const issueOf = new Map<number, number>();
  const deleted = new Set<number>();
  let nextId = -1;
  const record: Partial<Record<keyof SkillRepo, (...a: never[]) => Promise<unknown>>> = {
    createComment: async (issue: number, body: string) => {
      writes.push({ method: "createComment", issue, body });
      const comment: Comment = { id: nextId--, body, author: botLogin, authorIsBot: true };
      posted.set(issue, [...(posted.get(issue) ?? []), comment]);
      issueOf.set(comment.id, issue);
      return comment;
    },
    updateComment: async (id: number, body: string) => {
      const issue = issueOf.get(id);
      writes.push({ method: "updateComment", ...(issue ? { issue } : {}), body });
      edited.set(id, body);
    },
    deleteComment: async (id: number) => {
      const issue = issueOf.get(id);
      writes.push({ method: "deleteComment", ...(issue ? { issue } : {}) });
      deleted.add(id);
    },
    addLabels: async (issue: number, labels: string[]) =>
      void writes.push({ method: "addLabels", issue, labels }),
    ensureLabels: async (labels: readonly string[]) =>
      void writes.push({ method: "ensureLabels", labels: [...labels] }),
    removeLabel: async (issue: number, label: string) =>
      void writes.push({ method: "removeLabel", issue, labels: [label] }),
    // Absent: the caller edits the REST way, recorded above, and reads what this overlay says.
    updateCommentReadingIssue: undefined,
    // Absent: the caller creates the comment and adds the labels separately, both recorded above.
    createCommentAddingLabels: undefined,
    listComments: async (issue: number) => {
      const list = [...(await repo.listComments(issue)), ...(posted.get(issue) ?? [])];
      for (const c of list) issueOf.set(c.id, issue);
      return list
        .filter((c) => !deleted.has(c.id))
        .map((c) => (edited.has(c.id) ? { ...c, body: edited.get(c.id)! } : c));
    },
  };
  for (const method of WRITES)
    record[method] ??= async (...args: never[]) => {
      writes.push({ method, ...(typeof args[0] === "number" ? { issue: args[0] } : {}) });
      throw new Error(`--dry-run: ${method} is a write and was not sent`);
    };
  const wrapped = new Proxy(repo, {
    get: (target, prop, receiver) =>
      prop in record ? record[prop as keyof SkillRepo] : Reflect.get(target, prop, receiver),
  });
  return { repo: wrapped, writes };
}
