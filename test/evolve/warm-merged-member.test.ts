// The run after a merge reuses the last run's measurements of the merged member (issue 45). On the
// production path of `evolve --world` (runWorld: the simulated endpoint, the real client, the
// reference runner): run 1 selects P*, P* is merged, and run 2's feedback (the cases P* left open and
// new ones) retrieves another working scope than run 1 ended with. The agent is shown the deployed
// bank, not the scope (docs/engine.md "What the agent sees"), so run 2's baseline finds run 1's runs
// of P* on every case run 1 measured it on, and runs only the new feedback. Before, it was shown the
// scope's skills: another set of skills, another prompt, and every baseline run ran again.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { createMemoryCache, type EvalCache } from "../../src/core/evaluate/cache.js";
import type { SpendEvent } from "../../src/core/evolve/spend-phase.js";
import { runConfigOf, type EvolveResult } from "../../src/core/evolve/run.js";
import { runWorld } from "../../src/apps/cli/evolve/evolve-world.js";
import { generateWorld } from "../../src/sim/generate.js";
import { mergeSelected } from "../../src/sim/merged-world.js";
import type { World } from "../../src/sim/world.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { QUIET_IO, UNSANDBOXED } from "../support/world-run.js";

const SEED = 8803;
const base = generateWorld({ seed: SEED, rules: 8, casesPerRule: 1 });
const later = base.evolution.slice(-2);
const world: World = { ...base, evolution: base.evolution.slice(0, -2) };
// A small working scope, so the two runs' feedback retrieves different skills.
const run = { ...runConfigOf(EvolveConfig.parse({ seed: SEED, topK: 2, maxIterations: 3 })), bootstrap: 200 };

const evolveOn = (w: World, cache: EvalCache, spends: SpendEvent[] = []) =>
  runWorld(
    QUIET_IO,
    w,
    UNSANDBOXED,
    run,
    { now: fixedClock("2026-12-07T00:00:00Z"), cache, onSpend: (e) => spends.push(e) },
    [],
    false,
  );

const merge = (r: EvolveResult): World => mergeSelected(world, r, later);

describe("the merged member's measurements come warm", () => {
  it("run 2's baseline runs only the new feedback, though its working scope differs from run 1's", async () => {
    const cache = createMemoryCache();
    const one = await evolveOn(world, cache);
    const spends: SpendEvent[] = [];
    const two = (await evolveOn(merge(one), cache, spends)).record;
    // The premise: run 2 retrieved another scope than run 1 ended with.
    expect([...two.scope.skills].sort()).not.toEqual([...one.record.scope.skills].sort());
    const baseline = spends.filter((e) => e.phase === "baseline");
    const ran = baseline.reduce((s, e) => s + e.executions, 0);
    // At most every run of the new cases; run 1's runs of P* on the rest were served.
    expect(ran).toBeLessThanOrEqual(run.n * later.length);
    expect(two.executions.reuse!.warm).toBeGreaterThan(0);
  }, 120_000);
});
