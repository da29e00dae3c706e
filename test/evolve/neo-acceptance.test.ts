// SkillNEO's deployment acceptance: the rule on its own (ΔS beyond δ_off, or an official tie with ΔA
// beyond δ_aux, and the strict floor; the incumbent wins exact ties), the auxiliary score's fallback
// when the rubrics differ, and the verdicts a simulated run records: one accept or hold per decided
// generation, each reproducible from the scores it records, the incumbent following the accepts.
import { describe, expect, it } from "vitest";
import {
  acceptChild,
  comparedScores,
  officialScore,
} from "../../src/core/evolve/strategies/neo-acceptance.js";
import { decisionsOf, incumbentAt } from "../../src/core/evolve/strategies/neo-deploy.js";
import { generationOf } from "../../src/core/evolve/strategies/neo-selection.js";
import type { CaseResult } from "../../src/records/eval-record.js";
import { NEO_DEFAULTS } from "../../src/records/neo-knobs.js";
import { RunRecord } from "../../src/records/run-record.js";
import type { Runner, RunInput } from "../../src/core/evaluate/runner.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { neoRun } from "./neo-world-run.js";

const knobs = { deltaOfficial: 0, deltaAux: 30, strictFloor: true };
const s = (official: number, aux = official) => ({ official, aux });

/** A case result with one run per entry of `runs`, each with its items' verdicts. */
function result(id: string, passAtK: number, runs: boolean[][]): CaseResult {
  return {
    id,
    category: "general",
    planned: runs.length,
    runs: runs.length,
    successes: runs.filter((items) => items.every(Boolean)).length,
    passAtK,
    tokens: { input: 0, output: 0, cached: 0 },
    executed: runs.length,
    savedByCache: 0,
    savedByEarlyStop: 0,
    scoringTokens: { input: 0, output: 0, cached: 0 },
    runDetails: runs.map((items, runIndex) => ({
      runIndex,
      pass: items.every(Boolean),
      cached: false,
      tokens: { input: 0, output: 0, cached: 0 },
      skillsLoaded: [],
      items: items.map((pass) => ({ type: "contains", pass, reason: "" })),
    })),
  };
}

describe("the acceptance rule", () => {
  it("defaults are the paper's: δ_off = 0, δ_aux = 30 pp, the strict floor on, two holds", () => {
    expect(NEO_DEFAULTS).toEqual({ deltaOfficial: 0, deltaAux: 30, strictFloor: true, holdPatience: 2 });
  });

  it("accepts an official gain beyond δ_off above the floor, and holds one at or below the margin", () => {
    expect(acceptChild(s(60), s(50), 50, knobs)).toMatchObject({ verdict: "accept" });
    expect(acceptChild(s(60), s(50), 50, { ...knobs, deltaOfficial: 10 })).toMatchObject({
      verdict: "hold",
      reason: "ΔS +10.0 pp, not above δ_off = 10",
    });
    expect(acceptChild(s(40), s(50), 50, knobs).verdict).toBe("hold");
  });

  it("on an official tie needs ΔA beyond δ_aux, and the incumbent wins an exact tie", () => {
    const off = { ...knobs, strictFloor: false };
    expect(acceptChild(s(50, 90), s(50, 50), 50, off).verdict).toBe("accept");
    expect(acceptChild(s(50, 80), s(50, 50), 50, off)).toMatchObject({
      verdict: "hold",
      reason: "an official tie with ΔA +30.0 pp, not above δ_aux = 30",
    });
    expect(acceptChild(s(50, 50), s(50, 50), 50, { ...off, deltaAux: 0 }).verdict).toBe("hold");
  });

  it("the strict floor holds a child that does not beat the root's and incumbent's pooled scores", () => {
    // An official tie clears δ_aux but cannot clear a floor at the incumbent's own score.
    expect(acceptChild(s(50, 90), s(50, 50), 50, knobs)).toMatchObject({
      verdict: "hold",
      reason: "S 50.0 not above the strict floor 50.0 (root and incumbent pooled)",
    });
    expect(acceptChild(s(60), s(50), 70, knobs).verdict).toBe("hold");
    expect(acceptChild(s(60), s(50), 70, { ...knobs, strictFloor: false }).verdict).toBe("accept");
  });

  it("scores items when both evaluations share the rubric, and falls back to the official score when not", () => {
    const child = [result("a", 1, [[true, true]]), result("b", 0, [[true, false]])];
    const incumbent = [result("a", 1, [[true, true]]), result("b", 0, [[false, false]])];
    expect(comparedScores(child, incumbent)).toEqual({ child: s(50, 75), incumbent: s(50, 50) });
    const other = [result("a", 1, [[true, true, true]]), result("b", 0, [[false]])];
    expect(comparedScores(child, other)).toEqual({ child: s(50), incumbent: s(50) });
    expect(officialScore([])).toBe(0);
  });
});

describe("a SkillNEO run's deployment decisions", () => {
  it("records one accept or hold per decided generation, reproducible from its scores, and the others as reject", async () => {
    const { record } = await neoRun(2, { maxIterations: 12, neo: { holdPatience: 4 } });
    expect(RunRecord.parse(record)).toEqual(record);
    const decisions = decisionsOf(record.iterations);
    expect(decisions.length).toBeGreaterThan(1);
    const generations = decisions.map((d) => d.deploy.generation);
    expect(new Set(generations).size).toBe(generations.length); // one decision per generation
    let incumbent = record.baseline.candidate;
    for (const d of decisions) {
      const { child, incumbentScores, floor } = d.deploy;
      expect(d.deploy.incumbent).toBe(incumbent);
      expect(d.deploy.incumbentBatch).toBe("fresh");
      expect(acceptChild(child!, incumbentScores!, floor!, knobs).verdict).toBe(d.deploy.verdict);
      if (d.deploy.verdict === "accept")
        incumbent = record.iterations.find((it) => it.t === d.t)!.child!.candidate;
    }
    expect(decisions.some((d) => d.deploy.verdict === "accept")).toBe(true);
    expect(incumbentAt(record.iterations, record.baseline.candidate)).toBe(incumbent);
    // Every other screened child of a decided generation is a reject with its reason.
    for (const it of record.iterations.filter((x) => x.neoScreen && x.neoDeploy?.verdict === "reject")) {
      expect(decisions.some((d) => d.deploy.generation === generationOf(it.t))).toBe(true);
      expect(it.neoDeploy!.reason).toMatch(
        /not promoted|refused by the audit|not fully measured|ranked below/,
      );
    }
  }, 60_000);

  it("re-measures the incumbent in each comparison batch: fresh runs past its stored ones, as the deployed agent", async () => {
    const agent = createSimAgent(generateWorld({ seed: 2, rules: 12 }));
    const runs: RunInput[] = [];
    const runner: Runner = { ...agent, run: (input) => (runs.push(input), agent.run(input)) };
    const { record } = await neoRun(2, { maxIterations: 12, neo: { holdPatience: 4 } }, { runner });
    const { n } = record.config;
    const decisions = decisionsOf(record.iterations);
    expect(decisions.length).toBeGreaterThan(1);
    // Generation g's batch runs at indices n·(g + 1) onwards, on the evolution cases only, with no hint.
    const fresh = runs.filter((r) => r.runIndex >= n);
    expect(new Set(fresh.map((r) => Math.floor(r.runIndex / n) - 1))).toEqual(
      new Set(decisions.map((d) => d.deploy.generation)),
    );
    expect(fresh.every((r) => record.cases.includes(r.case.id) && r.hint === undefined)).toBe(true);
    // The root's fresh batch is not its stored E₀ read back.
    const first = decisions[0]!.deploy;
    expect(first.incumbent).toBe(record.baseline.candidate);
    expect(first.incumbentScores!.official).not.toBeCloseTo(100 * record.baseline.total.rate, 6);
  }, 60_000);
});
