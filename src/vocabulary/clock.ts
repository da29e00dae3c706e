// The one clock. The pure core never reads the time itself: whoever runs it passes a Clock in (the
// system clock in the CLI and the app, a fixed instant in the demo and the tests).
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock stopped at one instant (ISO 8601), for reproducible output. */
export function fixedClock(iso: string): Clock {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()))
    throw new Error(`fixedClock: not an ISO 8601 instant: ${JSON.stringify(iso)}`);
  return () => new Date(at);
}

/**
 * A clock that starts at `iso` and runs on by `elapsedMs()` (the caller's stopwatch): the demo's
 * fixed date, with the real time its run took, so start and finish are not one instant.
 */
export function offsetClock(iso: string, elapsedMs: () => number): Clock {
  const at = fixedClock(iso)().getTime();
  return () => new Date(at + elapsedMs());
}

/** Whole seconds since the epoch: git commit times. */
export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** ISO 8601 to the second (`2026-11-30T03:00:00Z`): case provenance and other recorded times. */
export function isoSeconds(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, "Z");
}
