// Frontier branch names are keys the app can recompute (docs/github-app.md, "Conventions"): the same
// candidate in a later run lands on the same branch and PR, so the app needs no state of its own.

export const FRONTIER_PREFIX = "skillops/frontier/";

/** Hex candidate hashes, optionally prefixed (`sb-`); eight characters name the branch. */
const CANDIDATE = /^(?:[a-z]+-)?([0-9a-f]{8,64})$/;

/** The eight-character short form of a candidate hash, as shown in branch names and PR titles. */
export function shortCandidate(candidate: string): string {
  const m = CANDIDATE.exec(candidate.toLowerCase());
  if (!m)
    throw new Error(
      `candidate hash "${candidate}" is not hexadecimal (8–64 hex digits, optional "xx-" prefix)`,
    );
  return m[1]!.slice(0, 8);
}

/** `skillops/frontier/<candidate-hash8>`. */
export function frontierBranch(candidate: string): string {
  return `${FRONTIER_PREFIX}${shortCandidate(candidate)}`;
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
    return shortCandidate(a) === shortCandidate(b);
  } catch {
    return false;
  }
}
