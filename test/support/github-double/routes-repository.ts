// The double's routes for the repository itself: its description, file contents, collaborator
// permissions, and the app's installation token (which acts as the bot).
import type { Route } from "./route.js";
import { notFound, ok } from "./responses.js";
import { toRepository, toUser } from "./shapes.js";
import type { Permission } from "./state.js";

/** GitHub's base role for the legacy `permission` field: maintain → write, triage → read. */
const LEGACY: Record<Permission, string> = {
  admin: "admin",
  maintain: "write",
  write: "write",
  triage: "read",
  read: "read",
  none: "none",
};

export const repositoryRoutes: Route[] = [
  {
    method: "POST",
    template: "/app/installations/{installation_id}/access_tokens",
    handle: (_req, d) => {
      const token = `ghs_double_${d.state.id()}`;
      d.state.tokens.set(token, d.state.botLogin);
      return ok(
        {
          token,
          expires_at: "2099-01-01T00:00:00Z",
          permissions: {
            issues: "write",
            contents: "write",
            pull_requests: "write",
            checks: "write",
            actions: "write",
            metadata: "read",
          },
          repository_selection: "all",
        },
        201,
      );
    },
  },
  { method: "GET", template: "/repos/{owner}/{repo}", handle: (_req, d) => ok(toRepository(d.state)) },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/collaborators/{username}/permission",
    handle: (req, d) => {
      const role = d.state.permissionOf(req.params.username!);
      const user = { ...toUser(d.state.user(req.params.username!)), role_name: role };
      return ok({ permission: LEGACY[role], role_name: role, user });
    },
  },
  {
    method: "GET",
    template: "/repos/{owner}/{repo}/contents/{path}",
    handle: async (req, d) => {
      const ref = req.query.get("ref") ?? d.state.defaultBranch;
      const path = req.params.path!;
      const text = (await d.options.readFile?.(ref, path)) ?? d.state.getFile(path, ref);
      if (text === undefined) return notFound();
      if (String(req.headers.accept ?? "").includes("raw")) return { status: 200, text };
      const name = path.split("/").pop()!;
      const url = `https://api.github.com/repos/${d.state.owner}/${d.state.repo}/contents/${path}?ref=${ref}`;
      const sha = `${Buffer.from(path + text)
        .toString("hex")
        .slice(0, 40)
        .padEnd(40, "0")}`;
      const html = `https://github.com/${d.state.owner}/${d.state.repo}/blob/${ref}/${path}`;
      const git = `https://api.github.com/repos/${d.state.owner}/${d.state.repo}/git/blobs/${sha}`;
      return ok({
        type: "file",
        encoding: "base64",
        size: Buffer.byteLength(text),
        name,
        path,
        content: Buffer.from(text).toString("base64"),
        sha,
        url,
        git_url: git,
        html_url: html,
        download_url: null,
        _links: { self: url, git, html },
      });
    },
  },
];
