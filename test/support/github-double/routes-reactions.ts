// The double's routes for reactions to issues and comments (one per user and content, as on GitHub).
import type { DoubleRequest, DoubleResponse, GitHubDouble, Route } from "./route.js";
import { ok, notFound, unauthorised } from "./responses.js";
import { toReaction } from "./shapes.js";
import { issueOf } from "./routes-issues.js";

export const reactionRoutes: Route[] = [
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
    handle: (req, d) =>
      react(
        d,
        req,
        { kind: "comment", id: Number(req.params.comment_id) },
        d.state.comments.some((c) => c.id === Number(req.params.comment_id)),
      ),
  },
  {
    method: "POST",
    template: "/repos/{owner}/{repo}/issues/{issue_number}/reactions",
    handle: (req, d) => {
      const issue = issueOf(req, d);
      return react(d, req, { kind: "issue", id: issue?.id ?? 0 }, issue !== undefined);
    },
  },
];

function react(
  d: GitHubDouble,
  req: DoubleRequest,
  subject: { kind: "issue" | "comment"; id: number },
  exists: boolean,
): DoubleResponse {
  if (!exists) return notFound();
  if (!req.actor) return unauthorised();
  const found = d.state.reactions.find(
    (r) =>
      r.subject.kind === subject.kind &&
      r.subject.id === subject.id &&
      r.content === req.body.content &&
      r.user.login === req.actor!.login,
  );
  if (found) return ok(toReaction(found), 200);
  const reaction = {
    id: d.state.id(),
    subject,
    content: req.body.content,
    user: req.actor,
    createdAt: d.state.now(),
  };
  d.state.reactions.push(reaction);
  return ok(toReaction(reaction), 201);
}
