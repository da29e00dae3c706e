// Which pull requests are the app's own frontier PRs: on a frontier branch AND opened by the app.
// A person's PR on such a branch is not ours, so the branch name alone never decides.
import { FRONTIER_PREFIX, parseFrontierBranch } from "./branch-name.js";

/**
 * `match: "name"` (the default) wants a well-formed `skillops/frontier/<hash8>` branch: handlers
 * deciding about one PR use it. `"prefix"` takes any branch under the prefix, as the sweeps over
 * `listPulls(FRONTIER_PREFIX)` always have (planning, stale checks, superseding siblings).
 */
export function isOwnFrontierPull(
  pull: { headRef: string; author: string | undefined },
  botLogin: string,
  match: "name" | "prefix" = "name",
): boolean {
  const onFrontierBranch =
    match === "prefix"
      ? pull.headRef.startsWith(FRONTIER_PREFIX)
      : parseFrontierBranch(pull.headRef) !== undefined;
  return onFrontierBranch && (pull.author ?? "").toLowerCase() === botLogin.toLowerCase();
}
