// SkillNEO's screening and promotion on seeded simulated worlds: every child of a generation is
// screened before any is promoted, and only the top m by screening pass rate (ties to the earlier
// child) are fully evaluated. Executions are counted at the runner, per child bank: an unpromoted
// child runs only its screening half. A generation cut short by max iterations still promotes its
// top m, and a run killed mid-generation resumes with its screened children as if never stopped.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { Runner, RunInput } from "../../src/core/evaluate/runner.js";
import type { Checkpoint } from "../../src/core/evolve/checkpoint.js";
import type { EvolveInputs } from "../../src/core/evolve/context.js";
import { RunRecord, type Iteration } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { generationOf } from "../../src/core/evolve/strategies/neo-selection.js";
import type { NeoScreenDecided } from "../../src/records/neo-screen-record.js";
import { NEO_SCREEN_NOTE, screenCases } from "../../src/core/evolve/strategies/neo-screen.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import { neoRun } from "./neo-world-run.js";
import { resumeComparable } from "./resume-comparable.js";
import { killAndResume } from "./kill-and-resume.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

function setup(seed: number, knobs: Partial<EvolveConfig>) {
  const world = generateWorld({ seed, rules: 12 });
  const w = worldInputs(world);
  const all = { seed, maxIterations: 12, patience: 12, strategy: "neo" as const, ...knobs };
  const inputs: EvolveInputs = {
    bank: w.bank,
    cases: w.cases,
    pool: w.pool,
    categories: world.categories,
    config: { ...runConfigOf(EvolveConfig.parse(all)), bootstrap: 100 },
    simulated: true,
    inputs: { bank: "b", cases: "c", pool: "p", world: String(seed) },
  };
  return { world, w, inputs, roles: createSimRoles(world), runner: createSimAgent(world) };
}

/** Which visible skills, with which text, an execution ran with: one child bank's runs share it. */
const fingerprintOf = (r: RunInput) =>
  JSON.stringify([...r.skills].map((k) => [k.name, k.source]).sort(([a], [b]) => (a! < b! ? -1 : 1)));

/**
 * A run whose runner logs every execution. Iteration t's executions are those between the progress
 * events before it (the baseline's or t − 1's) and its own; the first of them is its child's screening (nothing runs the agent before
 * it), so that child's bank is known by its fingerprint even when its iteration ended its generation.
 */
async function observedRun(seed: number, knobs: Partial<EvolveConfig>) {
  // Localisation off: a site check can measure the very bank a screened child has (the parent with
  // the section its edit removed masked), which the by-bank accounting below would count as the child's.
  const s = setup(seed, { localisation: false, ...knobs });
  const runs: RunInput[] = [];
  const segment = new Map<number, [number, number]>(); // t → [first, end) of its executions
  let next = 0;
  const runner: Runner = { ...s.runner, run: (input) => (runs.push(input), s.runner.run(input)) };
  const onProgress = (e: { type: string; t?: number }) => {
    if (e.type === "iteration") segment.set(e.t!, [next, runs.length]);
    next = runs.length; // the baseline's executions belong to no iteration
  };
  const { record } = await runEvolution(s.inputs, { roles: s.roles, runner, now: NOW, onProgress });
  /**
   * Ids of the cases executed with the bank iteration t's child was screened with, from its screening
   * to the end of the iteration that decided its generation (a later child may repeat its bank).
   */
  const executedBy = (t: number, until: number) => {
    const [first] = segment.get(t)!;
    const fp = fingerprintOf(runs[first]!);
    // A generation the run stopped in is promoted after the last iteration's event.
    const window = runs.slice(first, segment.get(until + 1)?.[0] ?? runs.length);
    return new Set(window.filter((r) => fingerprintOf(r) === fp).map((r) => r.case.id));
  };
  const screeningHalf = (it: Iteration) => {
    const cases = [...s.w.cases, ...it.child!.sample.map((id) => s.w.pool.find((c) => c.id === id)!)];
    return new Set(screenCases(cases).map((c) => c.id));
  };
  return { record, executedBy, screeningHalf };
}

const decided = (it: Iteration) => it.neoScreen as NeoScreenDecided;

/** Every screened child is ranked within its generation; only the top m ran beyond the screening half. */
function expectTopM(run: Awaited<ReturnType<typeof observedRun>>, m: number) {
  const { record, executedBy, screeningHalf } = run;
  expect(RunRecord.parse(record)).toEqual(record);
  const screened = record.iterations.filter((it) => it.neoScreen);
  let stoppedByRank = 0;
  for (const g of new Set(screened.map((it) => generationOf(it.t)))) {
    const gen = screened.filter((it) => generationOf(it.t) === g);
    const order = [...gen].sort((a, b) => decided(b).score - decided(a).score || a.t - b.t);
    order.forEach((it, i) => {
      expect(decided(it)).toMatchObject({ rank: i + 1, of: gen.length, promoted: i < m });
      const ran = executedBy(it.t, decided(it).decidedAt);
      const beyondHalf = [...ran].filter((id) => !screeningHalf(it).has(id));
      if (i < m) {
        expect(beyondHalf.length).toBeGreaterThan(0); // its full evaluation ran
        expect(it.child!.measured.cases).toBeGreaterThan(screeningHalf(it).size);
        return;
      }
      stoppedByRank++;
      expect(beyondHalf).toEqual([]); // screened only: never fully evaluated
      expect(it.child!.measured.cases).toBe(screeningHalf(it).size);
      expect(it.note).toBe(
        `screened at rank ${i + 1} of ${gen.length}: not promoted (SkillNEO fully evaluates the top ${m} of a generation)`,
      );
      expect([it.gate.admitted, it.entered]).toEqual([false, false]);
      expect(record.frontier.map((f) => f.candidate)).not.toContain(it.child!.candidate);
    });
  }
  return stoppedByRank;
}

describe("SkillNEO screens a whole generation, then promotes its top m", () => {
  it("m = 1: one child per generation is fully evaluated", async () => {
    const run = await observedRun(2, { neoPromote: 1 });
    expect(expectTopM(run, 1)).toBeGreaterThan(0);
  }, 60_000);

  it("by default the paper's k = 3 of a generation of b = 6, not always the first three", async () => {
    const run = await observedRun(2, {});
    expect(expectTopM(run, 3)).toBeGreaterThan(0);
    // The generation ranked as a whole: a later child outranked an earlier one.
    const first = run.record.iterations.filter((it) => it.t <= 6);
    expect(first).toHaveLength(6);
    expect(first.every((it) => decided(it).decidedAt === 6)).toBe(true);
    const promoted = first.map((it) => decided(it).promoted);
    expect(promoted.filter(Boolean)).toHaveLength(3);
    expect(promoted).not.toEqual([true, true, true, false, false, false]);
  }, 60_000);

  it("a generation cut short by max iterations still fully evaluates its top m", async () => {
    const run = await observedRun(2, { neoPromote: 1, maxIterations: 9 });
    expectTopM(run, 1);
    const last = run.record.iterations.filter((it) => it.t > 6 && it.neoScreen);
    expect(last.length).toBeGreaterThan(1);
    expect(last.every((it) => decided(it).decidedAt === 9)).toBe(true);
    const top = last.find((it) => decided(it).promoted)!;
    expect(top.child!.measured.cases).toBeGreaterThan(run.screeningHalf(top).size);
    expect(run.record.iterations.at(-1)!.frontierAfter).toEqual(run.record.frontier.map((f) => f.candidate));
  }, 60_000);

  it("a run the budget stops mid-generation still decides its screened children, saying the budget ran out", async () => {
    const spentAt = new Map<number, number>();
    const s0 = setup(2, {});
    const checkpoint = async (cp: Checkpoint) => {
      const tokens = Object.values(cp.state.tokens).reduce((a, u) => a + u.input + u.output, 0);
      spentAt.set(cp.state.t, tokens);
    };
    await runEvolution(s0.inputs, { ...s0, now: NOW, checkpoint });
    // Iteration 5 starts within the budget and spends it before its child is screened.
    const s = setup(2, {});
    s.inputs.config = { ...s.inputs.config, budgetTokens: spentAt.get(4)! + 1 };
    const { record } = await runEvolution(s.inputs, { ...s, now: NOW });
    expect(record.stop).toMatchObject({ reason: "budget", afterIteration: 5 });
    expect(record.iterations.map((it) => it.t)).toEqual([1, 2, 3, 4, 5]);
    const screened = record.iterations.filter((it) => it.neoScreen);
    expect(screened.length).toBe(4);
    for (const it of screened) expect(it.neoScreen).toMatchObject({ of: 4, decidedAt: 5 });
    const top = screened.find((it) => decided(it).rank === 1)!;
    expect(top.note).toBe("the run's token budget ran out while evaluating the child; it was not admitted");
    expect(top.gate.admitted).toBe(false);
    expect(record.iterations.some((it) => it.neoScreen && "pending" in it.neoScreen)).toBe(false);
  }, 60_000);

  it("a run killed mid-generation, with screened children pending, resumes as if never stopped", async () => {
    const knobs = {};
    const whole = await runEvolution(setup(2, knobs).inputs, { ...setup(2, knobs), now: NOW });
    const s = setup(2, knobs);
    const { last, resumed } = await killAndResume({
      runner: s.runner,
      // Kill at the first execution after a mid-generation checkpoint past generation 1.
      killAt: (cp) => cp.state.t > 6 && cp.state.t % 6 !== 0 && (cp.state.neoPending?.length ?? 0) > 0,
      start: (deps) => runEvolution(s.inputs, { ...s, ...deps, now: NOW }),
      resume: (deps) => runEvolution(setup(2, knobs).inputs, { ...setup(2, knobs), ...deps, now: NOW }),
    });
    expect(last.state.neoPending!.length).toBeGreaterThan(0);
    expect(last.state.iterations.at(-1)!.neoScreen).toMatchObject({ pending: true });
    expect(resumeComparable(resumed.record)).toEqual(resumeComparable(whole.record));
  }, 60_000);

  it("screening ranks without P₀'s floors: a child below a floor on its half still reaches the ranking", async () => {
    const { record } = await neoRun(3);
    const screenedOnly = record.iterations.filter((it) => it.neoScreen && !decided(it).promoted);
    const below = screenedOnly.filter((it) =>
      Object.entries(record.baseline.floors).some(
        ([c, floor]) => (it.child!.measured.perCategory[c] ?? Infinity) < floor - 1e-12,
      ),
    );
    expect(below.length).toBeGreaterThan(0);
    expect(record.iterations.some((it) => it.note === NEO_SCREEN_NOTE)).toBe(false);
  }, 60_000);

  it("patience counts a generation's end, not its screenings: the default patience of 3 ranks a whole generation", async () => {
    const s = setup(2, {});
    s.inputs.config = { ...s.inputs.config, patience: 3 };
    const { record } = await runEvolution(s.inputs, { ...s, now: NOW });
    const first = record.iterations.filter((it) => it.t <= 6 && it.neoScreen);
    expect(first.length).toBeGreaterThan(3);
    expect(first.every((it) => decided(it).decidedAt === 6)).toBe(true);
  }, 60_000);
});
