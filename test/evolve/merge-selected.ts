// The merge of a run's selected member (P*) into a simulated world, as the warm-cache tests do it:
// its files deployed, the evolution cases it resolved moved to the pool, the rest left open beside
// the feedback filed after the run.
import type { EvolveResult } from "../../src/core/evolve/run.js";
import { mergedWorld } from "../../src/sim/merged-world.js";
import type { World, WorldCase } from "../../src/sim/world.js";

export function mergeSelected(world: World, r: EvolveResult, later: readonly WorldCase[]): World {
  const star = r.banks.get(r.record.selected) ?? r.start;
  const resolved = new Set(r.record.frontier.find((m) => m.selected)?.resolved ?? []);
  return mergedWorld(world, {
    files: star.files,
    pool: world.evolution.filter((wc) => resolved.has(wc.case.id)),
    feedback: [...world.evolution.filter((wc) => !resolved.has(wc.case.id)), ...later],
  });
}
