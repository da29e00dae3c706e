// One owned comment per (issue, kind): created once, then edited in place, never repeated. The
// decision is markers.ts's planOwnedComment; this performs it through the SkillRepo port.
import { planOwnedComment, type UpsertResult } from "./markers.js";
import type { Comment, IssuesRepo } from "./port.js";

export async function upsertOwnedComment(
  env: { repo: Pick<IssuesRepo, "listComments" | "createComment" | "updateComment">; botLogin: string },
  issue: number,
  kind: string,
  body: string,
  data: Record<string, unknown>,
  comments?: Comment[],
): Promise<UpsertResult> {
  const list = comments ?? (await env.repo.listComments(issue));
  const next = planOwnedComment(list, kind, body, data, env.botLogin);
  if (next.step === "create") {
    await env.repo.createComment(issue, next.body);
    return "created";
  }
  if (next.step === "unchanged") return "unchanged";
  await env.repo.updateComment(next.id, next.body);
  return "updated";
}
