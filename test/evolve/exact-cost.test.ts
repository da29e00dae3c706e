import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/config/config.js";
import { costLowerBound } from "../../src/evolve/cost-estimate.js";
import { earlyStoppedResult } from "./early-stopped-result.js";
import { dominatedWhateverItCosts } from "../../src/evolve/exact-cost.js";
import { pointOf } from "../../src/evolve/pareto.js";
import { runConfigOf } from "../../src/evolve/run.js";
import type { RunRecord } from "../../src/evolve/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { runSimulatedEvolution } from "../../src/sim/run.js";

const now = () => new Date("2026-11-30T00:00:00Z");

/** Everything the frontier decided, member costs included (what the frontier compares). */
const decisions = (r: RunRecord) =>
  JSON.stringify({
    it: r.iterations.map((i) => [i.child?.candidate, i.gate.admitted, i.entered, i.frontierAfter]),
    f: r.frontier.map((m) => [m.candidate, m.cost]),
    sel: r.selected,
  });

describe("exact cost under early stop", () => {
  it("gives the frontier the same decisions and member costs as naive evaluation when tokens vary per run", async () => {
    // Before exact-cost.ts, early stop priced a case by its executed runs only: on these worlds the
    // member costs differed from naive evaluation's, and on 1 of 12 the frontier itself did.
    const world = generateWorld({ seed: 2000, rules: 8, params: { outputTokensSpread: 400 } });
    const run = async (savings: boolean) =>
      (
        await runSimulatedEvolution(
          world,
          { ...runConfigOf(EvolveConfig.parse({ seed: 0, exactCost: true })), savings },
          { now },
        )
      ).record;
    const [saved, naive] = [await run(true), await run(false)];
    expect(saved.executions.savedByEarlyStop).toBeGreaterThan(0); // early stop did happen
    expect(saved.executions.run).toBeLessThan(naive.executions.run);
    expect(decisions(saved)).toBe(decisions(naive));
  }, 60_000);

  it("spares the remaining runs only when a member dominates the child whatever they cost", () => {
    const child = { passRate: 0.5, results: [earlyStoppedResult("c", [100, 200], 4)] }; // executed 300 of 4 runs: ≥ 75
    expect(costLowerBound(child.results)).toBe(75);
    const member = (passRate: number, cost: number) => ({
      ...pointOf({ id: "m", born: 0, results: [] }),
      passRate,
      cost,
    });
    expect(dominatedWhateverItCosts([member(0.9, 75)], child)).toBe(true);
    expect(dominatedWhateverItCosts([member(0.5, 74)], child)).toBe(true);
    expect(dominatedWhateverItCosts([member(0.5, 75)], child)).toBe(false); // equal if the rest cost 0
    expect(dominatedWhateverItCosts([member(0.9, 76)], child)).toBe(false); // the estimate (150) would say yes
    expect(dominatedWhateverItCosts([member(0.4, 10)], child)).toBe(false);
  });
});

describe("estimated cost under early stop (the default)", () => {
  it("keeps the decisions, records each estimated member's interval, and holds naive's cost inside it", async () => {
    const world = generateWorld({ seed: 2001, rules: 8, params: { outputTokensSpread: 400 } });
    const run = async (savings: boolean, exactCost: boolean) =>
      (
        await runSimulatedEvolution(
          world,
          { ...runConfigOf(EvolveConfig.parse({ seed: 0, exactCost })), savings },
          { now },
        )
      ).record;
    const [estimated, exact, naive] = [
      await run(true, false),
      await run(true, true),
      await run(false, false),
    ];
    const choices = (r: RunRecord) =>
      JSON.stringify([r.iterations.map((i) => [i.child?.candidate, i.gate.admitted, i.entered]), r.selected]);
    expect(choices(estimated)).toBe(choices(naive));
    expect(estimated.executions.run).toBeLessThan(exact.executions.run); // the estimate is cheaper
    const e = estimated.baseline.costEstimate!; // P₀ early-stopped some runs: its cost is an estimate
    expect(e.runs).toBeLessThan(e.planned);
    const truth = naive.baseline.cost.input + naive.baseline.cost.output;
    expect(truth).toBeGreaterThanOrEqual(e.low);
    expect(truth).toBeLessThanOrEqual(e.high!);
    expect(naive.baseline.costEstimate).toBeUndefined(); // naive ran every run
    expect(exact.baseline.costEstimate).toBeUndefined(); // exactCost finished P₀'s runs
    expect(exact.frontier.every((m) => m.costEstimate === undefined)).toBe(true);
    expect(exact.iterations.every((i) => i.costSensitive === undefined)).toBe(true); // exact: nothing rests on an estimate
  }, 60_000);
});
