// Worlds whose per-run tokens vary (world param outputTokensSpread): the savings against naive
// evaluation, and whether every decision stayed the same. Early stop leaves a case's cost an
// estimate: by default it stands, with its interval (cost-estimate.ts), and the bench counts how
// often naive's cost falls inside it; with exactCost (exact-cost.ts) the remaining runs run before a
// cost can move a frontier decision. EVERY FIGURE IS SIMULATED. Run by bench/ablation.ts, or alone:
// tsx bench/varying-tokens.ts
import { fileURLToPath } from "node:url";
import { EvolveConfig } from "../src/core/config/config.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import type { RunRecord } from "../src/records/run-record.js";
import { generateWorld } from "../src/sim/generate.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";

/** Output tokens vary by up to this much per run, against 60 constant ones (and the skills read). */
export const SPREAD = 400;

/** What the run decided: every child, gate verdict, frontier entry, the final frontier and P*. */
function decisions(r: RunRecord, withCosts: boolean): string {
  return JSON.stringify({
    it: r.iterations.map((i) => [i.child?.candidate, i.gate.admitted, i.entered, i.frontierAfter]),
    f: r.frontier.map((m) => (withCosts ? [m.candidate, m.cost] : m.candidate)),
    sel: r.selected,
  });
}

async function evolve(world: ReturnType<typeof generateWorld>, savings: boolean, exactCost = false) {
  const config = { ...runConfigOf(EvolveConfig.parse({ seed: 0, exactCost })), bootstrap: 200, savings };
  const result = await runSimulatedEvolution(world, config, { now: () => new Date("2026-11-30T00:00:00Z") });
  return result.record;
}

interface Tally {
  /** Frontier entries whose comparisons the cost intervals left open (iterations[].costSettled), of all. */
  sensitive: number;
  compared: number;
  same: number;
  sameCosts: number;
  run: number;
  differing: number[];
}

/** Naive's cost of each estimated member (and P₀) against the estimate's interval. */
function coverage(estimated: RunRecord, naive: RunRecord): { inside: number; of: number; width: number } {
  const naiveCost = new Map(naive.frontier.map((m) => [m.candidate, m.cost.input + m.cost.output]));
  naiveCost.set(naive.baseline.candidate, naive.baseline.cost.input + naive.baseline.cost.output);
  let inside = 0;
  let of = 0;
  let width = 0; // sum of (high − low) / estimate
  for (const m of [estimated.baseline, ...estimated.frontier]) {
    const truth = naiveCost.get(m.candidate);
    if (!m.costEstimate || truth === undefined) continue;
    of++;
    width += ((m.costEstimate.high ?? Infinity) - m.costEstimate.low) / (m.cost.input + m.cost.output);
    if (truth >= m.costEstimate.low - 1e-9 && truth <= (m.costEstimate.high ?? Infinity) + 1e-9) inside++;
  }
  return { inside, of, width };
}

function tally(t: Tally, a: RunRecord, naive: RunRecord, seed: number): void {
  if (decisions(a, false) === decisions(naive, false)) t.same++;
  if (decisions(a, true) === decisions(naive, true)) t.sameCosts++;
  else t.differing.push(seed);
  t.run += a.executions.run;
  for (const it of a.iterations) {
    if (it.child && it.gate.admitted) t.compared++;
    if (it.costSettled) t.sensitive++;
  }
}

export async function printVaryingTokens(worlds = 9, rules = 20): Promise<void> {
  const estimate: Tally = { sensitive: 0, compared: 0, same: 0, sameCosts: 0, run: 0, differing: [] };
  const exact: Tally = { sensitive: 0, compared: 0, same: 0, sameCosts: 0, run: 0, differing: [] };
  const covered = { inside: 0, of: 0, width: 0 };
  let naiveRuns = 0;
  for (let w = 0; w < worlds; w++) {
    const world = generateWorld({ seed: 2000 + w, rules, params: { outputTokensSpread: SPREAD } });
    const naive = await evolve(world, false);
    const a = await evolve(world, true);
    tally(estimate, a, naive, 2000 + w);
    tally(exact, await evolve(world, true, true), naive, 2000 + w);
    const c = coverage(a, naive);
    covered.inside += c.inside;
    covered.of += c.of;
    covered.width += c.width;
    naiveRuns += naive.executions.run;
  }
  console.log(
    `\nSIMULATED — worlds whose per-run output tokens vary (+0..${SPREAD} per run), default setting, ${worlds} worlds:`,
  );
  const pct = (x: number) => `${((100 * x) / naiveRuns).toFixed(1)}% of naive`;
  console.log(`  naive evaluation: ${naiveRuns} agent executions`);
  for (const [label, t] of [
    ["savings, estimated costs (default)", estimate],
    ["savings, exactCost", exact],
  ] as const) {
    console.log(
      `  ${label}: ${t.run} executions (${pct(t.run)}); identical decisions (children, gate verdicts, frontier, P*) ${t.same}/${worlds}; ` +
        `identical member costs ${t.sameCosts}/${worlds}` +
        (t.differing.length ? ` (differing world seeds: ${t.differing.join(", ")})` : ""),
    );
  }
  console.log(
    `  estimated costs: naive's cost inside the 95% interval for ${covered.inside} of ${covered.of} estimated members (P₀ included); ${estimate.sensitive} of ${estimate.compared} frontier entries had a comparison the intervals left open, settled by running the rest (iterations[].costSettled); mean interval width ${((100 * covered.width) / Math.max(1, covered.of)).toFixed(1)}% of the estimate`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf("--worlds");
  await printVaryingTokens(i >= 0 ? Number(process.argv[i + 1]) : 9);
}
