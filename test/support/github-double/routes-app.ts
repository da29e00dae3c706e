// The double's answers about the app itself: `GET /app` (the app's JWT only, as on GitHub; its
// slug is how the app learns its bot login) and the GraphQL `viewer { login }` query (an
// installation token's own identity, which is how a token learns it).
import type { DoubleRequest, DoubleResponse, GitHubDouble, Route } from "./route.js";
import { ok, unauthorised } from "./responses.js";
import { toUser } from "./shapes.js";

/** The `iss` claim of a bearer JWT, or undefined when the header carries no JWT. */
function jwtIssuer(header: string | undefined): string | undefined {
  const jwt = /^bearer\s+([\w-]+)\.([\w-]+)\.([\w-]+)$/i.exec(header ?? "");
  if (!jwt) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(jwt[2]!, "base64url").toString("utf8")) as { iss?: unknown };
    return claims.iss === undefined ? undefined : String(claims.iss);
  } catch {
    return undefined;
  }
}

function getApp(req: DoubleRequest, d: GitHubDouble): DoubleResponse {
  const iss = jwtIssuer(req.headers.authorization);
  if (req.actor || iss !== String(d.state.appId)) {
    d.problems.push(
      `GET /app: needs the app's JWT (iss ${d.state.appId}); got ${req.actor ? `a token acting as ${req.actor.login}` : `iss ${iss ?? "none"}`}`,
    );
    return unauthorised();
  }
  const slug = d.state.appSlug;
  const owner = toUser(d.state.user(d.state.owner));
  return ok({
    id: d.state.appId,
    slug,
    node_id: `A_${d.state.appId}`,
    client_id: `Iv1.double${d.state.appId}`,
    owner,
    name: slug,
    description: "the app under test",
    external_url: `https://example.test/${slug}`,
    html_url: `https://github.com/apps/${slug}`,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    permissions: {
      issues: "write",
      contents: "write",
      pull_requests: "write",
      checks: "write",
      metadata: "read",
    },
    events: ["issues", "issue_comment", "pull_request", "push", "workflow_run"],
    installations_count: 1,
  });
}

export const appRoutes: Route[] = [{ method: "GET", template: "/app", handle: getApp }];

const VIEWER = /^(query(\s+\w+)?\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}$/;

/** True when `query` is exactly `{ viewer { login } }` (optionally a named query). */
export const isViewerQuery = (query: unknown): boolean =>
  typeof query === "string" && VIEWER.test(query.trim());

/** `viewer { login }`: who the token acts as; GitHub answers a missing or unknown token with 401. */
export function answerViewer(d: GitHubDouble, actor: string | undefined): DoubleResponse {
  if (!actor) {
    d.problems.push("POST /graphql: viewer asked without a token the double issued");
    return {
      status: 401,
      body: { message: "Bad credentials", documentation_url: "https://docs.github.com/graphql" },
    };
  }
  return { status: 200, body: { data: { viewer: { login: actor } } } };
}
