// The context budget allocation inside the loop, on a seeded simulated world of 12 skills: masking
// runs counted and recorded, the exposure list a candidate that is gated and can enter the
// frontier by allocation alone, and a scope that fits left alone.
import { describe, expect, it } from "vitest";
import { exposedSkills, exposureOf } from "../../src/core/bank/exposure.js";
import { hashBank } from "../../src/core/bank/hash.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { skillTokens } from "../../src/core/bank/exposure.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank, worldBankFiles } from "../../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { memberFiles } from "../../src/core/github/plan.js";
import { parseBankManifest } from "../../src/records/bank-manifest.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");
const world = generateWorld({ seed: 5, rules: 12, skills: 12, homes: 4 });
const scopeTokens = worldBank(world).skills.reduce((s, k) => s + skillTokens(k), 0);

async function runWith(knobs: Partial<EvolveConfig>) {
  const config = {
    ...runConfigOf(
      EvolveConfig.parse({ seed: 3, topK: 12, maxIterations: 2, localisation: false, ...knobs }),
    ),
    bootstrap: 200,
  };
  return runSimulatedEvolution(world, config, { now: NOW });
}

describe("context budget in the loop", () => {
  it("masks, estimates and offers an allocation within the budget as iteration 1", async () => {
    const budget = Math.floor(scopeTokens * 0.6);
    const { record, banks } = await runWith({ contextBudget: budget, maskingRuns: 24 });
    expect(RunRecord.parse(record)).toEqual(record);
    const first = record.iterations[0]!;
    const cb = first.contextBudget!;
    expect(cb).toBeDefined();
    expect(cb.scopeTokens).toBe(scopeTokens);
    expect(cb.masking.runs).toBe(24);
    expect(cb.masking.hidden).toHaveLength(24);
    expect(cb.masking.outcomes).toHaveLength(24);
    // Each masking run measures every evolution case once; they count in the run's executions.
    expect(cb.masking.executions).toBeGreaterThan(0);
    expect(cb.masking.executions).toBeLessThanOrEqual(24 * world.evolution.length);
    expect(record.executions.run).toBeGreaterThanOrEqual(cb.masking.executions + world.evolution.length);
    expect(cb.exposureTokens).toBeLessThanOrEqual(budget);
    expect(cb.exposure.length).toBeGreaterThan(0);
    // The allocation was measured and gated like any child.
    expect(first.child?.candidate).toBeDefined();
    expect(first.gate.reasons.length).toBeGreaterThan(0);
    // The hosts of rules (where the clauses live) are what is worth the tokens.
    const hosts = new Set(world.rules.map((r) => r.skill));
    const bystanders = cb.effects.filter((e) => !hosts.has(e.skill));
    const hostEffects = cb.effects.filter((e) => hosts.has(e.skill));
    const meanMain = (xs: typeof cb.effects) => xs.reduce((s, e) => s + e.main, 0) / xs.length;
    expect(meanMain(hostEffects)).toBeGreaterThan(meanMain(bystanders));
    // It entered the frontier by allocation alone: the same SKILL.md files, another exposure list.
    expect(first.entered).toBe(true);
    const bank = banks.get(first.child!.candidate)!;
    expect(exposureOf(bank)).toEqual([...cb.exposure].sort());
    expect(hashBank(bank.files)).toBe(first.child!.candidate);
    expect(bank.skills.map((s) => s.source)).toEqual(worldBank(world).skills.map((s) => s.source));
    expect(exposedSkills(bank, bank.skills)).toHaveLength(cb.exposure.length);
    // Its frontier commit deploys the list: bank.yml only, with the exposure and the member's id.
    const member = record.frontier.find((m) => m.candidate === first.child!.candidate)!;
    const writes = memberFiles({
      record,
      member,
      base: worldBankFiles(world),
      bank: bank.files,
      cases: [],
      bankDir: "skill-bank",
      poolDir: "regression-pool",
    });
    const yml = writes.filter((f) => f.path.startsWith("skill-bank/"));
    expect(yml.map((f) => f.path)).toEqual(["skill-bank/bank.yml"]);
    const deployed = parseBankManifest(new TextDecoder().decode(yml[0]!.bytes!));
    expect(deployed.exposure).toEqual([...cb.exposure].sort());
    expect(deployed.candidate).toBe(member.candidate);
  });

  it("chooses P* among the members that fit the budget, over a more accurate one that does not", async () => {
    // Seed 2: the allocation (t = 1) fits; a later rewrite of it is more accurate but grew past the budget.
    const w2 = generateWorld({ seed: 2, rules: 12, skills: 12, homes: 4 });
    const budget = Math.floor(worldBank(w2).skills.reduce((s, k) => s + skillTokens(k), 0) * 0.6);
    const config = {
      ...runConfigOf(
        EvolveConfig.parse({
          seed: 3,
          topK: 12,
          maxIterations: 3,
          contextBudget: budget,
          maskingRuns: 24,
          localisation: false,
        }),
      ),
      bootstrap: 200,
    };
    const { record, banks } = await runSimulatedEvolution(w2, config, { now: NOW });
    const exposedOf = (candidate: string) => {
      const bank = banks.get(candidate)!;
      return exposedSkills(bank, bank.skills).reduce((s, k) => s + skillTokens(k), 0);
    };
    const fitting = record.frontier.filter((m) => exposedOf(m.candidate) <= budget);
    const over = record.frontier.filter((m) => exposedOf(m.candidate) > budget);
    expect(fitting.length).toBeGreaterThan(0);
    expect(Math.max(...over.map((m) => m.total.rate))).toBeGreaterThan(
      Math.max(...fitting.map((m) => m.total.rate)),
    );
    const star = record.frontier.find((m) => m.candidate === record.selected)!;
    expect(exposedOf(star.candidate)).toBeLessThanOrEqual(budget);
    expect(star.total.rate).toBe(Math.max(...fitting.map((m) => m.total.rate)));
    expect(record.starBudget).toEqual({
      budget,
      exposed: exposedOf(star.candidate),
      fits: true,
      fitting: fitting.length,
    });
  });

  it("falls back to the whole frontier, and says so, when no member fits", async () => {
    const { record } = await runWith({ contextBudget: 1, maskingRuns: 4, maxIterations: 1 });
    expect(record.starBudget).toMatchObject({ budget: 1, fits: false, fitting: 0 });
    expect(record.frontier.map((m) => m.candidate)).toContain(record.selected);
  });

  it("targets its regression sample at the pool cases of the skills it hides", async () => {
    // A sample of 6 (¼ of the 24 evolution cases): exactly what the hidden skills' pool cases fill.
    const { record } = await runWith({
      contextBudget: Math.floor(scopeTokens * 0.2),
      maskingRuns: 8,
      regressionSample: 0.25,
    });
    const first = record.iterations[0]!;
    const cb = first.contextBudget!;
    const hidden = new Set(cb.effects.map((e) => e.skill).filter((s) => !cb.exposure.includes(s)));
    const ofHidden = new Set(
      world.pool.filter((p) => p.case.skills.some((s) => hidden.has(s))).map((p) => p.case.id),
    );
    const sample = first.child!.sample;
    expect(world.pool.length).toBeGreaterThanOrEqual(2 * sample.length);
    expect(sample).toHaveLength(6);
    expect(new Set(sample)).toEqual(ofHidden);
  });

  it("is deterministic for a seed", async () => {
    const a = await runWith({ contextBudget: Math.floor(scopeTokens / 3), maskingRuns: 8 });
    const b = await runWith({ contextBudget: Math.floor(scopeTokens / 3), maskingRuns: 8 });
    expect(b.record.iterations[0]).toEqual(a.record.iterations[0]);
  });

  it("re-allocates later from a new member whose exposed skills exceed the budget, once per member", async () => {
    // Iteration 1's allocation is refused; a rewrite of P₀ enters at t = 3 showing the whole scope,
    // so iteration 4 allocates again from it (allocation-parent.ts).
    const budget = Math.floor(scopeTokens * 0.5);
    const { record } = await runWith({ contextBudget: budget, maskingRuns: 12, maxIterations: 4 });
    const allocations = record.iterations.filter((it) => it.contextBudget);
    expect(allocations.map((it) => it.t)).toEqual([1, 4]);
    const [first, later] = [record.iterations[0]!, record.iterations[3]!];
    expect(first.entered).toBe(false);
    const parent = record.iterations[2]!;
    expect(parent.entered).toBe(true);
    expect(later.parent).toBe(parent.child!.candidate);
    expect(new Set(allocations.map((it) => it.parent)).size).toBe(allocations.length);
    for (const it of allocations) expect(it.contextBudget!.exposureTokens).toBeLessThanOrEqual(budget);
    // The re-allocation was gated and entered the frontier, a child of the rewrite.
    expect(later.entered).toBe(true);
    expect(later.contextBudget!.scopeTokens).toBeGreaterThan(budget);
    const masked = allocations.reduce((s, it) => s + it.contextBudget!.masking.executions, 0);
    expect(record.executions.run).toBeGreaterThan(masked);
  });

  it("records each skill's replicator propensity, and localisation ranks sites by it", async () => {
    const budget = Math.floor(scopeTokens * 0.6);
    const { record } = await runWith({ contextBudget: budget, maskingRuns: 24, localisation: true });
    const cb = record.iterations[0]!.contextBudget!;
    const shown = new Map(cb.effects.map((e) => [e.skill, e.shown]));
    for (const e of cb.effects) expect(e.shown).toBeCloseTo(Math.min(1, (budget * e.share) / e.tokens), 12);
    // Some skill fills its size: always shown, where the Hedge formula would say 1 − 1/e.
    expect(cb.effects.some((e) => e.shown === 1)).toBe(true);
    const sites = record.iterations.slice(1).flatMap((it) => it.localisation ?? []);
    expect(sites.length).toBeGreaterThan(0);
    for (const s of sites) expect(s.prior).toBe(shown.get(s.component.split(/[#/]/)[0]!) ?? 1);
  });

  it("leaves a scope that fits the budget alone", async () => {
    const { record } = await runWith({ contextBudget: scopeTokens + 1 });
    expect(record.iterations.every((it) => it.contextBudget === undefined)).toBe(true);
    const plain = await runWith({});
    expect(record.executions).toEqual(plain.record.executions);
  });
});
