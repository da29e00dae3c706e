// At most one write per interval, by the injected clock: the in-progress gates check is rewritten
// at most once a minute however fast iterations finish, so a run's progress costs a bounded number
// of requests (docs/github-app.md, "Progress of a run"). It is given the very times the writes
// carry ("Updated …"), not a clock of its own: a second reading would differ from the written one,
// and two summaries could then show writes less than a minute apart.
export const PROGRESS_UPDATE_MS = 60_000;

export interface UpdateThrottle {
  /** True (and counts as a write at `at`) when an interval has passed since the last write. */
  due(at: Date): boolean;
}

/** `created`, the time the check is created with, counts as the first write. */
export function updateThrottle(created: Date, intervalMs = PROGRESS_UPDATE_MS): UpdateThrottle {
  let last = created.getTime();
  return {
    due(at) {
      if (at.getTime() - last < intervalMs) return false;
      last = at.getTime();
      return true;
    },
  };
}
