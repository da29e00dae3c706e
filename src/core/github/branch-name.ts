// Frontier branch names are keys the app can recompute (docs/github-app.md, "Conventions"): the same
// candidate in a later run lands on the same branch and PR, so the app needs no state of its own.
import { checkedCandidateId } from "../../records/candidate-id.js";

export const FRONTIER_PREFIX = "skillops/frontier/";

/** `skillops/frontier/<candidate-hash8>`. */
export function frontierBranch(candidate: string): string {
  return `${FRONTIER_PREFIX}${checkedCandidateId(candidate)}`;
}

/**
 * The hash8 in a frontier branch name (with or without `refs/heads/`), else undefined. A fresh name
 * `<hash8>-<n>` (n in 2…9, branch-guard.ts: the usual branch held a person's commits) names the
 * same candidate.
 */
export function parseFrontierBranch(ref: string): string | undefined {
  const name = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : ref;
  if (!name.startsWith(FRONTIER_PREFIX)) return undefined;
  const m = /^([0-9a-f]{8})(?:-[2-9])?$/.exec(name.slice(FRONTIER_PREFIX.length));
  return m ? m[1] : undefined;
}

/** Whether two candidate spellings (full hash, hash8, prefixed) name the same candidate. */
export function sameCandidate(a: string, b: string): boolean {
  try {
    return checkedCandidateId(a) === checkedCandidateId(b);
  } catch {
    return false;
  }
}
