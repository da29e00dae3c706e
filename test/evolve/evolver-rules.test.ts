// Issue 44, SkillEvolver's rules where they decide: the strategies are rewritten every iteration from
// the parent's weak spots (Algorithm 1 line 8), with a diversity check that refuses near-duplicates
// and redraws; the continue-or-exit rule (line 12: a clean audit and at least 3K/4 passes); and the
// final choice by train score and generalisation risk, shipped with the FRAMES pick beside it.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { Checkpoint } from "../../src/core/evolve/checkpoint.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { evolverExit } from "../../src/core/evolve/strategies/evolver-exit.js";
import { finalChoice } from "../../src/core/evolve/strategies/evolver-final.js";
import { checkedStrategies } from "../../src/core/evolve/strategies/strategist-answer.js";
import { nearDuplicate, planSimilarity } from "../../src/core/evolve/strategies/strategy-diversity.js";
import { weakSpotsOf } from "../../src/core/evolve/strategies/weak-spots.js";
import type { Strategist } from "../../src/core/llm/roles.js";
import type { CaseResult } from "../../src/records/eval-record.js";
import type { Iteration } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { runEvolution } from "../../src/core/evolve/run.js";
import { modelStrategist } from "../../src/core/evolve/strategies/model-strategist.js";
import { withSimulatedModel } from "../../src/sim/endpoint/simulated-model.js";

const now = () => new Date("2026-11-30T00:00:00Z");
const world = generateWorld({ seed: 4, rules: 10 });
const zero = { input: 0, output: 0, cached: 0 };

/** A measured case: `passes` of its runs passed, each run loading `loaded`. */
function result(id: string, category: string, passes: boolean[], loaded: string[] = []): CaseResult {
  const successes = passes.filter(Boolean).length;
  return {
    ...{ id, category, planned: passes.length, runs: passes.length, successes },
    passAtK: successes === passes.length ? 1 : successes / passes.length,
    ...{ tokens: { input: 100, output: 10, cached: 0 }, executed: passes.length, savedByCache: 0 },
    ...{ savedByEarlyStop: 0, scoringTokens: zero },
    runDetails: passes.map((pass, runIndex) => ({
      ...{ runIndex, pass, cached: false, tokens: zero, skillsLoaded: loaded, items: [] },
    })),
  };
}

async function evolverRun(knobs: Record<string, unknown>, strategist?: Strategist) {
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed: 9, maxIterations: 3, strategy: "evolver", ...knobs })),
    bootstrap: 100,
  };
  const { inputs, heldOut } = worldRunInputs(world, config, []);
  const roles = createSimRoles(world);
  const checkpoints: Checkpoint[] = [];
  const run = await runEvolution(
    inputs,
    {
      roles: strategist ? { ...roles, strategist } : roles,
      runner: createSimAgent(world),
      now,
      checkpoint: async (cp) => void checkpoints.push(structuredClone(cp)),
    },
    { heldOut },
  );
  return { ...run, checkpoints, inputs };
}

describe("SkillEvolver: strategies aimed at the current weak spots", () => {
  it("a weak spot is a category the member fails now, with the skills its failing cases went through", () => {
    const results = [
      result("a", "billing", [false, false, true], ["ledger", "refunds"]),
      result("b", "billing", [false, false, false], ["ledger"]),
      result("c", "billing", [true, true, true], ["tax"]),
      result("d", "safety", [true, false, false]),
      result("e", "general", [true, true, true], ["refunds"]),
    ];
    const spots = weakSpotsOf(results, new Map([["d", ["guard"]]]));
    expect(spots).toEqual([
      // A passing run's skills do not count, nor a passing case's.
      { category: "billing", failing: 2, of: 3, skills: ["ledger", "refunds"] },
      { category: "safety", failing: 1, of: 1, skills: ["guard"] },
    ]);
  });

  it("every iteration after the first rewrites the strategies from its parent's weak spots", async () => {
    const run = await evolverRun({});
    const its = run.record.iterations;
    expect(its.length).toBe(3);
    expect(its[0]!.exploration!.writtenAt).toBe(0); // S₀, from the decision axes alone
    expect(its[0]!.exploration!.weakSpots).toEqual([]);
    for (const it of its.slice(1)) {
      const x = it.exploration!;
      expect(x.writtenAt).toBe(it.t);
      const before = run.checkpoints.find((cp) => cp.state.t === it.t - 1)!.state;
      const parent = [...before.frontier, ...(before.archive ?? [])].find((m) => m.id === it.parent)!;
      const linked = new Map(run.inputs.cases.map((c) => [c.id, c.skills]));
      expect(x.weakSpots).toEqual(weakSpotsOf(parent.results, linked));
      expect(x.weakSpots.length).toBeGreaterThan(0);
      // The simulated strategist aims its first strategies at the skills the weak spots name.
      const weak = new Set(x.weakSpots.flatMap((w) => w.skills));
      expect(x.strategies[0]!.text).toMatch(/`([^`]+)`/);
      expect(weak.has(/`([^`]+)`/.exec(x.strategies[0]!.text)![1]!)).toBe(true);
      expect(x.runs).toBeGreaterThan(0);
    }
    expect(JSON.stringify(its[1]!.exploration!.strategies)).not.toBe(
      JSON.stringify(its[0]!.exploration!.strategies),
    );
  }, 120_000);
});

describe("SkillEvolver: the diversity check", () => {
  const s = (name: string, text: string) => ({ name, text });
  it("measures plan overlap and calls a reworded plan a near-duplicate, another named skill not", () => {
    const a = "Load only the skill closest to the task and read just the sections that match it.";
    const b = "Load only the skill closest to the task and read only the sections that match it.";
    expect(planSimilarity(a, a)).toBe(1);
    expect(planSimilarity(a, b)).toBeGreaterThanOrEqual(0.8);
    expect(planSimilarity(a, "Read every listed skill whole before answering.")).toBeLessThan(0.2);
    expect(nearDuplicate(s("x", a), s("y", b))).toBe(true);
    const named = (skill: string) =>
      `Load \`${skill}\` first and read its matching sections, then the closest skill.`;
    expect(nearDuplicate(s("x", named("ledger")), s("y", named("refunds")))).toBe(false);
    expect(nearDuplicate(s("x", named("ledger")), s("y", named("ledger")))).toBe(true);
    expect(checkedStrategies([s("x", a), s("y", b)], 2)).toEqual({
      ok: false,
      failure: "strategy 2 repeats strategy x",
    });
  });

  /** A strategist that answers two near-duplicates until it is told why its answer was refused. */
  const stubborn = (listens: boolean): Strategist => ({
    write: async ({ k, refused }) => ({
      ok: true,
      value: Array.from({ length: k }, (_, i) => ({
        name: `plan-${i + 1}`,
        text:
          listens && refused
            ? `Load every section of skill number ${"abcdefgh"[i]} first.`
            : `Read the closest skill and follow its most specific matching rule ${i % 2 ? "now" : "first"}.`,
      })),
      usage: { input: 10, output: 10, cached: 0 },
    }),
  });

  it("redraws a refused answer, and falls back to the fixed strategies when the redraws are refused too", async () => {
    const listened = await evolverRun({ maxIterations: 1, evolver: { strategies: 2 } }, stubborn(true));
    const x = listened.record.iterations[0]!.exploration!;
    expect(x.by).toBe("strategist");
    expect(x.redrawn).toBe(1);
    expect(x.strategies.map((st) => st.name)).toEqual(["plan-1", "plan-2"]);
    const deaf = await evolverRun({ maxIterations: 1, evolver: { strategies: 2 } }, stubborn(false));
    const y = deaf.record.iterations[0]!.exploration!;
    expect(y.by).toBe("fallback");
    expect(y.redrawn).toBe(3);
    expect(y.note).toBe(
      "the diversity check refused 3 answers (strategy 2 repeats strategy plan-1): the fixed strategies",
    );
  }, 120_000);
});

describe("SkillEvolver: continue-or-exit and the final choice", () => {
  it("exits after a clean audit when at least 3/4 of the exploration runs passed, and not otherwise", async () => {
    const run = await evolverRun({ maxIterations: 1 });
    const it0 = run.record.iterations[0]!;
    const at = (passed: number, change: Partial<Iteration> = {}): Iteration[] => [
      { ...it0, ...change, exploration: { ...it0.exploration!, runs: 60, passed } },
    ];
    const clean = {
      audit: { refused: false, findings: [], scripts: "skipped" as const },
      gate: { admitted: true, reasons: [] },
    };
    expect(evolverExit(at(45, clean))?.reason).toBe("clean-exit");
    expect(evolverExit(at(45, clean))?.note).toBe(
      `iteration ${it0.t}: the child's audit was clean and 45 of 60 exploration runs passed (at least 3/4)`,
    );
    expect(evolverExit(at(44, clean))).toBeUndefined(); // below 3K/4
    const warned = { ...clean.audit, findings: [{ ...finding }] };
    expect(evolverExit(at(60, { ...clean, audit: warned }))).toBeUndefined(); // a finding is a defect
    expect(evolverExit(at(60, { ...clean, gate: { admitted: false, reasons: [] } }))).toBeUndefined();
    expect(evolverExit([])).toBeUndefined();
  }, 120_000);

  it("chooses by train score less one case's worth per audit warning, then the lower cost", () => {
    const member = (id: string, born: number, passes: number, tokens = 100) => ({
      id,
      born,
      results: Array.from({ length: 10 }, (_, i) => {
        const r = result(`c${i}`, "general", [i < passes]);
        return { ...r, tokens: { input: tokens, output: 0, cached: 0 } };
      }),
    });
    const chosen = finalChoice([
      { member: member("p0", 0, 6), warnings: 0 },
      { member: member("risky", 1, 9), warnings: 2 },
      { member: member("plain", 2, 8), warnings: 0 },
    ]);
    expect(chosen.map((c) => c.id)).toEqual(["plain", "risky", "p0"]); // 0.9 − 2/10 = 0.7 < 0.8
    expect(chosen[1]).toMatchObject({ train: 0.9, risk: 2 });
    expect(chosen[1]!.score).toBeCloseTo(0.7);
    const tie = finalChoice([
      { member: member("dear", 1, 8, 300), warnings: 0 },
      { member: member("cheap", 2, 8, 100), warnings: 0 },
    ]);
    expect(tie[0]!.id).toBe("cheap");
  });

  it("an evolver run ships its final choice and records the FRAMES pick beside it", async () => {
    const run = await evolverRun({});
    const shipped = run.record.shipped!;
    expect(shipped.rule).toBe("evolver-final");
    expect(run.record.frontier.some((m) => m.candidate === shipped.framesPick)).toBe(true);
    expect(shipped.why).toMatch(/^train \d\.\d{3}, \d+ audit warning\(s\)/);
    const best = Math.max(...run.record.frontier.map((m) => m.total.rate));
    expect(run.record.frontier.find((m) => m.selected)!.total.rate).toBe(best);
  }, 120_000);
});

const finding = {
  id: "literals-1",
  check: "literals" as const,
  severity: "warning" as const,
  skill: "s",
  file: "SKILL.md",
  line: 1,
  evidence: "a literal",
};

describe("SkillEvolver: the strategist at the endpoint reads the weak spots", () => {
  it("aims the strategies at the weak spots' skills through the model role path", async () => {
    const skills = world.skills.map((s) => ({ name: s.name, description: `${s.name} rules` }));
    const weak = skills[2]!.name;
    const spots = [{ category: "general", failing: 2, of: 8, skills: [weak] }];
    const r = await withSimulatedModel((model) =>
      modelStrategist(model).write({ k: 4, skills, tasks: ["a task"], seed: 0, weakSpots: spots }),
    );
    if (!r.ok) throw new Error(r.failure);
    expect(r.value[0]!.text).toContain(`\`${weak}\``);
    expect(r.value[0]!.name).toBe("aim-1");
  }, 60_000);
});
