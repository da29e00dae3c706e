// How many dashboard refreshes this process has finished, per repository. A feedback delivery reads
// the dashboard issue in its first request (intake-prefetch.ts) so that its refresh needs no listing
// of its own; that read is used only while the count is what it was before the read, so a refresh
// this process wrote in between is never overwritten with what it replaced.
export interface DashboardEpoch {
  of(repoKey: string): number;
  /** After every refresh (written or not, failed or not). */
  bump(repoKey: string): void;
}

export function createDashboardEpoch(): DashboardEpoch {
  const counts = new Map<string, number>();
  return {
    of: (key) => counts.get(key) ?? 0,
    bump: (key) => void counts.set(key, (counts.get(key) ?? 0) + 1),
  };
}
