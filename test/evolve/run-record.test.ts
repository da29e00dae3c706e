// Run records written before `total`: members, the baseline and the held-out figures spelled the
// overall rate as `passRate`, `interval: {low, high}` and `cases` (the baseline without `cases`).
// Such a record must still load, into the one RateWithInterval shape.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { FrontierMember, RunRecord } from "../../src/records/run-record.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import type { RateWithInterval } from "../../src/records/rate-with-interval.js";

type Json = Record<string, unknown>;

/** The layout the previous version wrote for one member's (or the baseline's) overall figures. */
function olderMetrics(m: Json, withCases = true): Json {
  const { total, ...rest } = m;
  const t = total as RateWithInterval;
  return {
    ...rest,
    passRate: t.rate,
    interval: { low: t.low, high: t.high },
    ...(withCases ? { cases: t.n } : {}),
  };
}

function olderRecord(record: RunRecord): Json {
  const r = JSON.parse(JSON.stringify(record)) as Json & { frontier: Json[]; heldOut?: Json };
  const heldOut = r.heldOut as { baseline: Json; members: Json[] } | undefined;
  return {
    ...r,
    baseline: olderMetrics(r.baseline as Json, false),
    frontier: r.frontier.map((m) => olderMetrics(m)),
    ...(heldOut
      ? {
          heldOut: {
            ...heldOut,
            baseline: olderMetrics(heldOut.baseline),
            members: heldOut.members.map((m) => olderMetrics(m)),
          },
        }
      : {}),
  };
}

describe("run records from before `total`", () => {
  it("a record the previous version wrote parses into the same record", async () => {
    const world = generateWorld({ seed: 5, rules: 9 });
    const { record } = await runSimulatedEvolution(
      world,
      { ...runConfigOf(EvolveConfig.parse({ maxIterations: 2 })), bootstrap: 200 },
      { now: () => new Date("2026-11-30T00:00:00Z") },
    );
    expect(record.heldOut).toBeDefined();
    const old = olderRecord(record);
    expect(old.baseline).not.toHaveProperty("total");
    expect(old.baseline).not.toHaveProperty("cases");
    // The old baseline had no case count: its categories' counts add up to the same n.
    expect(RunRecord.parse(old)).toEqual(record);
  });

  it("lifts a hand-written old member into total, and still refuses a broken one", () => {
    const member = {
      candidate: "a".repeat(64),
      born: 0,
      passRate: 0.5,
      interval: { low: 0.3, high: 0.7 },
      perCategory: { general: { rate: 0.5, low: 0.3, high: 0.7, n: 4 } },
      cost: { input: 10, output: 2, cached: 0 },
      cases: 4,
      operatingPoint: "balanced",
      selected: true,
      resolved: [],
      changes: [],
    };
    const parsed = FrontierMember.parse(member);
    expect(parsed.total).toEqual({ rate: 0.5, low: 0.3, high: 0.7, n: 4 });
    expect(parsed).not.toHaveProperty("passRate");
    const { cases: _dropped, ...noCases } = member;
    const broken = FrontierMember.safeParse(noCases);
    expect(broken.success).toBe(false);
    expect(broken.error?.issues[0]?.path).toEqual(["total", "n"]);
  });
});
