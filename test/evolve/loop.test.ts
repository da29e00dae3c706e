// The loop end to end on seeded simulated worlds: determinism, the gate's floors, the frontier's
// invariants, checkpoint/resume, and every bad input of issue 4.
import fc from "fast-check";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { type Checkpoint, ResumeRefused } from "../../src/core/evolve/checkpoint.js";
import { isNonDominated } from "../../src/core/evolve/pareto.js";
import type { Roles } from "../../src/core/llm/roles.js";
import { RunRecord } from "../../src/records/run-record.js";
import { EvolveInputError, runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";
import { resumeComparable } from "./resume-comparable.js";
import { killAndResume } from "./kill-and-resume.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

function setup(
  seed: number,
  knobs: Partial<EvolveConfig> & { budgetTokens?: number } = {},
  worldOpts: Partial<Parameters<typeof generateWorld>[0]> = {},
) {
  const world: World = generateWorld({ seed, rules: 12, ...worldOpts });
  const { budgetTokens, ...engine } = knobs;
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 5, ...engine }), budgetTokens),
    bootstrap: 200,
  };
  const { inputs } = worldRunInputs(world, config);
  return { world, inputs, roles: createSimRoles(world), runner: createSimAgent(world) };
}

async function run(s: ReturnType<typeof setup>, extra: Partial<Parameters<typeof runEvolution>[1]> = {}) {
  return runEvolution(
    s.inputs,
    { roles: s.roles, runner: s.runner, now: NOW, ...extra },
    { heldOut: worldInputs(s.world).heldOut },
  );
}

describe("evolve on a simulated world", () => {
  it("the same seed gives the same run record", async () => {
    const a = await run(setup(11));
    const b = await run(setup(11));
    expect(RunRecord.parse(a.record)).toEqual(a.record);
    expect(b.record).toEqual(a.record);
    expect(a.record.simulated).toBe(true);
    expect(a.record.iterations.length).toBeGreaterThan(0);
  });

  it("property over seeds: admitted children hold every floor; the frontier stays non-dominated and within its cap", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 0.05, 0.3),
        async (seed, cap, epsilon) => {
          const { record } = await run(setup(seed, { frontierCap: cap, epsilon, maxIterations: 4 }));
          for (const it of record.iterations) {
            expect(it.frontierAfter.length).toBeLessThanOrEqual(cap);
            // The diagnosers' batches are disjoint and cover the accepted cases.
            const seen = it.proposals.flatMap((p) => p.batch);
            expect(new Set(seen).size).toBe(seen.length);
            expect([...seen].sort()).toEqual([...record.cases].sort());
            if (!it.gate.admitted) continue;
            for (const [category, floor] of Object.entries(record.baseline.floors)) {
              expect(it.child!.measured.perCategory[category]! + 1e-12).toBeGreaterThanOrEqual(floor);
            }
          }
          expect(record.frontier.length).toBeLessThanOrEqual(cap);
          const points = record.frontier.map((m) => ({
            id: m.candidate,
            passRate: m.total.rate,
            cost: m.cost.input + m.cost.output,
            born: m.born,
          }));
          expect(isNonDominated(points)).toBe(true);
          expect(record.frontier.filter((m) => m.selected)).toHaveLength(1);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("offers at least two operating points that trade pass rate against cost", async () => {
    const { record } = await run(setup(3, { maxIterations: 10 }, { rules: 24 }));
    expect(record.frontier.length).toBeGreaterThanOrEqual(2);
    const acc = record.frontier.find((m) => m.operatingPoint === "accuracy")!;
    const cheap = record.frontier.find((m) => m.operatingPoint === "cost")!;
    expect(acc.total.rate).toBeGreaterThan(cheap.total.rate);
    expect(acc.cost.input + acc.cost.output).toBeGreaterThan(cheap.cost.input + cheap.cost.output);
    expect(record.heldOut?.members).toHaveLength(record.frontier.length);
  });

  it("a run killed mid-iteration resumes from its last checkpoint and ends where an uninterrupted run ends", async () => {
    const whole = await run(setup(5));
    const s = setup(5);
    const { last, resumed } = await killAndResume({
      runner: s.runner,
      killAt: Math.round(whole.record.executions.run * 0.6),
      start: (deps) => run(s, deps),
      resume: (deps) => run(setup(5), deps),
    });
    expect(last.state.t).toBeLessThan(whole.record.stop.afterIteration);
    expect(resumeComparable(resumed.record)).toEqual(resumeComparable(whole.record));
    // Work redone after the kill is served by the cache: nothing is executed twice overall.
    expect(resumed.record.executions.run + resumed.record.executions.savedByCache).toBe(
      whole.record.executions.run + whole.record.executions.savedByCache,
    );
  });
});

describe("hybrid retrieval", () => {
  it("fuses an embedding function with BM25 when given one, and checks what it returns", async () => {
    const s = setup(14, { topK: 2, maxIterations: 1 });
    const lexical = await run(s);
    // A toy embedding: the favourite's description and every diagnosis share an axis; other skills do not.
    const favourite = s.world.skills
      .map((x) => x.name)
      .find((n) => !lexical.record.scope.skills.includes(n))!;
    const description = String(
      s.inputs.bank.skills.find((x) => x.name === favourite)!.frontmatter.description,
    );
    const descriptions = new Set(s.inputs.bank.skills.map((x) => String(x.frontmatter.description)));
    const embed = async (texts: readonly string[]) =>
      texts.map((t) => (t === description || !descriptions.has(t) ? [1, 0] : [0, 1]));
    const hybrid = await run(s, { embed });
    expect(hybrid.record.scope.skills).toContain(favourite);
    expect(lexical.record.scope.skills).not.toContain(favourite);
    await expect(run(s, { embed: async () => [[1]] })).rejects.toThrow(/returned 1 vectors/);
  });
});

describe("screening (lossy, off by default)", () => {
  it("refuses some children after one run per case, never running their other n − 1 runs", async () => {
    const calls = { plain: 0, screened: 0 };
    const count = (s: ReturnType<typeof setup>, key: keyof typeof calls): Runner => ({
      ...s.runner,
      run: async (input) => {
        if (input.runIndex > 0) calls[key]++;
        return s.runner.run(input);
      },
    });
    const plainSetup = setup(12, { maxIterations: 6 });
    const screenSetup = setup(12, { maxIterations: 6, screening: true });
    expect(plainSetup.inputs.config.screening).toBe(false);
    await run(plainSetup, { runner: count(plainSetup, "plain") });
    const { record } = await run(screenSetup, { runner: count(screenSetup, "screened") });
    expect(record.config.screening).toBe(true);
    const screenedOut = record.iterations.filter((i) => i.note?.startsWith("refused at screening"));
    for (const it of screenedOut) expect(it.gate.admitted).toBe(false);
    for (const it of record.iterations.filter((i) => i.gate.admitted)) {
      for (const [c, floor] of Object.entries(record.baseline.floors))
        expect(it.child!.measured.perCategory[c]! + 1e-12).toBeGreaterThanOrEqual(floor);
    }
    expect(screenedOut.length).toBeGreaterThan(0);
    expect(calls.screened).toBeLessThan(calls.plain);
  });
});

describe("bad input", () => {
  it("no accepted cases", async () => {
    const s = setup(1);
    await expect(
      runEvolution({ ...s.inputs, cases: [] }, { roles: s.roles, runner: s.runner, now: NOW }),
    ).rejects.toThrow(EvolveInputError);
    await expect(
      runEvolution({ ...s.inputs, cases: [] }, { roles: s.roles, runner: s.runner, now: NOW }),
    ).rejects.toThrow(/no accepted cases/);
  });

  it("a category with no cases is reported as not gated, never as a gate reason", async () => {
    const s = setup(2);
    const { record } = await run({
      ...s,
      inputs: { ...s.inputs, categories: [...s.inputs.categories, "compliance"] },
    });
    expect(record.ungated).toEqual([
      { category: "compliance", reason: "no accepted case in this category, so nothing anchors its floor" },
    ]);
    expect(record.iterations.flatMap((i) => i.gate.reasons.map((r) => r.category))).not.toContain(
      "compliance",
    );
    expect(record.categories).not.toContain("compliance");
  });

  it("a proposal that edits a skill outside the scope is dropped with that reason", async () => {
    const s = setup(4, { topK: 2 });
    const outside = s.world.skills.map((x) => x.name).find((n) => !n.startsWith("zz"))!;
    const roles: Roles = {
      ...s.roles,
      diagnoser: {
        diagnose: async (input) => {
          const r = await s.roles.diagnoser.diagnose(input);
          const foreign = input.parent.some((p) => p.name === outside) ? "no-such-skill" : outside;
          return r.ok
            ? {
                ...r,
                value: {
                  ...r.value,
                  plans: [...r.value.plans, { skill: foreign, plan: "rewrite everything" }],
                },
              }
            : r;
        },
      },
    };
    const { record } = await run({ ...s, roles });
    const dropped = record.iterations
      .flatMap((i) => i.vote.dropped)
      .filter((d) => d.reason === "outside the working scope");
    expect(dropped.length).toBeGreaterThan(0);
    for (const it of record.iterations)
      for (const rw of it.rewrites) expect(record.scope.skills).toContain(rw.skill);
  });

  it("a rewrite that fails validation is dropped with its reason and never reaches the frontier", async () => {
    const s = setup(6);
    const roles: Roles = {
      ...s.roles,
      rewriter: {
        rewrite: async (input) => ({
          ok: true,
          value: {
            source: input.skill.source.replace(/^name: .*$/m, "name: Not A Valid Name"),
            summary: "renamed",
          },
          usage: { input: 1, output: 1, cached: 0 },
        }),
      },
    };
    const { record } = await run({ ...s, roles });
    const rewrites = record.iterations.flatMap((i) => i.rewrites);
    expect(rewrites.length).toBeGreaterThan(0);
    for (const rw of rewrites) {
      expect(rw.status).toBe("dropped");
      expect(rw.reason).toMatch(/failed validation/);
    }
    expect(record.iterations.every((i) => i.child === undefined)).toBe(true);
    expect(record.frontier.map((m) => m.candidate)).toEqual([record.baseline.candidate]);
  });

  it("a budget that runs out mid-iteration stops cleanly and keeps what was found", async () => {
    const total = (u: Record<string, { input: number; output: number }>) =>
      Object.values(u).reduce((t, x) => t + x.input + x.output, 0);
    // Localisation off: its site checks would spend the budget before the child, the case under test.
    const s0 = setup(8, { localisation: false });
    const anchorOnly = await run({
      ...s0,
      inputs: { ...s0.inputs, config: { ...s0.inputs.config, maxIterations: 0 } },
    });
    const full = await run(setup(8, { localisation: false }));
    // Enough for the baseline, iteration 1's roles and a few of its child's cases, not all of them.
    const budget = total(anchorOnly.record.tokens) + total(full.record.iterations[0]!.tokens) + 5_000;
    const { record } = await run(setup(8, { budgetTokens: budget, localisation: false }));
    expect(record.stop.reason).toBe("budget");
    expect(record.stop.afterIteration).toBe(1);
    const it1 = record.iterations[0]!;
    expect(it1.note).toBe("the run's token budget ran out while evaluating the child; it was not admitted");
    expect(it1.child?.measured.complete).toBe(false);
    expect(it1.gate.admitted).toBe(false);
    expect(RunRecord.parse(record)).toEqual(record);
    expect(record.frontier.map((m) => m.candidate)).toEqual([record.baseline.candidate]);
    expect(total(record.tokens)).toBeLessThan(budget + 10_000);
  });

  it("a resume with different inputs is refused, saying what differs", async () => {
    let cp: Checkpoint | undefined;
    const first = setup(9);
    await run(first, { checkpoint: async (c) => void (cp = c) });
    const other = setup(9, { epsilon: 0.2 });
    const changed = {
      ...other,
      inputs: { ...other.inputs, inputs: { ...other.inputs.inputs, bank: "different" } },
    };
    const attempt = run(changed, { resume: cp! });
    await expect(attempt).rejects.toThrow(ResumeRefused);
    await expect(run(changed, { resume: cp! })).rejects.toThrow(
      new RegExp(
        `bank: checkpoint ${first.inputs.inputs.bank.slice(0, 12)}, now different.*config\\.epsilon: checkpoint 0\\.05, now 0\\.2`,
      ),
    );
  });
});
