// The job budget (`evolve.jobBudgetMinutes`): another iteration starts only while the time so far
// plus the slowest iteration of this job fits, and a job always does one piece of work first.
import { describe, expect, it } from "vitest";
import { jobTimer } from "../../src/core/evolve/job-budget.js";

const MIN = 60_000;

function clockAt(start: string) {
  let ms = new Date(start).getTime();
  return { now: () => new Date(ms), advance: (minutes: number) => void (ms += minutes * MIN) };
}

describe("jobTimer", () => {
  it("hands over once elapsed time plus the slowest iteration would pass the budget", () => {
    const c = clockAt("2026-12-01T00:00:00Z");
    const t = jobTimer({ minutes: 10, startedAt: c.now() }, c.now);
    t.begin();
    c.advance(4);
    t.end(); // the slowest so far: 4 minutes
    expect(t.mayStartIteration()).toBe(true); // 4 + 4 < 10
    t.begin();
    c.advance(1);
    t.end();
    expect(t.mayStartIteration()).toBe(true); // 5 + 4 < 10
    c.advance(1);
    expect(t.mayStartIteration()).toBe(false); // 6 + 4 = 10
  });

  it("always lets a job do its first piece of work, and with 0 minutes only that", () => {
    const c = clockAt("2026-12-01T00:00:00Z");
    const t = jobTimer({ minutes: 0, startedAt: c.now() }, c.now);
    expect(t.mayStartIteration()).toBe(true);
    t.begin();
    t.end();
    expect(t.mayStartIteration()).toBe(false);
  });

  it("never hands over without a budget", () => {
    const c = clockAt("2026-12-01T00:00:00Z");
    const t = jobTimer(undefined, c.now);
    t.begin();
    c.advance(10_000);
    t.end();
    expect(t.mayStartIteration()).toBe(true);
  });
});
