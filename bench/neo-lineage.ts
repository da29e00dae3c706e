// SkillNEO's lineage on generated worlds (the paper: of 29 tasks with final gains, 22 used a
// non-incumbent parent on the final path). Runs `--strategy neo` once per seed (seed s on a world with
// MISLEADING[s mod 3] of its diagnoses misleading), and counts, per run: whether what shipped (P*,
// the accepted incumbent) improved on P₀ on the held-out cases, whether its path from the root went
// through a parent that was not the deployment incumbent when it was expanded
// (strategies/neo-lineage.ts), the generations' verdicts (accept / hold), whether the FRAMES pick
// would have been the same member, and why the run stopped. Then the share of the runs with a gain
// whose path went through a non-incumbent parent, with its 95% Wilson interval, beside the paper's
// 22/29. EVERY FIGURE IS SIMULATED.
// Usage: npm run bench:neo-lineage [-- --seeds 10 --rules 12 --iterations 18 --no-localisation]
import { EvolveConfig } from "../src/core/config/config.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import { runConfigOf, runEvolution } from "../src/core/evolve/run.js";
import { incumbentAt } from "../src/core/evolve/strategies/neo-deploy.js";
import { lineageOf } from "../src/core/evolve/strategies/neo-lineage.js";
import type { RunConfig } from "../src/records/run-record.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { generateWorld } from "../src/sim/generate.js";
import { createSimRoles } from "../test/support/sim-roles/roles.js";
import { worldRunInputs } from "../src/apps/cli/evolve/world-run-inputs.js";
import type { World } from "../src/sim/world.js";
import type { SkillBank } from "../src/core/bank/skill.js";
import { wilsonInterval } from "../src/core/evaluate/wilson-interval.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SEEDS = arg("seeds", 10);
const RULES = arg("rules", 12);
/** Three generations of b = 6 (the paper allows five). */
const ITERATIONS = arg("iterations", 18);
/** Fault localisation is on by default; `--no-localisation` measures the runs without it. */
const LOCALISATION = !process.argv.includes("--no-localisation");
/** Share of cases whose diagnosis names the wrong rule, one world each (as bench/strategies.ts). */
const MISLEADING = [0, 0.15, 0.4];

async function heldOutRate(world: World, config: RunConfig, bank: SkillBank, scope: readonly string[]) {
  const { heldOut } = worldRunInputs(world, config);
  const m = await measure({
    skills: scopeSkills(bank, scope),
    cases: heldOut,
    categories: world.categories,
    runner: createSimAgent(world),
    n: config.n,
    k: config.k,
  });
  return m.results.reduce((s, r) => s + r.passAtK, 0) / Math.max(m.results.length, 1);
}

async function runOnce(world: World, seed: number) {
  const config = runConfigOf(
    EvolveConfig.parse({
      seed,
      maxIterations: ITERATIONS,
      patience: ITERATIONS,
      strategy: "neo",
      ...(LOCALISATION ? {} : { localisation: false }),
    }),
  );
  const { inputs } = worldRunInputs(world, config);
  const { record, banks, start } = await runEvolution(inputs, {
    roles: createSimRoles(world),
    runner: createSimAgent(world),
    now: () => new Date("2026-11-30T00:00:00Z"),
  });
  const root = record.baseline.candidate;
  const before = await heldOutRate(world, config, start, record.scope.skills);
  const after = await heldOutRate(world, config, banks.get(record.selected)!, record.scope.skills);
  const path = lineageOf(record.iterations, root, record.selected);
  const verdicts = record.iterations.map((it) => it.neoDeploy?.verdict).filter((v) => v && v !== "reject");
  return {
    gain: after > before,
    nonIncumbent: path.some((s) => !s.incumbentParent),
    pathLength: path.length,
    accepts: verdicts.filter((v) => v === "accept").length,
    holds: verdicts.filter((v) => v === "hold").length,
    grafts: record.iterations.filter((it) => it.graft).length,
    stop: record.stop.reason,
    starIsIncumbent: incumbentAt(record.iterations, root) === record.selected,
    framesPickShipped: record.shipped?.framesPick === record.selected,
    refused: record.shipped?.refused !== undefined,
    delta: after - before,
  };
}

if (!Number.isInteger(SEEDS) || SEEDS < 1)
  throw new Error(`--seeds must be a positive whole number, not ${SEEDS}`);
const rows: Awaited<ReturnType<typeof runOnce>>[] = [];
for (let seed = 1; seed <= SEEDS; seed++) {
  const misleading = MISLEADING[seed % MISLEADING.length]!;
  const world = generateWorld({ seed, rules: RULES, params: { misleading } });
  const r = await runOnce(world, seed);
  rows.push(r);
  console.log(
    `seed ${seed} (misleading ${misleading}): held-out Δ ${r.delta >= 0 ? "+" : ""}${r.delta.toFixed(3)}, path ${r.pathLength}, ` +
      `non-incumbent parent on path: ${r.nonIncumbent ? "yes" : "no"}, accepts ${r.accepts}, holds ${r.holds}, grafts ${r.grafts}, ` +
      `shipped the incumbent: ${r.starIsIncumbent ? "yes" : r.refused ? "no (it failed the deployment floor)" : "no"}, ` +
      `FRAMES pick the same: ${r.framesPickShipped ? "yes" : "no"}, stop ${r.stop}`,
  );
}
const gains = rows.filter((r) => r.gain);
const through = gains.filter((r) => r.nonIncumbent).length;
const [lo, hi] = wilsonInterval(through, gains.length);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(
  `\nSIMULATED, ${rows.length} seeds, localisation ${LOCALISATION ? "on (the default)" : "off"}: ${gains.length} runs shipped a bank better than P₀ on the held-out cases; ` +
    `${through} of those ${gains.length} (${gains.length ? pct(through / gains.length) : "n/a"}, 95% CI ${pct(lo)}–${pct(hi)}) ` +
    `reached it through a non-incumbent parent. SkillNEO paper: 22 of 29 (75.9%).`,
);
console.log(
  `Shipped the incumbent in ${rows.filter((r) => r.starIsIncumbent).length} of ${rows.length} ` +
    `(the FRAMES pick was the same member in ${rows.filter((r) => r.framesPickShipped).length}). Stops: ${[
      ...new Set(rows.map((r) => r.stop)),
    ]
      .map((s) => `${s} ${rows.filter((r) => r.stop === s).length}`)
      .join(", ")}; grafts ${rows.reduce((s, r) => s + r.grafts, 0)} in all.`,
);
