// Worlds whose per-run tokens vary (world param outputTokensSpread): the savings against naive
// evaluation, and whether every decision stayed the same. Early stop leaves a case's cost an
// estimate; src/evolve/exact-cost.ts runs the remaining runs before a cost can move a frontier
// decision. EVERY FIGURE IS SIMULATED. Run by bench/ablation.ts, or alone: tsx bench/varying-tokens.ts
import { fileURLToPath } from "node:url";
import { EvolveConfig } from "../src/config/config.js";
import { runConfigOf } from "../src/evolve/run.js";
import type { RunRecord } from "../src/evolve/run-record.js";
import { generateWorld } from "../src/sim/generate.js";
import { runSimulatedEvolution } from "../src/sim/run.js";

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

async function evolve(world: ReturnType<typeof generateWorld>, seed: number, savings: boolean) {
  const config = { ...runConfigOf(EvolveConfig.parse({ seed })), bootstrap: 200, savings };
  const result = await runSimulatedEvolution(world, config, { now: () => new Date("2026-11-30T00:00:00Z") });
  return result.record;
}

export async function printVaryingTokens(worlds = 9, rules = 20): Promise<void> {
  let same = 0;
  let sameMembers = 0;
  let run = 0;
  let naive = 0;
  const differing: number[] = [];
  for (let w = 0; w < worlds; w++) {
    const world = generateWorld({ seed: 2000 + w, rules, params: { outputTokensSpread: SPREAD } });
    const a = await evolve(world, 0, true);
    const b = await evolve(world, 0, false);
    if (decisions(a, false) === decisions(b, false)) sameMembers++;
    if (decisions(a, true) === decisions(b, true)) same++;
    else differing.push(2000 + w);
    run += a.executions.run;
    naive += b.executions.run;
  }
  console.log(
    `\nSIMULATED — worlds whose per-run output tokens vary (+0..${SPREAD} per run), default setting, ${worlds} worlds:`,
  );
  console.log(
    `  naive evaluation: ${naive} agent executions; with savings: ${run} (${((100 * run) / naive).toFixed(1)}% of naive)`,
  );
  console.log(`  identical decisions (children, gate verdicts, frontier, P*): ${sameMembers}/${worlds}`);
  console.log(
    `  ... and identical member costs too: ${same}/${worlds}` +
      (differing.length ? ` — differing world seeds: ${differing.join(", ")}` : ""),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf("--worlds");
  await printVaryingTokens(i >= 0 ? Number(process.argv[i + 1]) : 9);
}
