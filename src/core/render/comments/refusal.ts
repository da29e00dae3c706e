// The answer to an action someone may not take (permissions.ts): one owned comment on the issue or
// PR, edited in place, so a redelivered event (or the same person trying again) says it once.
import { deniedMessage, type Action, type Verdict } from "../../github/permissions.js";
import { upsertOwnedComment } from "./owned-comment.js";
import type { IssuesRepo } from "../../github/port.js";

export const REFUSAL_MARKER = "refusal";

export async function answerRefusal(
  env: {
    repo: Pick<IssuesRepo, "listComments" | "createComment" | "updateComment" | "deleteComment">;
    botLogin: string;
  },
  number: number,
  refused: { login: string; action: Action; verdict: Verdict; what: string; undone?: string },
): Promise<void> {
  const { login, action, verdict, what, undone } = refused;
  const text = deniedMessage(login, verdict.role, action, what) + (undone ? ` ${undone}` : "");
  await upsertOwnedComment(env, number, REFUSAL_MARKER, text, { v: 1, action, login });
}
