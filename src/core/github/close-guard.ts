// Closing and reopening as actions (permissions.ts): closing one of the app's frontier PRs unmerged
// is a durable rejection of its candidate (someone who could have merged it: write), reopening a
// rejected one re-allows it (write), and closing accepted feedback before it shipped takes the
// acceptance back (triage). A person below the role has the change undone and is answered once, so
// a close by a triager is no rejection and the author of accepted feedback cannot withdraw it.
import { authorize, type Action } from "./permissions.js";
import type { SkillRepo } from "./port.js";
import { answerRefusal } from "../render/comments/refusal.js";

export type StateChange = "close-frontier" | "reopen-rejected" | "close-accepted";

const ACTION: Record<StateChange, Action> = {
  "close-frontier": "reject",
  "reopen-rejected": "allow-repropose",
  "close-accepted": "reject-intake",
};

const WHAT: Record<StateChange, string> = {
  "close-frontier": "closing a frontier PR without merging it (rejecting its candidate)",
  "reopen-rejected": "reopening a rejected frontier PR (allowing its candidate again)",
  "close-accepted": "closing accepted feedback before it shipped (taking the acceptance back)",
};

type GuardRepo = Pick<
  SkillRepo,
  | "roleOf"
  | "updatePull"
  | "updateIssue"
  | "addLabels"
  | "listComments"
  | "createComment"
  | "updateComment"
  | "deleteComment"
>;

/** "allowed" (the change counts) or "undone" (refused: reverted and answered once). */
export async function guardStateChange(
  env: { repo: GuardRepo; botLogin: string },
  change: { kind: StateChange; number: number; sender: string },
): Promise<"allowed" | "undone"> {
  const action = ACTION[change.kind];
  const verdict = await authorize(env.repo, change.sender, action);
  if (verdict.allowed) return "allowed";
  const undone = await undo(env.repo, change.kind, change.number);
  await answerRefusal(env, change.number, {
    login: change.sender,
    action,
    verdict,
    what: WHAT[change.kind],
    undone,
  });
  return "undone";
}

/** Puts the state back; returns the sentence saying how. */
async function undo(repo: GuardRepo, kind: StateChange, number: number): Promise<string> {
  if (kind === "close-accepted") {
    await repo.updateIssue(number, { state: "open", stateReason: "reopened" });
    return "It was reopened: it stays accepted until a merged skill revision fixes it or a triager closes it.";
  }
  if (kind === "reopen-rejected") {
    await repo.updatePull(number, { state: "closed" });
    return "It was closed again: the candidate stays rejected.";
  }
  try {
    await repo.updatePull(number, { state: "open" });
    return "It was reopened: the candidate is not rejected.";
  } catch (error) {
    if ((error as { status?: number }).status !== 422) throw error;
    // GitHub cannot reopen it (its branch is gone): labelled as the app's own close, no rejection.
    await repo.addLabels(number, ["skillops:superseded"]);
    return "GitHub could not reopen it, so it is labelled `skillops:superseded`: the candidate is not rejected.";
  }
}
