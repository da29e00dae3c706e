// Are the savings lossless, and what do they save? (issue: "savings that never change a decision").
// Each world is evolved on the production path (simulated endpoint, real openai client, reference
// runner) three ways: naive FRAMES evaluation (no savings, no memo), the default (savings, memo and
// exact member costs), and the default with `exactCost: false` (member costs left as estimates). The
// table gives every world, not only the aggregate: model tokens the endpoint answered (all roles, and
// evaluation alone), the default's share of naive, and whether its decisions (run-decisions.ts) are
// identical to naive's. EVERY FIGURE IS SIMULATED.
//   npm run bench:lossless -- [--seeds 5151,5252,5353] [--rules 12,24,36] [--cases-per-rule 2]
import { parseArgs } from "node:util";
import { firstDifference, runDecisions } from "../src/core/evolve/run-decisions.js";
import { generateWorld } from "../src/sim/generate.js";
import { evolveOnEndpoint } from "../test/support/endpoint-evolution.js";

const { values } = parseArgs({
  options: {
    seeds: { type: "string", default: "5151,5252,5353" },
    rules: { type: "string", default: "12,24,36" },
    "cases-per-rule": { type: "string", default: "2" },
  },
});
const list = (s: string) => s.split(",").map((x) => Number(x.trim()));
const seeds = list(values.seeds);
const sizes = list(values.rules);
const casesPerRule = Number(values["cases-per-rule"]);
if ([...seeds, ...sizes, casesPerRule].some((x) => !Number.isInteger(x) || x < 0))
  throw new Error("--seeds, --rules and --cases-per-rule take non-negative integers, comma-separated");

const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(1)}%`;
const started = performance.now();
console.log("SIMULATED — lossless savings: naive evaluation vs the default (savings + memo + exact costs)");
console.log(`  ${casesPerRule} evolution case(s) per rule; tokens are what the simulated endpoint answered`);
const head = [
  "world",
  "iterations",
  "tokens naive",
  "default",
  "share",
  "eval share",
  "no exact cost",
  "same",
];
const rows: string[][] = [];
const total = { naive: 0, def: 0, loose: 0, same: 0, target: 0 };
for (const rules of sizes)
  for (const seed of seeds) {
    const world = generateWorld({ seed, rules, casesPerRule });
    const run = (settings: Record<string, unknown>, memo: boolean) =>
      evolveOnEndpoint(world, { knobs: { seed }, settings: { bootstrap: 200, ...settings }, memo });
    const naive = await run({ savings: false }, false);
    const def = await run({}, true);
    const loose = await run({ exactCost: false }, true);
    const diff = firstDifference(runDecisions(naive.record), runDecisions(def.record));
    total.naive += naive.paidAll;
    total.def += def.paidAll;
    total.loose += loose.paidAll;
    if (!diff) total.same++;
    if (!diff && def.paidAll <= naive.paidAll / 4) total.target++;
    rows.push([
      `${rules} rules, seed ${seed}`,
      `${naive.record.iterations.length}|${def.record.iterations.length}`,
      String(naive.paidAll),
      String(def.paidAll),
      pct(def.paidAll, naive.paidAll),
      pct(def.paid, naive.paid),
      pct(loose.paidAll, naive.paidAll),
      diff ? `NO (${diff.slice(0, 60)})` : "yes",
    ]);
  }
const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
const line = (cells: string[]) => `  ${cells.map((x, c) => x.padEnd(widths[c]!)).join("  ")}`;
console.log(line(head));
for (const r of rows) console.log(line(r));
console.log(
  `  all ${rows.length} worlds: model tokens ${total.naive} naive → ${total.def} default (${pct(total.def, total.naive)} of naive; target ≤ 25%), ${total.loose} without exact costs (${pct(total.loose, total.naive)})`,
);
console.log(`  identical decisions to naive: ${total.same}/${rows.length} worlds (target: all)`);
console.log(`  worlds at ≤ 25% of naive with identical decisions: ${total.target}/${rows.length}`);
console.log(`  (simulated) ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (total.same < rows.length) process.exitCode = 1;
