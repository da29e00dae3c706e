// A quick simulated check of fault localisation: P*'s held-out pass rate with localisation off, on,
// and on with counterfactual confirmation of the top 2 sites, on generated worlds with a high
// misleading fraction and a diagnoser that misdirects edits (q_target 0.6). All figures simulated.
// `npx tsx bench/localisation-check.ts`.
import { DEFAULT_CONFIG } from "../src/core/config/config.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import { generateWorld } from "../src/sim/generate.js";
import type { RunConfig } from "../src/records/run-config.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import { fixedClock } from "../src/vocabulary/clock.js";

const now = fixedClock("2026-12-01T00:00:00Z");
const SEEDS = [1, 2, 3, 4, 5, 6];
const ARMS: { name: string; knobs: Partial<RunConfig> }[] = [
  { name: "off", knobs: { localisation: false } },
  { name: "on", knobs: { confirmSites: 0 } },
  { name: "on + confirm 2 (default)", knobs: {} },
];

const rows: string[] = [];
for (const misleading of [0.15, 0.5]) {
  for (const arm of ARMS) {
    const t = { rate: 0, exec: 0, iters: 0, checks: 0, confirmed: 0, verdicts: 0 };
    for (const seed of SEEDS) {
      const world = generateWorld({ seed, rules: 24, casesPerRule: 2, params: { misleading, qTarget: 0.6 } });
      const config = { ...runConfigOf(DEFAULT_CONFIG.evolve), seed, bootstrap: 200, ...arm.knobs };
      const { record } = await runSimulatedEvolution(world, config, { now });
      t.rate += record.heldOut!.members.find((m) => m.candidate === record.selected)!.total.rate;
      t.exec += record.executions.run;
      t.iters += record.iterations.length;
      const checks = record.iterations.flatMap((it) => it.confirmations ?? []);
      t.checks += checks.reduce((s, c) => s + c.executions, 0);
      // Pooled over every check of every seed: a seed with no check adds nothing, not a 0%.
      t.confirmed += checks.filter((c) => c.verdict === "confirmed").length;
      t.verdicts += checks.length;
    }
    const n = SEEDS.length;
    rows.push(
      `misleading ${misleading}, ${arm.name}: held-out pass@3 of P* ${(t.rate / n).toFixed(3)}; agent executions/run ${(t.exec / n).toFixed(0)} (of them confirmation re-runs ${(t.checks / n).toFixed(0)}); iterations/run ${(t.iters / n).toFixed(1)}${arm.knobs.confirmSites ? `; share of checks confirmed ${(t.confirmed / Math.max(1, t.verdicts)).toFixed(2)} (${t.confirmed} of ${t.verdicts})` : ""}`,
    );
  }
}
console.log(
  `SIMULATED — fault localisation off / on / on + confirmation (24 rules, 48 evolution + 48 held-out cases, q_target 0.6, mean over ${SEEDS.length} seeds, no intervals)`,
);
for (const r of rows) console.log(r);
