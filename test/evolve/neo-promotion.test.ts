// SkillNEO's promotion by rank on seeded simulated worlds: a child the screen's gate admits is fully
// evaluated only when its screening pass rate ranks within the top m of its generation's screened
// children so far (ties to the earlier child); an outranked child is stopped at screening, measured
// on the screening half only, and never enters the frontier.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/config/config.js";
import type { EvolveInputs } from "../../src/evolve/context.js";
import { RunRecord, type Iteration } from "../../src/evolve/run-record.js";
import { runConfigOf, runEvolution } from "../../src/evolve/run.js";
import { GENERATION } from "../../src/evolve/strategies/neo.js";
import { NEO_PROMOTE } from "../../src/evolve/strategies/neo-screen.js";
import { createSimAgent } from "../../src/sim/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../../src/sim/roles.js";
import { worldInputs } from "../../src/sim/run.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

async function neoRun(seed: number, neoPromote?: number) {
  const world = generateWorld({ seed, rules: 12 });
  const w = worldInputs(world);
  const knobs = { seed, maxIterations: 9, patience: 9, strategy: "neo" as const };
  const config = {
    ...runConfigOf(EvolveConfig.parse({ ...knobs, ...(neoPromote ? { neoPromote } : {}) })),
    bootstrap: 100,
  };
  const inputs: EvolveInputs = {
    bank: w.bank,
    cases: w.cases,
    pool: w.pool,
    categories: world.categories,
    config,
    simulated: true,
    inputs: { bank: "b", cases: "c", pool: "p", world: String(seed) },
  };
  const { record } = await runEvolution(inputs, {
    roles: createSimRoles(world),
    runner: createSimAgent(world),
    now: NOW,
  });
  return record;
}

/** The screening scores of t's generation before t, as the record holds them. */
function earlier(record: RunRecord, it: Iteration): number[] {
  const first = Math.floor((it.t - 1) / GENERATION) * GENERATION + 1;
  return record.iterations
    .filter((o) => o.t >= first && o.t < it.t && o.neoScreen)
    .map((o) => o.neoScreen!.score);
}

describe("SkillNEO promotion by screening rank", () => {
  it("with m = 1 only a child that outranks its generation's earlier screened children is fully evaluated", async () => {
    const record = await neoRun(2, 1);
    expect(RunRecord.parse(record)).toEqual(record);
    const screened = record.iterations.filter((it) => it.neoScreen);
    const outranked = screened.filter((it) => !it.neoScreen!.promoted);
    expect(outranked.length).toBeGreaterThan(0);
    // A tie goes to the earlier child: seed 2 screens t = 2 at the same rate as t = 1.
    expect(outranked.some((it) => earlier(record, it).includes(it.neoScreen!.score))).toBe(true);
    for (const it of screened) {
      const before = earlier(record, it);
      const rank = 1 + before.filter((s) => s >= it.neoScreen!.score).length;
      expect(it.neoScreen).toMatchObject({ rank, of: before.length + 1, promoted: rank <= 1 });
    }
    const full = Math.max(
      ...screened.filter((it) => it.neoScreen!.promoted).map((it) => it.child!.measured.cases),
    );
    for (const it of outranked) {
      expect(it.gate.admitted).toBe(false);
      expect(it.entered).toBe(false);
      expect(it.note).toMatch(
        /^screened at rank [2-9] of [2-9] in its generation \(SkillNEO\); only the top 1 are promoted$/,
      );
      expect(it.child!.measured.cases).toBeLessThan(full); // the screening half only
      expect(record.frontier.map((m) => m.candidate)).not.toContain(it.child!.candidate);
    }
  }, 60_000);

  it("a larger m promotes every child the screen admits within it; the default is NEO_PROMOTE", async () => {
    const record = await neoRun(2, GENERATION);
    for (const it of record.iterations.filter((o) => o.neoScreen)) expect(it.neoScreen!.promoted).toBe(true);
    const byDefault = await neoRun(2);
    for (const it of byDefault.iterations.filter((o) => o.neoScreen))
      expect(it.neoScreen!.promoted).toBe(it.neoScreen!.rank <= NEO_PROMOTE);
  }, 60_000);
});
