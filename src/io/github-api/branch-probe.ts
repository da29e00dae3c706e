// The adapter side of branch-guard.ts: reads a branch's remote head (one REST call, and a fetch
// when it exists) and judges it; picks the first name of a family the app may write.
import { commitInfo } from "../git/edit-tree.js";
import { fetchBranch } from "../git/remote.js";
import {
  branchNames,
  judgeBranch,
  othersOpenPulls,
  type BranchOwner,
} from "../../core/github/branch-guard.js";
import type { ExistingPull, PublishGit, SkillRepo } from "../../core/github/port.js";

export interface ProbeContext {
  repo: Pick<SkillRepo, "branchHead">;
  git: PublishGit;
  botLogin: string;
  /** The PRs already listed for this branch family (to find people's open PRs on it). */
  pulls: readonly ExistingPull[];
}

export interface BranchProbe {
  branch: string;
  owner: BranchOwner;
  /** The remote head, fetched into the scratch gitdir; undefined when the branch is absent. */
  head?: string;
}

export async function probeBranch(ctx: ProbeContext, branch: string): Promise<BranchProbe> {
  const othersPulls = othersOpenPulls(ctx.pulls, branch, ctx.botLogin);
  const sha = await ctx.repo.branchHead(branch);
  if (!sha) return { branch, owner: judgeBranch({ head: undefined, othersPulls }) };
  const head = await fetchBranch({ ...ctx.git, branch });
  return { branch, owner: judgeBranch({ head: await commitInfo(ctx.git.gitdir, head), othersPulls }), head };
}

/** The first of `usual`, `usual-2` … that is absent or the app's own; undefined when all are foreign. */
export async function claimBranch(
  ctx: ProbeContext,
  usual: string,
): Promise<(BranchProbe & { leftAlone: string[] }) | undefined> {
  const leftAlone: string[] = [];
  for (const branch of branchNames(usual)) {
    const probe = await probeBranch(ctx, branch);
    if (probe.owner !== "foreign") return { ...probe, leftAlone };
    leftAlone.push(branch);
  }
  return undefined;
}
