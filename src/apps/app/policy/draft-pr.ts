// One pull request of generated files on a branch of the app's own (the cold-start bank, the policy
// channel's draft cases), made as the knowledge PR is: a sealed commit on the default branch head,
// a branch claimed with the branch guard (a branch holding commits the app did not make is never
// pushed to; the next name of the family is used), and a force push only over the app's own branch.
import { commitChanges, type PathWrite } from "../../../io/git/edit-tree.js";
import type { Person } from "../../../records/person.js";
import { pushBranch } from "../../../io/git/remote.js";
import { isAppPull, isBranchOf } from "../../../core/github/branch-guard.js";
import { claimBranch } from "../../../io/github-api/branch-probe.js";
import type { PublishGit, SkillRepo } from "../../../core/github/port.js";
import { epochSeconds, type Clock } from "../../../vocabulary/clock.js";

export interface DraftPrInput {
  repo: SkillRepo;
  git: PublishGit;
  botLogin: string;
  author: Person;
  now: Clock;
}

export interface DraftPr {
  branch: string;
  base: { branch: string; sha: string };
  writes: PathWrite[];
  title: string;
  body: string;
  message: string;
}

export type DraftPrOutcome =
  { ok: true; pullRequest: number; branch: string } | { ok: false; reason: string };

/** The app's open PR on a branch of this family, if any. */
export async function openDraftPull(input: DraftPrInput, branch: string) {
  const pulls = (await input.repo.listPulls(branch)).filter((p) => isBranchOf(p.headRef, branch));
  return {
    pulls,
    open: pulls.find((p) => p.state === "open" && isAppPull(p, input.botLogin)),
  };
}

export async function openDraftPr(input: DraftPrInput, pr: DraftPr): Promise<DraftPrOutcome> {
  const { repo, git } = input;
  const { pulls } = await openDraftPull(input, pr.branch);
  const probe = await claimBranch({ repo, git, botLogin: input.botLogin, pulls }, pr.branch);
  if (!probe)
    return { ok: false, reason: `every branch name of \`${pr.branch}\` holds commits skillops did not make` };
  await commitChanges({
    gitdir: git.gitdir,
    parent: pr.base.sha,
    branch: probe.branch,
    writes: pr.writes,
    message: pr.message,
    author: input.author,
    timestamp: epochSeconds(input.now()),
    seal: true,
  });
  await pushBranch({ ...git, branch: probe.branch, force: probe.owner === "app" });
  const created = await repo.createPull({
    title: pr.title,
    body: pr.body,
    head: probe.branch,
    base: pr.base.branch,
    draft: false,
  });
  const pull = await repo.getPull(created.number);
  if (!isAppPull(pull, input.botLogin))
    return { ok: false, reason: `#${created.number} on \`${probe.branch}\` is not skillops' own` };
  if (created.existed) await repo.updatePull(created.number, { title: pr.title, body: pr.body });
  return { ok: true, pullRequest: created.number, branch: probe.branch };
}
