// The progress a run reports (pure): iteration t of T, the budget's share spent, and minutes left
// estimated from this job's iterations by the injected clock; the sentence the CLI and the gates
// check print; and the throttle that lets the check be rewritten at most once a minute.
import { describe, expect, it } from "vitest";
import { runProgress, type ProgressMark } from "../../src/core/evolve/run-progress.js";
import { progressText } from "../../src/core/render/progress-line.js";
import { updateThrottle } from "../../src/core/github/update-throttle.js";
import { runningCheck, finishedCheck } from "../../src/core/github/run-check.js";

const T0 = Date.parse("2026-03-02T03:00:00Z");
const mark = (minutes: number, t: number, tokens: number): ProgressMark => ({
  ms: T0 + minutes * 60_000,
  t,
  tokens,
});

describe("runProgress", () => {
  it("estimates minutes left from this job's iterations, to T", () => {
    const p = runProgress({ start: mark(0, 0, 0), now: mark(6, 3, 3000), of: 10, simulated: false });
    expect(p).toMatchObject({ t: 3, of: 10, minutesLeft: 14 });
    expect(p.budgetUsed).toBeUndefined();
    expect(progressText(p)).toBe("iteration 3 of 10, no token budget, about 14 minutes left");
  });

  it("the budget ends the run first when it runs out before T", () => {
    // 1,000 tokens and 2 minutes an iteration; 2,000 of 5,000 left: 2 more iterations, not 7.
    const p = runProgress({
      start: mark(0, 0, 0),
      now: mark(6, 3, 3000),
      of: 10,
      budgetTokens: 5000,
      simulated: true,
    });
    expect(p).toMatchObject({ budgetUsed: 0.6, minutesLeft: 4 });
    expect(progressText(p)).toBe("iteration 3 of 10, budget 60% used, about 4 minutes left (simulated)");
  });

  it("a resumed job times only its own iterations", () => {
    const p = runProgress({ start: mark(0, 4, 4000), now: mark(1, 5, 5000), of: 8, simulated: false });
    expect(p.minutesLeft).toBe(3);
    expect(progressText(p)).toBe("iteration 5 of 8, no token budget, about 3 minutes left");
  });

  it("before an iteration is timed, and at the end", () => {
    const none = runProgress({ start: mark(0, 2, 0), now: mark(0, 2, 0), of: 4, simulated: false });
    expect(none.minutesLeft).toBeUndefined();
    expect(progressText(none)).toBe("iteration 2 of 4, no token budget, time left not yet known");
    const fast = runProgress({ start: mark(0, 0, 0), now: mark(0.1, 1, 10), of: 4, simulated: false });
    expect(progressText(fast)).toBe("iteration 1 of 4, no token budget, under a minute left");
    const one = runProgress({ start: mark(0, 0, 0), now: mark(1, 1, 10), of: 2, simulated: false });
    expect(progressText(one)).toBe("iteration 1 of 2, no token budget, about 1 minute left");
    const last = runProgress({ start: mark(0, 0, 0), now: mark(3, 4, 10), of: 4, simulated: false });
    expect(progressText(last)).toBe("iteration 4 of 4, no token budget, finishing");
  });
});

describe("the gates check while a run goes", () => {
  it("says the progress line and when it was written; completed with the outcome", () => {
    const p = runProgress({ start: mark(0, 0, 0), now: mark(4, 2, 10), of: 5, simulated: true });
    const check = runningCheck(p);
    expect(check.title).toBe("Evolution running: iteration 2 of 5 (simulated)");
    expect(check.summary).toMatch(
      /^iteration 2 of 5, no token budget, about 6 minutes left \(simulated\)\.\n\nUpdated 2026-03-02T03:04:00Z\./,
    );
    expect(check.conclusion).toBeUndefined();
    const done = finishedCheck({ state: "finished", line: "stopped: patience", simulated: false });
    expect(done).toMatchObject({ conclusion: "success", title: "Evolution finished" });
    expect(finishedCheck({ state: "failed", line: "error: x", simulated: true })).toMatchObject({
      conclusion: "failure",
      title: "Evolution failed (simulated)",
      summary: "error: x",
    });
  });
});

describe("updateThrottle", () => {
  it("lets a write through at most once a minute by the times the writes carry", () => {
    const throttle = updateThrottle(new Date(T0));
    const seen: number[] = [];
    for (let s = 0; s <= 300; s += 15) if (throttle.due(new Date(T0 + s * 1000))) seen.push(s);
    // Created at 0 s (the first write); then every 60 s, never sooner.
    expect(seen).toEqual([60, 120, 180, 240, 300]);
  });

  it("a slow run writes at every chance", () => {
    let now = T0;
    const throttle = updateThrottle(new Date(now));
    now += 61_000;
    expect(throttle.due(new Date(now))).toBe(true);
    now += 59_999;
    expect(throttle.due(new Date(now))).toBe(false);
    now += 1;
    expect(throttle.due(new Date(now))).toBe(true);
  });
});
