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
