// A quick simulated check of fault localisation: P*'s held-out pass rate with localisation on and
// off, on generated worlds with a high misleading fraction and a diagnoser that misdirects edits
// (q_target 0.6). All figures simulated. `npx tsx bench/localisation-check.ts`.
import { DEFAULT_CONFIG } from "../src/core/config/config.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import { generateWorld } from "../src/sim/generate.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import { fixedClock } from "../src/vocabulary/clock.js";

const now = fixedClock("2026-12-01T00:00:00Z");
const rows: string[] = [];
for (const misleading of [0.15, 0.5]) {
  const totals = { on: 0, off: 0, n: 0, execOn: 0, execOff: 0, itersOn: 0, itersOff: 0 };
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const world = generateWorld({ seed, rules: 24, casesPerRule: 2, params: { misleading, qTarget: 0.6 } });
    for (const on of [true, false]) {
      const config = { ...runConfigOf(DEFAULT_CONFIG.evolve), seed, bootstrap: 200, localisation: on };
      const { record } = await runSimulatedEvolution(world, config, { now });
      const star = record.heldOut!.members.find((m) => m.candidate === record.selected)!;
      if (on) {
        totals.on += star.total.rate;
        totals.execOn += record.executions.run;
        totals.itersOn += record.iterations.length;
      } else {
        totals.off += star.total.rate;
        totals.execOff += record.executions.run;
        totals.itersOff += record.iterations.length;
      }
    }
    totals.n++;
  }
  rows.push(
    `misleading ${misleading}: held-out pass@3 of P* (mean over ${totals.n} seeds) off ${(totals.off / totals.n).toFixed(3)} → on ${(totals.on / totals.n).toFixed(3)}; agent executions/run off ${(totals.execOff / totals.n).toFixed(0)}, on ${(totals.execOn / totals.n).toFixed(0)}; iterations/run off ${(totals.itersOff / totals.n).toFixed(1)}, on ${(totals.itersOn / totals.n).toFixed(1)}`,
  );
}
console.log(
  "SIMULATED — fault localisation on/off (24 rules, 48 evolution + 48 held-out cases, q_target 0.6)",
);
for (const r of rows) console.log(r);
