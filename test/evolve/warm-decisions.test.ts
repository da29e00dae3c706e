// A warm cache must not change decisions (issue 45). On the production path of `evolve --world`
// (runWorld: the simulated endpoint, the real client, the reference runner): run 1 selects P*, P* is
// merged, and run 2 starts either from run 1's cache or from an empty one. Run 2's working scope is
// retrieved for its own feedback, so it shows the agent the same skills as run 1 in another order; a
// cache keyed on the skills as a set served run 1's executions for prompts that differed, the
// diagnoser then saw another pass/fail on a case and sent its clause to another skill (seed 8803).
// Everything a reviewer reads must be the same warm or cold; only how much came from the cache
// (executions, spend) may differ.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { createMemoryCache, type EvalCache } from "../../src/core/evaluate/cache.js";
import { firstDifference, runDecisions } from "../../src/core/evolve/run-decisions.js";
import { runConfigOf, type EvolveResult } from "../../src/core/evolve/run.js";
import { runWorld } from "../../src/apps/cli/evolve/evolve-world.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { mergeSelected } from "../../src/sim/merged-world.js";
import type { World } from "../../src/sim/world.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { QUIET_IO, UNSANDBOXED } from "../support/world-run.js";

const SEED = 8803;
const base = generateWorld({ seed: SEED, rules: 6, casesPerRule: 1 });
// Three evolution cases wait as the feedback filed after run 1.
const later = base.evolution.slice(-3);
const world: World = { ...base, evolution: base.evolution.slice(0, -3) };
const run = { ...runConfigOf(EvolveConfig.parse({ seed: SEED })), bootstrap: 200 };

const evolveOn = (w: World, cache: EvalCache) =>
  runWorld(QUIET_IO, w, UNSANDBOXED, run, { now: fixedClock("2026-12-07T00:00:00Z"), cache }, [], false);

const merge = (r: EvolveResult): World => mergeSelected(world, r, later);

/** The record less what the cache may change: how many executions ran and what they cost to run. */
function figures(r: RunRecord): unknown {
  const { executions: _executions, tokens: _tokens, runId: _runId, ...rest } = r;
  return rest;
}

describe("a warm cache changes no decision", () => {
  it("run 2 after a merge decides and records the same from run 1's cache as from an empty one", async () => {
    const cache = createMemoryCache();
    const second = merge(await evolveOn(world, cache));
    const warm = (await evolveOn(second, cache)).record;
    const cold = (await evolveOn(second, createMemoryCache())).record;
    // The warm run did reuse run 1's executions: the comparison is not between two cold runs.
    expect(warm.executions.reuse?.warm).toBeGreaterThan(0);
    expect(firstDifference(runDecisions(cold), runDecisions(warm))).toBeUndefined();
    expect(figures(warm)).toEqual(figures(cold));
  }, 120_000);
});
