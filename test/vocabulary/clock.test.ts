// The demo's evolve clock: its fixed date plus the caller's stopwatch, so a run's start and finish
// are two instants; a date that is not ISO 8601 is refused by name.
import { describe, expect, it } from "vitest";
import { fixedClock, offsetClock } from "../../src/vocabulary/clock.js";

describe("offsetClock", () => {
  it("starts at its date and runs on by the stopwatch", () => {
    let elapsed = 0;
    const clock = offsetClock("2026-11-30T09:00:00.000Z", () => elapsed);
    expect(clock().toISOString()).toBe("2026-11-30T09:00:00.000Z");
    elapsed = 6_642;
    expect(clock().toISOString()).toBe("2026-11-30T09:00:06.642Z");
  });

  it("refuses a date that is not ISO 8601, as fixedClock does", () => {
    expect(() => offsetClock("tomorrow", () => 0)).toThrow('fixedClock: not an ISO 8601 instant: "tomorrow"');
    expect(() => fixedClock("tomorrow")).toThrow(/not an ISO 8601 instant/);
  });
});
