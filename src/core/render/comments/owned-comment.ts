// One owned comment per (issue, kind): created once, then edited in place, never repeated. The
// decision is markers.ts's planOwnedComment; this performs it through the SkillRepo port.
// Concurrent deliveries (several instances share no memory) can each create one; re-listing after
// a create and keeping the oldest makes them converge, and any later write deletes leftovers.
import { planConvergence, planOwnedComment, type UpsertResult } from "./owned-marker.js";
import type { Comment, IssuesRepo } from "../../github/port.js";

type OwnedCommentRepo = Pick<
  IssuesRepo,
  "listComments" | "createComment" | "updateComment" | "deleteComment"
>;

export interface OwnedCommentOptions {
  /** A numeric marker field: when duplicates converge, the one with the greatest value wins. */
  newestBy?: string;
}

export async function upsertOwnedComment(
  env: { repo: OwnedCommentRepo; botLogin: string },
  issue: number,
  kind: string,
  body: string,
  data: Record<string, unknown>,
  comments?: Comment[],
  options: OwnedCommentOptions = {},
): Promise<UpsertResult> {
  const list = comments ?? (await env.repo.listComments(issue));
  const next = planOwnedComment(list, kind, body, data, env.botLogin);
  if (next.step === "create") {
    await env.repo.createComment(issue, next.body);
    await convergeOwnedComments(env, issue, kind, options);
    return "created";
  }
  if (next.step === "update") await env.repo.updateComment(next.id, next.body);
  for (const id of next.remove) await env.repo.deleteComment(id);
  return next.step === "update" ? "updated" : "unchanged";
}

/** Re-lists the issue's comments and leaves one owned `kind` comment: the oldest. */
export async function convergeOwnedComments(
  env: { repo: Pick<OwnedCommentRepo, "listComments" | "updateComment" | "deleteComment">; botLogin: string },
  issue: number,
  kind: string,
  options: OwnedCommentOptions = {},
): Promise<void> {
  const plan = planConvergence(await env.repo.listComments(issue), kind, env.botLogin, options.newestBy);
  if (!plan) return;
  if (plan.body !== undefined) await env.repo.updateComment(plan.keep, plan.body);
  for (const id of plan.remove) await env.repo.deleteComment(id);
}
