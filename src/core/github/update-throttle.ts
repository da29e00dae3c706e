// At most one write per interval, by the injected clock: the in-progress gates check is rewritten
// at most once a minute however fast iterations finish, so a run's progress costs a bounded number
// of requests (docs/github-app.md, "Progress of a run").
import type { Clock } from "../../vocabulary/clock.js";

export const PROGRESS_UPDATE_MS = 60_000;

export interface UpdateThrottle {
  /** True (and counts as a write now) when an interval has passed since the last write. */
  due(): boolean;
}

/** `now()` at creation counts as the first write (the check is created then). */
export function updateThrottle(now: Clock, intervalMs = PROGRESS_UPDATE_MS): UpdateThrottle {
  let last = now().getTime();
  return {
    due() {
      const at = now().getTime();
      if (at - last < intervalMs) return false;
      last = at;
      return true;
    },
  };
}
