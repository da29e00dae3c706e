// Nogoods across runs (docs/nogoods.md "What it saves"): run A on a seeded simulated world starts
// with no nogoods; run B is the same seed reading the nogoods A learned. Prints, per seed, what A
// learned and spent, and what B vetoed, refused and spent. EVERY FIGURE IS SIMULATED.
// Usage: npx tsx bench/nogoods-ab.ts [-- --seeds 1,3,4,5,9,10]
import { EvolveConfig } from "../src/core/config/config.js";
import type { Nogood } from "../src/records/nogood.js";
import type { RunRecord } from "../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../src/core/evolve/run.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { generateWorld } from "../src/sim/generate.js";
import { createSimRoles } from "../test/support/sim-roles/roles.js";
import { worldRunInputs } from "../src/apps/cli/evolve/world-run-inputs.js";

const at = process.argv.indexOf("--seeds");
const SEEDS = (at >= 0 ? process.argv[at + 1]! : "1,3,4,5,9,10").split(",").map(Number);

async function run(seed: number, nogoods: readonly Nogood[]): Promise<RunRecord> {
  const world = generateWorld({ seed, rules: 12 });
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 8, epsilon: 0, patience: 8 })),
    bootstrap: 200,
  };
  const { inputs } = worldRunInputs(world, config, nogoods);
  const deps = { roles: createSimRoles(world), runner: createSimAgent(world), now: () => new Date(0) };
  return (await runEvolution(inputs, deps)).record;
}

const refused = (r: RunRecord) => r.iterations.filter((it) => it.child && !it.gate.admitted).length;
const children = (r: RunRecord) => r.iterations.filter((it) => it.child).length;
const rate = (r: RunRecord) => r.frontier.find((m) => m.candidate === r.selected)?.total.rate ?? 0;

console.log(
  "| seed | nogoods A learned | ddmin evaluations in A | refused children A | agent executions A | vetoes in B | children B | refused children B | agent executions B | P\\* same |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const seed of SEEDS) {
  const a = await run(seed, []);
  const b = await run(seed, a.nogoods?.created ?? []);
  const same =
    a.selected === b.selected
      ? "yes"
      : rate(a) === rate(b)
        ? "no (same pass rate)"
        : `no (${rate(a).toFixed(3)} → ${rate(b).toFixed(3)})`;
  const cells = [
    seed,
    a.nogoods?.created.length ?? 0,
    a.nogoods?.minimisations ?? 0,
    refused(a),
    a.executions.run,
    b.nogoods?.vetoes ?? 0,
    children(b),
    refused(b),
    b.executions.run,
    same,
  ];
  console.log(`| ${cells.join(" | ")} |`);
}
console.log("\n(simulated) 12 rules, ε = 0, 8 iterations, patience 8, no cache between runs");
