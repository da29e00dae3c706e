// Does a run start warm? On the production path of `evolve --world` (runWorld: the simulated endpoint,
// the real client, the reference runner): the record's executions.reuse counts the executions an
// earlier run's cache served and says why each other one ran. Run 1 starts cold; the same world run
// again on its cache runs nothing; after a merge the selected member's runs come warm and only new
// feedback and new children run; another model finds nothing it can use.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { createMemoryCache, type EvalCache } from "../../src/core/evaluate/cache.js";
import { runConfigOf, type EvolveResult } from "../../src/core/evolve/run.js";
import { runWorld } from "../../src/apps/cli/evolve/evolve-world.js";
import { warmLine } from "../../src/apps/cli/evolve/evolve-output.js";
import { generateWorld } from "../../src/sim/generate.js";
import { mergedWorld } from "../../src/sim/merged-world.js";
import type { World } from "../../src/sim/world.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { QUIET_IO, UNSANDBOXED } from "../support/world-run.js";

const base = generateWorld({ seed: 73311, rules: 5, casesPerRule: 1 });
// Two evolution cases wait as the feedback filed after run 1.
const later = base.evolution.slice(-2);
const world: World = { ...base, evolution: base.evolution.slice(0, -2) };
// The working scope is the whole bank, so the feedback after the merge does not change what the
// agent is shown (a scope retrieved for other cases is a new set of skills: `new-skills`).
const run = runConfigOf(EvolveConfig.parse({ seed: 5, maxIterations: 2, topK: 50 }));

const evolveOn = (w: World, cache: EvalCache) =>
  runWorld(QUIET_IO, w, UNSANDBOXED, run, { now: fixedClock("2026-12-01T00:00:00Z"), cache }, [], false);

function merge(r: EvolveResult): World {
  const star = r.banks.get(r.record.selected) ?? r.start;
  return mergedWorld(world, { files: star.files, pool: world.evolution, feedback: later });
}

describe("executions.reuse in the run record", () => {
  it("run 1 starts cold, a rerun on its cache runs nothing, and the run after a merge says why each run ran", async () => {
    const cache = createMemoryCache();
    const one = await evolveOn(world, cache);
    const r1 = one.record.executions.reuse!;
    expect(r1.warm).toBe(0);
    expect(r1.ran["cold-cache"]).toBeGreaterThan(0);
    expect(r1.ran["new-case"]).toBeGreaterThan(0);

    const again = (await evolveOn(world, cache)).record.executions.reuse!;
    expect(again.ran).toEqual({});
    expect(again.warm).toBeGreaterThan(0);

    const two = (await evolveOn(merge(one), cache)).record;
    const r2 = two.executions.reuse!;
    expect(r2.warm).toBeGreaterThan(0);
    expect(r2.ran["new-case"]).toBeGreaterThan(0);
    expect(r2.ran["cold-cache"]).toBeUndefined();
    expect(r2.ran["changed-runner"]).toBeUndefined();
  });

  it("a run whose model differs finds nothing it can use and says so", async () => {
    const cache = createMemoryCache();
    await evolveOn(world, cache);
    const other = { ...world, params: { ...world.params, pMiss: world.params.pMiss / 2 } };
    const r = (await evolveOn(other, cache)).record.executions.reuse!;
    expect(r.warm).toBe(0);
    expect(r.ran["changed-runner"]).toBeGreaterThan(0);
    expect(r.ran["cold-cache"]).toBeUndefined();
  });

  it("evolve's text summary says how the run started", () => {
    expect(
      warmLine({ warm: 40, repeated: 3, ran: { "new-case": 6, "new-skills": 12 } }, " (simulated)"),
    ).toBe(
      "warm start (simulated): 40 from an earlier run's cache, 3 repeated in this run; ran: new-case 6, new-skills 12",
    );
  });
});
