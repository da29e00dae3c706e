// The double's routes for branches (git refs): a branch head is read from the bare repository,
// and deleting the ref deletes the branch there.
import { gitIn, refSha } from "./bare-git.js";
import { notFound, ok, unprocessable } from "./responses.js";
import type { Route } from "./route.js";

const API = "https://api.github.com";

/** `GET /git/ref/heads/<branch>`. */
const getRef = (gitDir: string): Route => ({
  method: "GET",
  template: "/repos/{owner}/{repo}/git/ref/{ref}",
  handle: (req, d) => {
    const ref = req.params.ref!;
    const branch = ref.replace(/^heads\//, "");
    const sha = ref.startsWith("heads/") ? refSha(gitDir, branch) : undefined;
    if (!sha) return notFound();
    const url = `${API}/repos/${d.state.owner}/${d.state.repo}/git/refs/${ref}`;
    return ok({
      ref: `refs/${ref}`,
      node_id: `REF_${sha.slice(0, 8)}`,
      url,
      object: {
        type: "commit",
        sha,
        url: `${API}/repos/${d.state.owner}/${d.state.repo}/git/commits/${sha}`,
      },
    });
  },
});

/** `DELETE /git/refs/heads/<branch>`; anything else is a 422 as on GitHub. */
const deleteRef = (gitDir: string): Route => ({
  method: "DELETE",
  template: "/repos/{owner}/{repo}/git/refs/{ref}",
  handle: (req) => {
    const ref = req.params.ref!;
    if (!ref.startsWith("heads/") || !refSha(gitDir, ref.slice(6)))
      return unprocessable("Reference does not exist", "Reference");
    gitIn(gitDir, ["update-ref", "-d", `refs/${ref}`]);
    return { status: 204 };
  },
});

export function refRoutes(gitDir: string): Route[] {
  return [getRef(gitDir), deleteRef(gitDir)];
}
