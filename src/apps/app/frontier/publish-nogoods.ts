// The nogoods an evolve run learned (docs/nogoods.md, "In git") reach the default branch through
// the path the app's rollbacks and closed PRs use (deploy/nogood-commit.ts): one app commit of the
// new `.skillops/nogoods/<id>.json` files on the default branch's head, fast-forward only, and one
// PR `skillops/nogoods-run-<id>` when the branch refuses the push. Not in the frontier PRs: a
// refusal holds whether or not any member is merged, and a run that admits nothing opens no PR.
// Committed before the members are published, so their PRs are based on the head that holds them.
import { fetchBranch } from "../../../io/git/remote.js";
import { commitNogoods, type NogoodCommit } from "../deploy/nogood-commit.js";
import type { PublishInput } from "./publish.js";

/** Undefined when the run learned nothing; otherwise what became of its nogoods. */
export async function publishRunNogoods(input: PublishInput): Promise<NogoodCommit | undefined> {
  const { record, repo, git } = input;
  const nogoods = record.nogoods?.created ?? [];
  if (nogoods.length === 0) return undefined;
  const defaultBranch = await repo.defaultBranch();
  const head = await fetchBranch({ ...git, branch: defaultBranch });
  const env = {
    repo,
    botLogin: input.botLogin,
    author: input.author,
    bankDir: input.bankDir,
    now: input.now,
  };
  return commitNogoods(env, git, {
    nogoods,
    from: `run ${record.runId}`,
    reason: `Evolution run ${record.runId}${input.runUrl ? ` (${input.runUrl})` : ""} refused these edits at the gate`,
    fallbackBranch: `skillops/nogoods-run-${record.runId}`,
    defaultBranch,
    head,
  });
}

/** One line for the job's log: `github nogoods committed 2 to main`. */
export function nogoodsLine(done: NogoodCommit): string {
  switch (done.kind) {
    case "nothing-new":
      return "github nogoods: all already on the default branch";
    case "committed":
      return `github nogoods committed ${done.paths.length} to ${done.branch}`;
    case "pull-request":
      return `github nogoods: the default branch refused the push (${done.refusal}), so ${done.existing ? "added" : "opened"} #${done.pullRequest} with ${done.paths.length}`;
    case "declined":
      return `github nogoods: not remembered, #${done.pullRequest} proposing them was closed unmerged`;
  }
}
