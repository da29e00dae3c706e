// The context budget's SkillSmith knobs inside the loop, on the seeded 12-skill world of
// context-budget.test.ts: Thompson-sampled Hedge allocation, the adaptive masking rate and
// retirement recorded on the allocation, the same record from the same seed, strikes carried from
// one allocation to the next, and a run killed after an allocation resuming as if never stopped.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { skillTokens } from "../../src/core/bank/exposure.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { RunRecord } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { runSimulatedEvolution, type SimDeps } from "../support/sim-roles/run.js";
import { killAndResume } from "./kill-and-resume.js";
import { resumeComparable } from "./resume-comparable.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");
const world = generateWorld({ seed: 5, rules: 12, skills: 12, homes: 4 });
const scopeTokens = worldBank(world).skills.reduce((s, k) => s + skillTokens(k), 0);
// ε = ½: a strike whenever the estimated gain is negative. This world has idle skills but none that
// hurts, so SkillSmith's ε = 0.05 would flag nothing here (ecosystem.test.ts covers it).
const PAPER = { allocation: "thompson", maskingRate: "adaptive", retireAfter: 1, retireBelow: 0.5 } as const;

function configOf(knobs: Partial<EvolveConfig>) {
  const all = { seed: 3, topK: 12, maxIterations: 2, ...knobs };
  return { ...runConfigOf(EvolveConfig.parse(all)), bootstrap: 200 };
}
const runWith = (knobs: Partial<EvolveConfig>, deps: SimDeps = { now: NOW }, runner?: Runner) =>
  runSimulatedEvolution(world, configOf(knobs), deps, [], runner);

describe("SkillSmith's ecosystem in the loop", () => {
  it("records the Thompson allocation, the adaptive rate and retirement, within the budget, reproducibly", async () => {
    const budget = Math.floor(scopeTokens * 0.6);
    const knobs = { contextBudget: budget, maskingRuns: 24, ...PAPER };
    const { record } = await runWith(knobs);
    expect(RunRecord.parse(record)).toEqual(record);
    expect(record.config).toMatchObject(PAPER);
    const cb = record.iterations[0]!.contextBudget!;
    expect(cb.allocation).toBe("thompson");
    expect(cb.masking.adaptive).toBe(true);
    // After the warm-up at ½, settled skills are hidden less, so the mean rate falls below ½.
    expect(cb.masking.rho).toBeLessThan(0.5);
    expect(cb.masking.rho).toBeGreaterThanOrEqual(0.2);
    expect(cb.exposureTokens).toBeLessThanOrEqual(budget);
    expect(cb.retirement).toMatchObject({ after: 1, below: 0.5 });
    expect(cb.retirement!.retired.length).toBeGreaterThan(0);
    for (const r of cb.retirement!.retired) expect(cb.exposure).not.toContain(r);
    expect(cb.retirement!.retired).toEqual(cb.retirement!.flagged.map((f) => f.skill).sort());
    const again = await runWith(knobs);
    expect(again.record).toEqual(record);
  });

  it("records none of it under the defaults", async () => {
    const { record } = await runWith({ contextBudget: Math.floor(scopeTokens * 0.6), maskingRuns: 12 });
    const cb = record.iterations[0]!.contextBudget!;
    expect(cb).not.toHaveProperty("allocation");
    expect(cb).not.toHaveProperty("retirement");
    expect(cb.masking).not.toHaveProperty("adaptive");
    expect(cb.masking.rho).toBe(0.5);
    expect(record.config).not.toHaveProperty("allocation");
  });

  it("carries retirement to a later allocation, and a run killed after the first resumes identically", async () => {
    // As in context-budget.test.ts, iteration 4 allocates again from a rewrite that entered at t = 3.
    const knobs = {
      contextBudget: Math.floor(scopeTokens * 0.5),
      maskingRuns: 12,
      maxIterations: 4,
      allocation: "hedge" as const,
      retireAfter: 2,
      retireBelow: 0.5,
    };
    const whole = await runWith(knobs);
    const allocations = whole.record.iterations.filter((it) => it.contextBudget);
    expect(allocations.length).toBeGreaterThanOrEqual(2);
    const [first, later] = allocations.map((it) => it.contextBudget!.retirement!);
    for (const f of later!.flagged) {
      const before = first!.flagged.find((x) => x.skill === f.skill)?.strikes ?? 0;
      expect(f.strikes).toBe(before + 1);
    }
    expect(later!.retired).toEqual(expect.arrayContaining(first!.retired));
    // Two strikes in a row retire a skill at the second allocation, and it is not shown.
    const twice = later!.flagged.filter((f) => f.strikes === 2).map((f) => f.skill);
    expect(twice.length).toBeGreaterThan(0);
    expect(later!.retired).toEqual(expect.arrayContaining(twice));
    for (const r of later!.retired) expect(allocations[1]!.contextBudget!.exposure).not.toContain(r);

    const { last, resumed } = await killAndResume({
      runner: createSimAgent(world),
      killAt: (cp) => cp.state.iterations.some((it) => it.contextBudget) && cp.state.t >= 2,
      start: ({ runner, ...deps }) => runWith(knobs, { now: NOW, ...deps }, runner),
      resume: (deps) => runWith(knobs, { now: NOW, ...deps }),
    });
    expect(last.state.iterations.filter((it) => it.contextBudget)).toHaveLength(1);
    expect(resumeComparable(resumed.record)).toEqual(resumeComparable(whole.record));
  });
});
