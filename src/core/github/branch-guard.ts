// The one rule for every branch the app writes (docs/github-app.md, "Conventions"): never
// force-push over a commit the app did not make. A branch is the app's to rewrite only when it is
// absent or its head is the app's last push, recognised by the commit's own seal
// (src/core/github/commit-seal.ts), never by author fields. Anything else — a person's commit on top, an
// amended or rebased app commit, a person's open PR on the branch — makes it foreign: the app
// leaves it alone and proposes on a fresh name instead (`<usual>-2` … `<usual>-9`). Pure.
import { isSealed, type SealedParts } from "./commit-seal.js";
import type { ExistingPull } from "./port.js";

export type BranchOwner = "absent" | "app" | "foreign";

export interface BranchFacts {
  /** The remote head commit; undefined when the branch does not exist. */
  head: SealedParts | undefined;
  /** Open PRs on the branch that the app did not open: pushing would change a person's PR. */
  othersPulls: readonly number[];
}

export function judgeBranch(facts: BranchFacts): BranchOwner {
  if (facts.othersPulls.length > 0) return "foreign";
  if (!facts.head) return "absent";
  return isSealed(facts.head) ? "app" : "foreign";
}

/** The most fresh names tried before the app gives up on a branch family. */
export const MAX_BRANCH_ATTEMPT = 9;

/** The names the app may write for `usual`, in the order it tries them. */
export function branchNames(usual: string): string[] {
  return [usual, ...Array.from({ length: MAX_BRANCH_ATTEMPT - 1 }, (_, i) => `${usual}-${i + 2}`)];
}

/** `usual` itself, or `<usual>-<n>` for n in 2…9: the name the app writes in place of `usual`. */
export function isBranchOf(ref: string, usual: string): boolean {
  return branchNames(usual).includes(ref);
}

/** Open PRs on `branch` opened by anyone but the app. */
export function othersOpenPulls(pulls: readonly ExistingPull[], branch: string, botLogin: string): number[] {
  return pulls
    .filter((p) => p.headRef === branch && p.state === "open" && !isAppPull(p, botLogin))
    .map((p) => p.number);
}

/** Whether the app opened the PR: the only PRs whose title, body and labels it may edit. */
export const isAppPull = (pull: { author: string | undefined }, botLogin: string): boolean =>
  (pull.author ?? "").toLowerCase() === botLogin.toLowerCase();

/** The note for a PR the app opened on a fresh name because the usual branch was left alone. */
export const freshBranchNote = (usual: string, fresh: string): string =>
  `The branch \`${usual}\` holds commits skillops did not make, so skillops leaves it alone and proposes this on \`${fresh}\` instead.`;
