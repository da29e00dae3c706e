// Every search strategy end to end on seeded simulated worlds: the gate's floors and the frontier's
// invariants hold whatever picks the parents; SkillNEO's archive stays apart from the frontier and a
// resumed run picks the parents an uninterrupted one picks; `frames` is today's default unchanged.
import { isPromoted } from "../../src/core/evolve/strategies/neo-selection.js";
import fc from "fast-check";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { resumeMismatch, type Checkpoint } from "../../src/core/evolve/checkpoint.js";
import { isNonDominated } from "../../src/core/evolve/pareto.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import type { SearchStrategy } from "../../src/records/search-strategy.js";
import { resumeComparable } from "./resume-comparable.js";
import { killAndResume } from "./kill-and-resume.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");
const STRATEGIES: SearchStrategy[] = ["frames", "greedy", "neo", "evolver"];

function setup(seed: number, knobs: Partial<EvolveConfig> = {}) {
  const world = generateWorld({ seed, rules: 10 });
  // Nothing held back: these worlds are sized for the search mechanics, not for the PR's held-out test.
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 6, holdBack: 0, ...knobs })),
    bootstrap: 100,
  };
  const { inputs } = worldRunInputs(world, config);
  return { world, inputs, roles: createSimRoles(world), runner: createSimAgent(world) };
}

async function run(s: ReturnType<typeof setup>, extra: Partial<Parameters<typeof runEvolution>[1]> = {}) {
  return runEvolution(s.inputs, { roles: s.roles, runner: s.runner, now: NOW, ...extra });
}

describe("search strategies", () => {
  it("property: every strategy admits only children above every floor and keeps the frontier non-dominated and within its cap", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STRATEGIES),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 0.05, 0.3),
        async (strategy, seed, cap, epsilon) => {
          let last: Checkpoint | undefined;
          const { record } = await run(setup(seed, { strategy, frontierCap: cap, epsilon, patience: 6 }), {
            checkpoint: async (cp) => void (last = cp),
          });
          for (const it of record.iterations) {
            expect(it.frontierAfter.length).toBeLessThanOrEqual(cap);
            if (it.entered) expect(it.gate.admitted).toBe(true);
            if (!it.gate.admitted) continue;
            for (const [category, floor] of Object.entries(record.baseline.floors))
              expect(it.child!.measured.perCategory[category]! + 1e-12).toBeGreaterThanOrEqual(floor);
          }
          // SkillNEO ships its incumbent, listed again when it had left the frontier: the one exception.
          const restored = record.shipped?.restored ? record.selected : undefined;
          const members = record.frontier.filter((m) => m.candidate !== restored);
          const points = members.map((m) => ({
            id: m.candidate,
            passRate: m.total.rate,
            cost: m.cost.input + m.cost.output,
            born: m.born,
          }));
          expect(members.length).toBeLessThanOrEqual(cap);
          expect(isNonDominated(points)).toBe(true);
          // The archive (SkillNEO only) holds admitted children, P₀ and promoted (fully measured)
          // children kept as parents, never a frontier member.
          const archive = last!.state.archive ?? [];
          if (strategy !== "neo") expect(last!.state.archive).toBeUndefined();
          const admitted = new Set(
            record.iterations.filter((i) => i.gate.admitted || isPromoted(i)).map((i) => i.child!.candidate),
          );
          for (const m of archive) {
            if (m.id === restored) continue;
            expect(record.frontier.some((f) => f.candidate === m.id)).toBe(false);
            expect(admitted.has(m.id) || m.id === record.baseline.candidate).toBe(true);
          }
        },
      ),
      { numRuns: 16 },
    );
  }, 120_000);

  it("frames is the default: spelling it out changes nothing but the recorded knob", async () => {
    const absent = await run(setup(7));
    const spelled = await run(setup(7, { strategy: "frames" }));
    expect(absent.record.config.strategy).toBeUndefined();
    expect(spelled.record.config.strategy).toBe("frames");
    const { strategy: _, ...rest } = spelled.record.config;
    expect({ ...spelled.record, config: rest }).toEqual(absent.record);
  });

  it("greedy improves the most accurate frontier member every iteration", async () => {
    let frontiers: Checkpoint["state"]["frontier"][] = [];
    const s = setup(3, { strategy: "greedy", patience: 6 });
    const { record } = await run(s, {
      checkpoint: async (cp) => void frontiers.push(structuredClone(cp.state.frontier)),
    });
    frontiers = frontiers.slice(0, record.iterations.length); // after the baseline, then each iteration
    record.iterations.forEach((it, i) => {
      const rate = (m: (typeof frontiers)[number][number]) =>
        m.results.reduce((a, r) => a + r.passAtK, 0) / Math.max(1, m.results.length);
      const best = Math.max(...frontiers[i]!.map(rate));
      expect(rate(frontiers[i]!.find((m) => m.id === it.parent)!)).toBe(best);
    });
  });

  it("a neo run killed mid-run resumes and picks the parents an uninterrupted run picks", async () => {
    const knobs = { strategy: "neo" as const, maxIterations: 12, patience: 12 };
    const whole = await run(setup(9, knobs));
    expect(new Set(whole.record.iterations.map((i) => i.parent)).size).toBeGreaterThan(1);
    const s = setup(9, knobs);
    const { last, resumed } = await killAndResume({
      runner: s.runner,
      killAt: Math.round(whole.record.executions.run * 0.95),
      start: (deps) => run(s, deps),
      resume: (deps) => run(setup(9, knobs), deps),
    });
    expect(last.state.t).toBeGreaterThan(6); // past the first generation, so the archive matters
    expect(last.state.archive?.length).toBeGreaterThan(0);
    expect(resumeComparable(resumed.record)).toEqual(resumeComparable(whole.record));
  });

  it("neo grafts a section from another parent of the same generation", async () => {
    let last: Checkpoint | undefined;
    const s = setup(1, { strategy: "neo", maxIterations: 9, patience: 9 });
    const world = generateWorld({ seed: 1001, rules: 12 });
    const w = worldInputs(world);
    const inputs = { ...s.inputs, bank: w.bank, cases: w.cases, pool: w.pool, categories: world.categories };
    const { record } = await runEvolution(inputs, {
      roles: createSimRoles(world),
      runner: createSimAgent(world),
      now: NOW,
      checkpoint: async (cp) => void (last = cp),
    });
    const grafted = record.iterations.filter((i) => i.graft);
    expect(grafted.length).toBeGreaterThan(0);
    const known = [...last!.state.frontier, ...(last!.state.archive ?? [])];
    for (const it of grafted) {
      expect(it.graft!.donor).not.toBe(it.parent);
      const donor = known.find((m) => m.id === it.graft!.donor)!;
      expect(donor.born).toBeLessThan(it.t);
      // The donor's version of the skill differs from P₀'s: the graft carries an edit, not the original.
      expect(donor.sources[it.graft!.skill]).toBeDefined();
    }
  });

  it("a resume refuses a different strategy and takes an absent one as frames", () => {
    const base = setup(1).inputs.config;
    const cp = { inputs: { bank: "b", cases: "c", pool: "p" }, config: base };
    expect(resumeMismatch(cp, cp.inputs, { ...base, strategy: "frames" })).toEqual([]);
    expect(resumeMismatch(cp, cp.inputs, { ...base, strategy: "neo" })).toEqual([
      'config.strategy: checkpoint "frames", now "neo"',
    ]);
  });

  it("nogoods: false runs without vetoes or learning; the default learns from refusals", async () => {
    const knobs = { epsilon: 0, maxIterations: 8, patience: 8 };
    const on = await run(setup(1, knobs));
    const s = setup(1, knobs);
    s.inputs.config = { ...s.inputs.config, nogoods: false };
    const off = await run(s);
    expect(on.record.nogoods?.created.length ?? 0).toBeGreaterThan(0);
    expect(off.record.iterations.some((i) => i.nogoods)).toBe(false);
    expect(off.record.nogoods?.created.length ?? 0).toBe(0);
  });
});
