// Evaluation savings: early stop at n = k, the cache, sequential rejection. The runner is a fake at
// the edge (it stands in for the agent); everything else is the real code.
import { describe, expect, it } from "vitest";
import type { Case } from "../../src/records/case.js";
import { createMemoryCache } from "../../src/core/evaluate/cache.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { gate } from "../../src/core/evolve/gate/gate.js";
import { measure } from "../../src/core/evolve/measure.js";

const mk = (id: string, category: string): Case => ({
  id,
  category,
  diagnosis: "d",
  task: { prompt: `p ${id}`, files: [], rubric: [{ type: "equals", path: "$.ok", value: true }] },
  skills: [],
  provenance: { channel: "manual", created: "2026-01-01T00:00:00Z" },
});
const cases = [
  mk("a1", "a"),
  mk("a2", "a"),
  mk("a3", "a"),
  mk("b1", "b"),
  mk("b2", "b"),
  mk("b3", "b"),
  mk("b4", "b"),
];

function runner(passing: Set<string>): Runner & { calls: number } {
  const r = {
    name: "fake",
    settingsKey: "fake",
    calls: 0,
    async run(input: { case: Case }) {
      r.calls++;
      return {
        output: { ok: passing.has(input.case.id) },
        trace: [],
        usage: { input: 100, output: 10, cached: 0 },
      };
    },
  };
  return r;
}

const base = { skills: [], categories: ["a", "b"], n: 3, k: 3 };
const identity = (e: {
  run: number;
  savedByCache: number;
  savedByEarlyStop: number;
  savedBySequentialRejection: number;
  naive: number;
}) => e.run + e.savedByCache + e.savedByEarlyStop + e.savedBySequentialRejection;

describe("measure", () => {
  it("stops a case's runs at its first success when n = k", async () => {
    const r = runner(new Set(["a1", "a2", "a3", "b1"]));
    const m = await measure({ ...base, cases, runner: r });
    expect(m.perCategory).toEqual({ a: 1, b: 0.25 });
    expect(m.executions).toEqual({
      run: 4 + 9,
      savedByCache: 0,
      savedByEarlyStop: 8,
      savedBySequentialRejection: 0,
      naive: 21,
      // 110 tokens a run: 13 runs paid, 21 in naive evaluation (exact: tokens are constant per run).
      modelTokens: { spent: 13 * 110, naive: 21 * 110 },
    });
    expect(m.complete).toBe(true);
  });

  it("serves repeated executions from the cache", async () => {
    const cache = createMemoryCache();
    const r = runner(new Set(["a1"]));
    await measure({ ...base, cases, runner: r, cache });
    const calls = r.calls;
    const again = await measure({ ...base, cases, runner: r, cache });
    expect(r.calls).toBe(calls);
    expect(again.executions.run).toBe(0);
    expect(again.executions.savedByCache).toBe(
      identity(again.executions) - again.executions.savedByEarlyStop,
    );
  });

  it("rejects a child as soon as a category can no longer reach its floor, skipping the rest", async () => {
    const r = runner(new Set(["b1", "b2", "b3", "b4"]));
    const m = await measure({ ...base, cases, runner: r, floors: { a: 0.9, b: 0.5 } });
    expect(m.rejected).toEqual({ category: "a", bound: 2 / 3 });
    expect(m.results.map((x) => x.id)).toEqual(["a1"]);
    expect(m.executions.savedBySequentialRejection).toBe(6 * 3);
    expect(identity(m.executions)).toBe(m.executions.naive);
    const v = gate(m.perCategory, { a: 0.9, b: 0.5 }, ["a", "b"], m.rejected?.category);
    expect(v.admitted).toBe(false);
    expect(v.reasons).toEqual([{ category: "a", observed: 2 / 3, floor: 0.9, ok: false, early: true }]);
  });

  it("reaches the same verdict whatever the parallelism, and the full evaluation agrees", async () => {
    const passing = new Set(["a1", "a3", "b2"]);
    const floors = { a: 0.6, b: 0.6 };
    const full = await measure({ ...base, cases, runner: runner(passing) });
    const fullVerdict = gate(full.perCategory, floors, ["a", "b"]).admitted;
    for (const parallel of [1, 2, 4, 7]) {
      const m = await measure({ ...base, cases, runner: runner(passing), floors, parallel });
      expect(gate(m.perCategory, floors, ["a", "b"], m.rejected?.category).admitted).toBe(fullVerdict);
      expect(identity(m.executions)).toBe(m.executions.naive);
    }
  });

  it("defers the rest of a category whose floor is met, and never runs it when a later category fails", async () => {
    // a meets 0.6 after a1, a2 pass; b (all failing) is then refused, so a3 is never run.
    const floors = { a: 0.6, b: 0.5 };
    const all = new Set(cases.map((c) => c.id));
    const r = runner(new Set(["a1", "a2", "a3"]));
    const m = await measure({ ...base, cases, runner: r, floors, deferrable: all });
    expect(m.results.map((x) => x.id)).toEqual(["a1", "a2", "b1", "b2", "b3"]);
    expect(m.rejected).toEqual({ category: "b", bound: 1 / 4 });
    expect(m.complete).toBe(false);
    expect(identity(m.executions)).toBe(m.executions.naive);
    const full = await measure({ ...base, cases, runner: runner(new Set(["a1", "a2", "a3"])) });
    const canonical = (x: typeof m) =>
      gate(x.perCategory, floors, ["a", "b"], x.rejected?.category).reasons.find((q) => !q.ok)?.category;
    expect(canonical(m)).toBe(canonical(full));
  });

  it("runs the deferred cases once nothing refuses, with the results in the naive order", async () => {
    const floors = { a: 0.6, b: 0.5 };
    const passing = new Set(["a1", "a2", "b1", "b2", "b3"]);
    const all = new Set(cases.map((c) => c.id));
    const m = await measure({ ...base, cases, runner: runner(passing), floors, deferrable: all });
    const full = await measure({ ...base, cases, runner: runner(passing) });
    expect(m.results).toEqual(full.results);
    expect(m.perCategory).toEqual(full.perCategory);
    expect(m.complete).toBe(true);
  });

  it("does not defer a case that is not deferrable, nor past a category measured in full below its floor", async () => {
    const floors = { a: 0.6, b: 0.5 };
    const r = runner(new Set(["a1", "a2", "b1"]));
    const m = await measure({ ...base, cases, runner: r, floors, deferrable: new Set(["a3"]) });
    // a3 waits; b ends at 1/4 < 0.5 after its last case, so the gate refuses and a3 is not needed.
    expect(m.results.map((x) => x.id)).toEqual(["a1", "a2", "b1", "b2", "b3", "b4"]);
    expect(m.executions.savedBySequentialRejection).toBe(3);
    const kept = await measure({ ...base, cases, runner: runner(new Set(["a1", "a2"])), floors });
    expect(kept.results.map((x) => x.id)).toContain("a3");
  });

  it("stops when the budget is spent, marking the measurement incomplete", async () => {
    let left = 2;
    const m = await measure({ ...base, cases, runner: runner(new Set()), mayContinue: () => left-- > 0 });
    expect(m.outOfBudget).toBe(true);
    expect(m.complete).toBe(false);
    expect(m.results).toHaveLength(2);
  });
});
