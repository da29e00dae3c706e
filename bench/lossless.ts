// Are the savings lossless, and what do they save? (issue: "savings that never change a decision").
// Each world is evolved on the production path (simulated endpoint, real openai client, reference
// runner) three ways: naive FRAMES evaluation (no savings, no memo), the default (savings, memo and
// exact member costs), and the default with `exactCost: false` (member costs left as estimates). The
// table gives every world, not only the aggregate: model tokens the endpoint answered (all roles, and
// evaluation alone), the default's share of naive, and whether its decisions (run-decisions.ts) are
// identical to naive's, and the floor: the role calls and the first measurements of P₀ and of every
// child the gate admitted, which no lossless saving can remove (floorOf), and the figures floor, which
// adds what identical figures force (figuresFloorOf). EVERY FIGURE IS SIMULATED.
// `--breakdown` adds, per world, where each run's tokens went: every role's calls, and evaluation by
// phase (baseline P₀, child, nogood minimisation, localisation, exact-cost completion…) split into
// evolution cases and pool sample (spend-phase.ts), naive's beside the default's.
//   npm run bench:lossless -- [--seeds 5151,5252,5353] [--rules 12,24,36] [--cases-per-rule 2] [--breakdown]
import { parseArgs } from "node:util";
import type { SpendEvent } from "../src/core/evolve/spend-phase.js";
import type { Iteration } from "../src/records/run-record.js";
import { firstDifference, runDecisions } from "../src/core/evolve/run-decisions.js";
import { generateWorld } from "../src/sim/generate.js";
import { evolveOnEndpoint } from "../test/support/endpoint-evolution.js";
import { admittedOf, figuresFloorOf, floorOf } from "./lossless-floor.js";

const { values } = parseArgs({
  options: {
    seeds: { type: "string", default: "5151,5252,5353" },
    rules: { type: "string", default: "12,24,36" },
    "cases-per-rule": { type: "string", default: "2" },
    breakdown: { type: "boolean", default: false },
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
  "floor",
  "figures floor",
  "same",
];
const rows: string[][] = [];
const breakdowns: string[] = [];

/** Where each run's tokens went, naive's beside the default's: roles, then evaluation by phase. */
function breakdown(
  name: string,
  runs: Record<
    "naive" | "def",
    { byRole: Record<string, number>; paid: number; record: { iterations: readonly Iteration[] } }
  >,
  spends: Record<"naive" | "def", SpendEvent[]>,
): string {
  const parts = (k: "naive" | "def") => {
    const out = new Map<string, number>();
    for (const [role, t] of Object.entries(runs[k].byRole))
      if (role !== "agent" && role !== "judge") out.set(`role ${role}`, t);
    const admitted = admittedOf(runs[k].record.iterations);
    for (const e of spends[k]) {
      const verdict = e.phase !== "child" ? "" : admitted.has(e.candidate ?? "") ? " admitted" : " refused";
      const key = `eval ${e.phase}${verdict} / ${e.cases}`;
      out.set(key, (out.get(key) ?? 0) + e.tokens);
    }
    return out;
  };
  const n = parts("naive");
  const d = parts("def");
  const keys = [...new Set([...n.keys(), ...d.keys()])].sort();
  const evalSum = (k: "naive" | "def") => spends[k].reduce((s, e) => s + e.tokens, 0);
  const lines = keys.map(
    (k) => `    ${k.padEnd(34)} ${String(n.get(k) ?? 0).padStart(9)} ${String(d.get(k) ?? 0).padStart(9)}`,
  );
  const check = (k: "naive" | "def") =>
    evalSum(k) === runs[k].paid ? "" : ` (phases sum to ${evalSum(k)}, endpoint agent+judge ${runs[k].paid})`;
  return [
    `  ${name}: tokens by where they went      naive   default${check("naive")}${check("def")}`,
    ...lines,
  ].join("\n");
}
const total = { naive: 0, def: 0, loose: 0, floor: 0, figures: 0, same: 0, target: 0 };
for (const rules of sizes)
  for (const seed of seeds) {
    const world = generateWorld({ seed, rules, casesPerRule });
    const spends = { naive: [] as SpendEvent[], def: [] as SpendEvent[], loose: [] as SpendEvent[] };
    const run = (settings: Record<string, unknown>, memo: boolean, into: SpendEvent[]) =>
      evolveOnEndpoint(world, {
        knobs: { seed },
        settings: { bootstrap: 200, ...settings },
        memo,
        onSpend: (e) => into.push(e),
      });
    const naive = await run({ savings: false }, false, spends.naive);
    const def = await run({}, true, spends.def);
    const loose = await run({ exactCost: false }, true, spends.loose);
    if (values.breakdown) breakdowns.push(breakdown(`${rules} rules, seed ${seed}`, { naive, def }, spends));
    const diff = firstDifference(runDecisions(naive.record), runDecisions(def.record));
    total.naive += naive.paidAll;
    total.def += def.paidAll;
    total.loose += loose.paidAll;
    const floor = floorOf(def, spends.def);
    total.floor += floor;
    const figures = figuresFloorOf(def, spends.def);
    total.figures += figures;
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
      pct(floor, naive.paidAll),
      pct(figures, naive.paidAll),
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
console.log(
  `  lossless floor (roles, P₀'s and admitted children's first measurements): ${total.floor} (${pct(total.floor, total.naive)} of naive); figures floor (that, the exact-cost runs and the site checks identical figures force): ${total.figures} (${pct(total.figures, total.naive)})`,
);
console.log(`  identical decisions to naive: ${total.same}/${rows.length} worlds (target: all)`);
console.log(`  worlds at ≤ 25% of naive with identical decisions: ${total.target}/${rows.length}`);
for (const b of breakdowns) console.log(b);
console.log(`  (simulated) ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (total.same < rows.length) process.exitCode = 1;
