// A candidate's short id: the first eight hex digits of its bank's content hash, as branch names
// (`skillops/frontier/<id>`), PR titles, reports, CLI lines and output folders show it.

/** Hex candidate hashes, optionally prefixed (`sb-`). */
const CANDIDATE = /^(?:[a-z]+-)?([0-9a-f]{8,64})$/;

/** The short id of a hash skillops computed itself (a candidate's, the baseline bank's). */
export function shortCandidateId(hash: string): string {
  return hash.slice(0, 8);
}

/**
 * The short id of a candidate spelled by anyone (full hash, short id, prefixed, any case), checked:
 * it names git branches and goes into PR text, so anything but hex is refused.
 */
export function checkedCandidateId(candidate: string): string {
  const m = CANDIDATE.exec(candidate.toLowerCase());
  if (!m)
    throw new Error(
      `candidate hash "${candidate}" is not hexadecimal (8–64 hex digits, optional "xx-" prefix)`,
    );
  return shortCandidateId(m[1]!);
}
