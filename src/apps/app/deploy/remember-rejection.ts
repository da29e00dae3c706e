// A frontier PR a person rolled back or closed unmerged becomes nogoods at the level of its edits
// (docs/nogoods.md, "Rollbacks and closed PRs"), computed by the app itself: the banks from git
// (rejected-banks.ts), the nogoods from the pure core (rejectedNogoods), the files committed to the
// default branch (nogood-commit.ts), one comment on the PR saying what was remembered. It runs after
// the rollback or rejection itself is recorded and never throws: a failure is one comment.
import { rejectedNogoods } from "../../../core/nogoods/rejected-nogoods.js";
import { NOGOODS_DIR } from "../../../records/nogood-file.js";
import { fetchBranch } from "../../../io/git/remote.js";
import { CONFIG_PATH, validateConfigText } from "../config-load.js";
import type { Comment, FrontierEnv } from "../../../core/github/port.js";
import { commitNogoods, type NogoodCommit } from "./nogood-commit.js";
import { rejectedBanks, type RejectedPull } from "./rejected-banks.js";
import { upsertOwnedComment } from "../../../core/render/comments/owned-comment.js";
import { ownedMarker } from "../../../core/render/comments/owned-marker.js";

export interface RememberInput {
  /** The rejected frontier PR (commented on). */
  number: number;
  pull: RejectedPull;
  candidateHash: string;
  /** `#41 rolled back by #57`, `#41 closed unmerged by @alice`. */
  reason: string;
  runId?: string;
}

export type RememberOutcome = NogoodCommit["kind"] | "no-edits" | "failed" | "off";

const MERGE_BASE_NOTE = (branch: string) =>
  ` The PR's head is not skillops's own commit (someone pushed to it), so its edits were taken against its merge-base with \`${branch}\`.`;

function commentFor(done: NogoodCommit, viaMergeBase: boolean, defaultBranch: string): string | undefined {
  if (done.kind === "nothing-new") return undefined; // already remembered (a redelivered event)
  if (done.kind === "declined")
    return `Did not remember this candidate's edits as nogoods: #${done.pullRequest}, which proposed them, was closed without merging, and skillops does not open it again. Reopen and merge it to keep them.`;
  const ids = done.paths.map((p) => p.slice(NOGOODS_DIR.length + 1, NOGOODS_DIR.length + 9)).join(", ");
  const note = viaMergeBase ? MERGE_BASE_NOTE(defaultBranch) : "";
  if (done.kind === "committed")
    return `Remembered ${done.paths.length} edit(s) as nogoods (\`${NOGOODS_DIR}/\`: ${ids}): the next runs will not propose them again while those skills are unchanged.${note}`;
  return `Could not push nogoods to \`${defaultBranch}\` (${done.refusal}), so ${done.existing ? "added to" : "opened"} #${done.pullRequest} with ${done.paths.length} edit(s) as nogoods (\`${NOGOODS_DIR}/\`: ${ids}): merge it so the next runs do not propose them again.${note}`;
}

/**
 * The PR's one nogoods comment: created once, edited in place, so a redelivery repeats nothing. Its
 * marker keeps the outcome, so a redelivery after a success stops before touching git.
 */
const say = (
  env: FrontierEnv,
  at: { number: number; comments: Comment[] },
  body: string,
  outcome: RememberOutcome,
) => upsertOwnedComment(env, at.number, NOGOODS_COMMENT, body, { outcome }, at.comments);

const NOGOODS_COMMENT = "nogoods";
// A fallback PR is not settled: a person may still close it, and a redelivery then says so.
const SETTLED: readonly unknown[] = ["committed", "declined"];

/** True when this PR's nogoods comment already records a success: nothing is left to do. */
const alreadyRemembered = (env: FrontierEnv, comments: readonly Comment[]) =>
  SETTLED.includes(ownedMarker(comments, NOGOODS_COMMENT, env.botLogin)?.outcome);

/** `nogoods.fromRejections` on the default branch; an unreadable or invalid config keeps the default (on). */
async function turnedOff(env: FrontierEnv): Promise<boolean> {
  const text = await env.repo.readFile(CONFIG_PATH).catch(() => null);
  const result = text === null ? undefined : validateConfigText(text);
  return result?.ok === true && !result.config.nogoods.fromRejections;
}

export async function rememberRejection(env: FrontierEnv, input: RememberInput): Promise<RememberOutcome> {
  if (await turnedOff(env)) return "off";
  // Read once: the redelivery check and the comment's upsert (which converges a concurrent create).
  const at = { number: input.number, comments: await env.repo.listComments(input.number) };
  if (alreadyRemembered(env, at.comments)) return "nothing-new"; // a redelivered event
  if (!env.git) {
    await say(
      env,
      at,
      `Could not remember this candidate's edits as nogoods: this installation was not given git access. A workflow can run \`skillops nogoods reject\` instead (docs/nogoods.md).`,
      "failed",
    );
    return "failed";
  }
  try {
    const git = await env.git();
    const defaultBranch = await env.repo.defaultBranch();
    const head = await fetchBranch({ ...git, branch: defaultBranch });
    const banks = await rejectedBanks(env, git, input.pull, head);
    const nogoods = rejectedNogoods(
      {
        origin: input.pull.origin,
        base: banks.base,
        candidate: banks.candidate,
        candidateHash: input.candidateHash,
        reason: input.reason,
        ...(input.runId ? { runId: input.runId } : {}),
      },
      env.now,
    );
    if (nogoods.length === 0) return "no-edits"; // no SKILL.md section changed: nothing to remember
    const done = await commitNogoods(env, git, {
      nogoods,
      from: `#${input.number}`,
      reason: input.reason,
      fallbackBranch: `skillops/nogoods-${input.number}`,
      defaultBranch,
      head,
    });
    const comment = commentFor(done, banks.viaMergeBase, defaultBranch);
    if (comment) await say(env, at, comment, done.kind);
    return done.kind;
  } catch (error) {
    await say(
      env,
      at,
      `Could not remember this candidate's edits as nogoods: ${(error as Error).message.split("\n")[0]}. A workflow can run \`skillops nogoods reject\` instead (docs/nogoods.md).`,
      "failed",
    );
    return "failed";
  }
}
