// Labels whose change is an action (permissions.ts): taking `skillops:accepted` off feedback rejects
// the intake, `skillops:superseded` on a frontier PR re-allows its candidate (a closed PR without it
// is a durable rejection), `skillops:rolled-back` on or off, `skillops:quiet`. A label is a request,
// never proof: a change by someone below the action's role is reverted and answered once, so the
// label cannot say what nobody entitled did. (`skillops:accepted` and `skillops:select` added are
// decided by their own handlers, which also remove them when refused.)
import type { LabelName } from "./labels.js";
import { authorize, type Action } from "./permissions.js";
import type { IssuesRepo } from "./port.js";
import { answerRefusal } from "../render/comments/refusal.js";

/** What a label sits on: feedback (an issue labelled `skillops:feedback`), or one of the app's frontier PRs. */
export type LabelTarget = "feedback" | "frontier-pull" | "other";

const GUARDED: ReadonlyArray<{
  label: LabelName;
  on: readonly LabelTarget[];
  added?: Action;
  removed?: Action;
}> = [
  { label: "skillops:accepted", on: ["feedback"], removed: "reject-intake" },
  { label: "skillops:superseded", on: ["frontier-pull"], added: "allow-repropose", removed: "reject" },
  { label: "skillops:rolled-back", on: ["frontier-pull"], added: "rollback", removed: "allow-repropose" },
  { label: "skillops:quiet", on: ["feedback", "frontier-pull", "other"], added: "quiet", removed: "quiet" },
];

/** The action a label change takes, or undefined when the change is not guarded here. Pure. */
export function labelAction(target: LabelTarget, label: string, added: boolean): Action | undefined {
  const row = GUARDED.find((g) => g.label === label.toLowerCase() && g.on.includes(target));
  return added ? row?.added : row?.removed;
}

export interface LabelChange {
  number: number;
  label: string;
  added: boolean;
  sender: string;
  target: LabelTarget;
}

type GuardRepo = Pick<
  IssuesRepo,
  | "roleOf"
  | "addLabels"
  | "removeLabel"
  | "listComments"
  | "createComment"
  | "updateComment"
  | "deleteComment"
>;

/**
 * Checks a person's label change: "allowed" (it counts), "reverted" (refused: undone and answered
 * once), or "not-guarded". The app's own changes never reach here (the caller ignores its sender).
 */
export async function guardLabelChange(
  env: { repo: GuardRepo; botLogin: string },
  change: LabelChange,
): Promise<"allowed" | "reverted" | "not-guarded"> {
  const action = labelAction(change.target, change.label, change.added);
  if (!action) return "not-guarded";
  const verdict = await authorize(env.repo, change.sender, action);
  if (verdict.allowed) return "allowed";
  if (change.added) await env.repo.removeLabel(change.number, change.label);
  else await env.repo.addLabels(change.number, [change.label]);
  await answerRefusal(env, change.number, {
    login: change.sender,
    action,
    verdict,
    what: `${change.added ? "adding" : "removing"} \`${change.label}\``,
    undone: change.added ? "The label was removed again." : "The label was put back.",
  });
  return "reverted";
}
