// The frontier side of branch-guard.ts: an open member PR whose branch a person wrote to is left
// alone (labelled, and its body names who), and a superseded PR's branch is deleted only when its
// head is the app's own push.
import type { Person } from "../../../records/person.js";
import { probeBranch } from "../../../io/github-api/branch-probe.js";
import type { ExistingPull, PublishGit, SkillRepo } from "../../../core/github/port.js";

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Who other than the app committed to a PR's branch; an amend keeps the app as author, so the
 * committer is named then. Only for the body's wording: whether the branch is foreign is the seal's. */
export async function foreignCommitters(
  input: { repo: SkillRepo; author: Person },
  pull: number,
): Promise<string[]> {
  const app = input.author.email;
  const names = (await input.repo.listPullCommits(pull))
    .filter((c) => !sameEmail(c.authorEmail, app) || !sameEmail(c.committerEmail, app))
    .map((c) => (sameEmail(c.authorEmail, app) ? c.committerEmail : c.authorName || c.authorEmail));
  return [...new Set(names)];
}

/** What the branch-guard needs to read a branch: the repository, git access, the bot's login. */
export interface BranchAccess {
  repo: SkillRepo;
  author: Person;
  botLogin: string;
  /** Publishing passes its scratch repository; handlers pass a factory (FrontierEnv.git). */
  git?: PublishGit | (() => Promise<PublishGit>);
}

/** Whether a PR's branch holds commits the app did not make (then it is kept, never deleted). */
export async function keepsBranch(input: BranchAccess, pull: ExistingPull): Promise<boolean> {
  const git = typeof input.git === "function" ? await input.git() : input.git;
  // Without git access the seal cannot be read: keep the branch unless every commit is the app's.
  if (!git) return (await foreignCommitters(input, pull.number)).length > 0;
  const ctx = { repo: input.repo, git, botLogin: input.botLogin, pulls: [] };
  return (await probeBranch(ctx, pull.headRef)).owner === "foreign";
}

/** An open member PR whose branch holds commits the app did not make: left alone, labelled, named. */
export async function blockedMember(
  input: { repo: SkillRepo; author: Person },
  candidate: string,
  pull: ExistingPull,
) {
  const names = await foreignCommitters(input, pull.number);
  if (!pull.labels.some((l) => l.toLowerCase() === "skillops:left-alone"))
    await input.repo.addLabels(pull.number, ["skillops:left-alone"]);
  return {
    candidate,
    branch: pull.headRef,
    pullRequest: pull.number,
    headSha: pull.headSha,
    foreign: names.length > 0 ? names : ["someone other than skillops"],
    outcome: "blocked" as const,
  };
}
