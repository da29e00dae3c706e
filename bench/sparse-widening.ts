// Scope widening on sparse-faults worlds (issue 44): the default configuration's run on unseen
// sparse-faults worlds, with scope widening on (the default) and off. Per world: accepted changes
// (children admitted to the frontier), P*'s held-out pass@k (best score), the skills a member changed
// outside the first retrieved top-K, and the widenings. All figures simulated.
// `npm run bench:sparse-widening -- [--seeds 51001,51002,51003] [--arms on,off]`.
import { DEFAULT_CONFIG } from "../src/core/config/config.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import { engagement } from "../src/sim/engagement.js";
import { sparseFaultsWorld } from "../src/sim/sparse-faults-world.js";
import type { RunConfig } from "../src/records/run-config.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import { fixedClock } from "../src/vocabulary/clock.js";

const now = fixedClock("2026-12-01T00:00:00Z");
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const SEEDS = arg("seeds", "51001,51002,51003").split(",").map(Number);
const ARMS = arg("arms", "on,off").split(",");

console.log("SIMULATED — sparse-faults worlds, default evolve config (run seed 7)");
for (const arm of ARMS) {
  for (const seed of SEEDS) {
    const world = sparseFaultsWorld({ seed });
    const knobs = { widenScope: arm === "on" } as Partial<RunConfig>;
    const config = { ...runConfigOf(DEFAULT_CONFIG.evolve), seed: 7, ...knobs };
    const { record } = await runSimulatedEvolution(world, config, { now });
    const star = record.heldOut?.members.find((m) => m.candidate === record.selected)?.total.rate;
    const base = record.heldOut?.baseline.total.rate;
    const accepted = record.iterations.filter((it) => it.entered).length;
    const outside = engagement("sparse-faults", record).value;
    const widened = (record.scope as { widenings?: { added: string[] }[] }).widenings ?? [];
    console.log(
      `widening ${arm}, world ${seed}: accepted ${accepted}, held-out pass@3 P* ${star?.toFixed(3)} (P₀ ${base?.toFixed(3)}), changed outside first top-K ${outside}, widenings ${widened.length} (+${widened.flatMap((w) => w.added).join(", ") || "none"}), iterations ${record.iterations.length}, executions ${record.executions.run}`,
    );
  }
}
