// Rollback by revert. When a revert of a frontier PR merges (GitHub's button or `/skillops
// rollback`), and `bank.yml` on the default branch confirms the candidate is no longer deployed,
// the original PR is labelled `skillops:rolled-back` (which keeps the candidate from being proposed
// again — derived state, no database), and the feedback issues it shipped are reopened with a
// comment; then its section edits become nogoods in git (remember-rejection.ts). A revert of such a
// revert re-applies: the label goes, the issues are shipped again.
import { parseBankManifest } from "../../../records/bank-manifest.js";
import { FRONTIER_PREFIX, parseFrontierBranch, sameCandidate } from "../../../core/github/branch-name.js";
import { isOwnFrontierPull } from "../../../core/github/own-pull.js";
import type { ExistingPull, FrontierEnv } from "../../../core/github/port.js";
import { parsePrMarker } from "../../../records/pr-marker.js";
import { detectRevert, revertPrText, type RevertHint } from "../../../core/github/revert-detect.js";
import { commitInfo, revertCommit } from "../../../io/git/edit-tree.js";
import { fetchBranch, pushBranch } from "../../../io/git/remote.js";
import { authorize, deniedMessage } from "../../../core/github/permissions.js";
import { epochSeconds } from "../../../vocabulary/clock.js";
import {
  reopenIssue,
  shipIssue,
  transitionIssue,
  type IssueTransition,
} from "../../../core/github/issue-transition.js";
import { rememberRejection } from "./remember-rejection.js";
import { checkedCandidateId } from "../../../records/candidate-id.js";

export type RevertOutcome = "rolled-back" | "re-applied" | "unconfirmed" | "not-frontier";

const has = (labels: readonly string[], name: string) => labels.some((l) => l.toLowerCase() === name);

async function deployedCandidate(env: FrontierEnv): Promise<string | null> {
  const path = `${env.bankDir}/bank.yml`;
  const text = await env.repo.readFile(path);
  return text === null ? null : parseBankManifest(text, path).candidate;
}

/** The PR a revert PR undoes: named by its body or branch, else found by title among merged PRs. */
async function revertedPull(env: FrontierEnv, hint: RevertHint): Promise<ExistingPull | undefined> {
  if (hint.reverts) return env.repo.getPull(hint.reverts);
  if (!hint.revertedTitle) return undefined;
  const frontier = await env.repo.listPulls(FRONTIER_PREFIX);
  return frontier.find((p) => p.merged && p.title === hint.revertedTitle);
}

async function candidateOf(p: ExistingPull): Promise<string | undefined> {
  return parsePrMarker(p.body)?.candidate ?? parseFrontierBranch(p.headRef);
}

/** Handles a merged PR that looks like a revert; confirms from bank.yml before changing anything. */
export async function onRevertMerged(
  env: FrontierEnv,
  revert: { number: number },
  hint: RevertHint,
): Promise<RevertOutcome> {
  const target = await revertedPull(env, hint);
  if (!target || !target.merged) return "not-frontier";
  const deployed = await deployedCandidate(env);
  if (isOwnFrontierPull(target, env.botLogin)) {
    const candidate = (await candidateOf(target))!;
    if (deployed && sameCandidate(deployed, candidate)) return "unconfirmed"; // bank.yml still names it
    await rollBack(env, target, candidate, revert.number);
    return "rolled-back";
  }
  // A revert of a revert: the inner revert's target is deployed again.
  const inner = detectRevert(target, env.repo.owner, env.repo.repo);
  if (!inner) return "not-frontier";
  const original = await revertedPull(env, inner);
  if (!original || !isOwnFrontierPull(original, env.botLogin)) return "not-frontier";
  const candidate = (await candidateOf(original))!;
  if (!deployed || !sameCandidate(deployed, candidate)) return "unconfirmed";
  await reApply(env, original, candidate, revert.number);
  return "re-applied";
}

const runOf = (p: { body: string | null }) => {
  const run = parsePrMarker(p.body)?.run;
  return run ? { runId: run } : {};
};

/** The PR's own record of a rollback or a re-apply: a comment, then the label added or removed. */
function pullLabelTransition(
  env: FrontierEnv,
  target: ExistingPull,
  revert: number,
  rolledBack: boolean,
  body: string,
): IssueTransition {
  return {
    done: (i) => has(i.labels, "skillops:rolled-back") === rolledBack,
    kind: rolledBack ? "rolled-back" : "re-applied",
    pr: revert,
    body,
    finish: () =>
      rolledBack
        ? env.repo.addLabels(target.number, ["skillops:rolled-back"])
        : env.repo.removeLabel(target.number, "skillops:rolled-back"),
  };
}

/** Each step recomputable (issue-transition.ts): a repeat posts only what is missing. */
async function rollBack(
  env: FrontierEnv,
  target: ExistingPull,
  candidate: string,
  revert: number,
): Promise<void> {
  const { repo } = env;
  const issues = parsePrMarker(target.body)?.fixed ?? [];
  const said = `Rolled back by #${revert}: \`bank.yml\` no longer names candidate \`${checkedCandidateId(candidate)}\`. skillops will not propose this candidate again automatically; a maintainer can allow it again from the dashboard.${issues.length ? ` Reopened the feedback it had shipped: ${issues.map((i) => `#${i}`).join(", ")}.` : ""}`;
  await transitionIssue(env, target.number, pullLabelTransition(env, target, revert, true, said), target);
  for (const n of issues) {
    const text = `Reopened: the skill bank that fixed this (#${target.number}) was rolled back by #${revert}. It stays accepted, so the next evolution run works on it again.`;
    await transitionIssue(env, n, reopenIssue(repo, n, revert, text));
  }
  // After the rollback is recorded, so a failure to remember its edits never loses the rollback.
  if (target.mergeCommitSha)
    await rememberRejection(env, {
      number: target.number,
      pull: { origin: "rollback", mergeCommitSha: target.mergeCommitSha },
      candidateHash: candidate,
      reason: `#${target.number} rolled back by #${revert}`,
      ...runOf(target),
    });
  await env.refreshDashboard?.();
}

async function reApply(
  env: FrontierEnv,
  original: ExistingPull,
  candidate: string,
  revert: number,
): Promise<void> {
  const { repo } = env;
  const issues = parsePrMarker(original.body)?.fixed ?? [];
  const said = `Re-applied by #${revert} (a revert of the rollback): candidate \`${checkedCandidateId(candidate)}\` is deployed again.`;
  await transitionIssue(
    env,
    original.number,
    pullLabelTransition(env, original, revert, false, said),
    original,
  );
  for (const n of issues) {
    const text = `Shipped again: #${revert} re-applied the skill bank from #${original.number} that fixes this.`;
    await transitionIssue(env, n, shipIssue(repo, n, revert, text));
  }
  await env.refreshDashboard?.();
}

/**
 * `/skillops rollback` on a merged frontier PR: writes the revert commit with the git store (the
 * merge's changes undone on top of the default branch head), pushes `revert-<N>-<head>` and opens
 * the revert PR in GitHub's own shape, so merging it is handled like the Revert button's PR.
 */
export async function rollbackCommand(
  env: FrontierEnv,
  input: { pullRequest: number; sender: string },
): Promise<string> {
  const { repo } = env;
  const pull = await repo.getPull(input.pullRequest);
  if (!isOwnFrontierPull(pull, env.botLogin))
    return `#${pull.number} is not a skillops frontier PR; revert it with GitHub's Revert button instead.`;
  if (!pull.merged || !pull.mergeCommitSha)
    return `#${pull.number} is not merged, so there is nothing to roll back. Close it to reject the candidate.`;
  if (has(pull.labels, "skillops:rolled-back")) return `#${pull.number} is already rolled back.`;
  const verdict = await authorize(repo, input.sender, "rollback");
  if (!verdict.allowed) return deniedMessage(input.sender, verdict.role, "rollback", "rolling back");
  if (!env.git) return "Rollback needs git access, which this installation was not given.";
  const git = await env.git();
  const branch = `revert-${pull.number}-${pull.headRef}`;
  const existing = (await repo.listPulls("revert-")).find((p) => p.headRef === branch && p.state === "open");
  if (existing) return `The revert PR #${existing.number} is already open; merge it to roll back.`;
  const defaultBranch = await repo.defaultBranch();
  const head = await fetchBranch({ ...git, branch: defaultBranch });
  await commitInfo(git.gitdir, pull.mergeCommitSha); // fetched with the head: the merge is its ancestor
  const text = revertPrText(pull, repo.owner, repo.repo, input.sender);
  try {
    await revertCommit({
      gitdir: git.gitdir,
      commit: pull.mergeCommitSha,
      onto: head,
      branch,
      message: `${text.title}\n\nThis reverts commit ${pull.mergeCommitSha}, reversing changes made to the skill bank by #${pull.number}.`,
      author: env.author,
      timestamp: epochSeconds(env.now()),
    });
  } catch (error) {
    const paths = /changed again since: (.*)$/.exec((error as Error).message)?.[1];
    if (!paths) throw error;
    return `#${pull.number} cannot be reverted automatically: ${paths} changed on \`${defaultBranch}\` after it was merged. Revert it by hand (or with GitHub's Revert button, resolving the conflict); skillops handles the merged revert the same way.`;
  }
  await pushBranch({ ...git, branch, force: false });
  const created = await repo.createPull({
    title: text.title,
    body: text.body,
    head: branch,
    base: defaultBranch,
    draft: false,
  });
  return `Opened #${created.number}, which reverts #${pull.number}. Merge it to roll back; skillops then reopens the feedback issues and will not propose this candidate again automatically.`;
}
