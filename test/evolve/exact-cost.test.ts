import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { costLowerBound } from "../../src/core/evolve/cost/cost-estimate.js";
import { earlyStoppedResult } from "./early-stopped-result.js";
import { dominatedForSure } from "../../src/core/evolve/cost/cost-sensitivity.js";
import { settingsOf } from "../../src/core/evolve/context.js";
import { strategyFor } from "../../src/core/evolve/strategies/strategies.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { RunConfig, RunRecord } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import type { World } from "../../src/sim/world.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";

const now = () => new Date("2026-11-30T00:00:00Z");

/** Everything the frontier decided, member costs included (what the frontier compares). */
const decisions = (r: RunRecord) =>
  JSON.stringify({
    it: r.iterations.map((i) => [i.child?.candidate, i.gate.admitted, i.entered, i.frontierAfter]),
    f: r.frontier.map((m) => [m.candidate, m.cost]),
    sel: r.selected,
  });

/** The run's record with the savings on, then naive's (savings off), with or without exact costs. */
async function savedAndNaive(world: World, exactCost: boolean): Promise<[RunRecord, RunRecord]> {
  const run = async (savings: boolean) =>
    (
      await runSimulatedEvolution(
        world,
        { ...runConfigOf(EvolveConfig.parse({ seed: 0, exactCost })), savings },
        { now },
      )
    ).record;
  return [await run(true), await run(false)];
}

describe("exact cost under early stop", () => {
  it("gives the frontier the same decisions and member costs as naive evaluation when tokens vary per run", async () => {
    // Before exact-cost.ts, early stop priced a case by its executed runs only: on these worlds the
    // member costs differed from naive evaluation's, and on 1 of 12 the frontier itself did.
    const world = generateWorld({ seed: 2000, rules: 8, params: { outputTokensSpread: 400 } });
    const [saved, naive] = await savedAndNaive(world, true);
    expect(saved.executions.savedByEarlyStop).toBeGreaterThan(0); // early stop did happen
    expect(saved.executions.run).toBeLessThan(naive.executions.run);
    expect(decisions(saved)).toBe(decisions(naive));
  }, 60_000);

  it("spares the remaining runs only when a member dominates the child whatever they cost", () => {
    const results = [earlyStoppedResult("c", [100, 200], 4)]; // executed 300 of 4 runs: ≥ 75
    expect(costLowerBound(results)).toBe(75);
    const child = { passRate: 0.5, band: { low: costLowerBound(results), high: Infinity } };
    const member = (passRate: number, cost: number) => ({ passRate, band: { low: cost, high: cost } });
    expect(dominatedForSure([member(0.9, 75)], child)).toBe(true);
    expect(dominatedForSure([member(0.5, 74)], child)).toBe(true);
    expect(dominatedForSure([member(0.5, 75)], child)).toBe(false); // equal if the rest cost 0
    expect(dominatedForSure([member(0.9, 76)], child)).toBe(false); // the estimate (150) would say yes
    expect(dominatedForSure([member(0.4, 10)], child)).toBe(false);
  });
});

const choices = (r: RunRecord) =>
  JSON.stringify([r.iterations.map((i) => [i.child?.candidate, i.gate.admitted, i.entered]), r.selected]);

describe("estimated cost under early stop (exactCost: false)", () => {
  it("with localisation (the default) finishes the parent's runs first, so its sites and every decision equal naive's", async () => {
    // Before: the spectrum of an early-stopped parent differed from naive's, and so did the child chosen.
    for (const seed of [2001, 2002]) {
      const world = generateWorld({ seed, rules: 8, params: { outputTokensSpread: 400 } });
      const [estimated, naive] = await savedAndNaive(world, false);
      expect(estimated.iterations.some((i) => i.localisation?.length)).toBe(true);
      expect(choices(estimated)).toBe(choices(naive));
      expect(JSON.stringify(estimated.iterations.map((i) => i.localisation))).toBe(
        JSON.stringify(naive.iterations.map((i) => i.localisation)),
      );
    }
  }, 120_000);

  it("keeps the decisions, holds naive's cost inside each estimate's interval, and settles open comparisons exactly", async () => {
    let estimates = 0;
    let settledMembers = 0;
    // 2006: a world where an interval leaves a comparison open (since the agent is shown the whole
    // bank, 2002 has none).
    for (const seed of [2001, 2006]) {
      const world = generateWorld({ seed, rules: 8, params: { outputTokensSpread: 400 } });
      // Without localisation, whose parents' runs are finished for their spectrum (the test above),
      // so that what the estimate saves on every member shows.
      const run = async (savings: boolean, exactCost: boolean) =>
        (
          await runSimulatedEvolution(
            world,
            { ...runConfigOf(EvolveConfig.parse({ seed: 0, exactCost, localisation: false })), savings },
            { now },
          )
        ).record;
      const [estimated, exact, naive] = [
        await run(true, false),
        await run(true, true),
        await run(false, false),
      ];
      expect(choices(estimated)).toBe(choices(naive));
      expect(estimated.executions.run).toBeLessThan(exact.executions.run); // the estimate is cheaper
      expect(naive.baseline.costEstimate).toBeUndefined(); // naive ran every run
      expect(exact.baseline.costEstimate).toBeUndefined(); // exactCost finished P₀'s runs
      expect(exact.frontier.every((m) => m.costEstimate === undefined)).toBe(true);
      expect(exact.iterations.every((i) => i.costSettled === undefined)).toBe(true); // all exact up front
      const naiveCost = new Map(naive.frontier.map((m) => [m.candidate, m.cost]));
      naiveCost.set(naive.baseline.candidate, naive.baseline.cost);
      const tokens = (c: { input: number; output: number }) => c.input + c.output;
      for (const m of [estimated.baseline, ...estimated.frontier]) {
        const truth = naiveCost.get(m.candidate);
        if (!m.costEstimate || !truth) continue;
        estimates++;
        expect(m.costEstimate.runs).toBeLessThan(m.costEstimate.planned);
        expect(tokens(truth)).toBeGreaterThanOrEqual(m.costEstimate.low);
        expect(tokens(truth)).toBeLessThanOrEqual(m.costEstimate.high!);
      }
      // Where the intervals left a comparison open, the child's and the member's runs were all run:
      // each of them still on the frontier (or P₀) carries naive's exact cost, not an estimate.
      const settled = new Set(
        estimated.iterations.flatMap((i) => (i.costSettled ? [i.child!.candidate, ...i.costSettled] : [])),
      );
      for (const m of [estimated.baseline, ...estimated.frontier].filter((x) => settled.has(x.candidate))) {
        settledMembers++;
        expect(m.costEstimate).toBeUndefined();
        expect(m.cost).toEqual(naiveCost.get(m.candidate));
      }
    }
    expect(estimates).toBeGreaterThan(0);
    expect(settledMembers).toBeGreaterThan(0);
  }, 120_000);
});

describe("who runs members' early-stopped runs in full", () => {
  const membersRunInFull = (c: Pick<RunConfig, "exactCost" | "strategy">) =>
    settingsOf(c, strategyFor(c)).exactCost;
  // SkillEvolver's contrast reads its own exploration runs, run in full, not the members' measurements.
  it("everyone by default; exactCost: false opts out, SkillEvolver too", () => {
    expect(membersRunInFull({})).toBe(true);
    expect(membersRunInFull({ strategy: "frames" })).toBe(true);
    expect(membersRunInFull({ strategy: "neo", exactCost: false })).toBe(false);
    expect(membersRunInFull({ exactCost: false })).toBe(false);
    expect(membersRunInFull({ exactCost: true })).toBe(true);
    expect(membersRunInFull({ strategy: "evolver", exactCost: false })).toBe(false);
  });
});
