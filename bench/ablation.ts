// FRAMES Table 2 on the simulated world: the default configuration and each ablation (batch size
// 1 / 4 / 20 / all; greedy = frontier of 1; consensus cluster and none; ε = 0 and 100%), over
// several generated worlds × seeds. Reports P*'s held-out pass rate per category and in total (95%
// bootstrap interval over the pooled held-out cases), inference cost, evolve cost per iteration,
// agent executions, and the naive evaluation beside the savings (lossless for pass@k). EVERY FIGURE IS SIMULATED.
// Then model-call reuse through the simulated endpoint (bench/memo-worlds.ts).
// Usage: npm run bench:ablation [-- --worlds 3 --seeds 3 --memo-worlds 9 --memo-sampled 3]
import { EvolveConfig } from "../src/core/config/config.js";
import { createMemoryCache, type EvalCache } from "../src/core/evaluate/cache.js";
import type { CaseResult } from "../src/records/eval-record.js";
import { bootstrapInterval } from "../src/core/evaluate/metrics.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import type { RunRecord } from "../src/records/run-record.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import type { World } from "../src/sim/world.js";
import { memoWorlds, printMemoComparison } from "./memo-worlds.js";
import { printVaryingTokens } from "./varying-tokens.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const WORLDS = arg("worlds", 3);
const SEEDS = arg("seeds", 3);
const MEMO_WORLDS = arg("memo-worlds", 9);
const MEMO_SAMPLED = arg("memo-sampled", 3);
const RULES = 20; // 40 evolution cases, as in FRAMES §4.3 (and 40 held-out)
const CATS = ["general", "hallucination", "special"];

interface Setting {
  block: string;
  name: string;
  knobs: Partial<EvolveConfig>;
}
const SETTINGS: Setting[] = [
  { block: "", name: "Default", knobs: {} },
  { block: "S1 batch", name: "1", knobs: { batchSize: 1 } },
  { block: "", name: "4", knobs: { batchSize: 4 } },
  { block: "", name: "20", knobs: { batchSize: 20 } },
  { block: "", name: "all (40)", knobs: { batchSize: 2 * RULES } },
  { block: "S2 select", name: "greedy", knobs: { frontierCap: 1 } },
  { block: "S3 consensus", name: "cluster", knobs: { consolidation: "cluster" } },
  { block: "", name: "none", knobs: { consolidation: "none" } },
  { block: "S4 ε", name: "0%", knobs: { epsilon: 0 } },
  { block: "", name: "100%", knobs: { epsilon: 1 } },
  { block: "lossy", name: "screening", knobs: { screening: true } },
];

interface Outcome {
  heldOut: CaseResult[];
  record: RunRecord;
}

async function runOnce(
  world: World,
  seed: number,
  knobs: Partial<EvolveConfig>,
  savings = true,
  cache?: EvalCache,
): Promise<Outcome> {
  const config = { ...runConfigOf(EvolveConfig.parse({ seed, ...knobs })), bootstrap: 200, savings };
  const result = await runSimulatedEvolution(world, config, {
    now: () => new Date("2026-11-30T00:00:00Z"),
    ...(cache ? { cache } : {}),
  });
  const star = result.banks.get(result.record.selected)!;
  // Re-measure P* on the held-out cases to keep the per-case results for the pooled interval.
  const m = await measure({
    skills: scopeSkills(star, result.record.scope.skills),
    cases: worldInputs(world).heldOut,
    categories: CATS,
    runner: createSimAgent(world),
    n: config.n,
    k: config.k,
  });
  return { heldOut: m.results, record: result.record };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const k = (x: number) => (x / 1000).toFixed(2);

interface Row {
  setting: Setting;
  perCat: Record<string, number>;
  total: number;
  ci: [number, number];
  inference: [number, number];
  evolve: [number, number];
  exec: { run: number; naive: number; cache: number; early: number; seq: number };
  frontier: number;
  iterations: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  const worlds = Array.from({ length: WORLDS }, (_, i) => generateWorld({ seed: 1000 + i, rules: RULES }));
  const rows: Row[] = [];
  for (const setting of SETTINGS) {
    const outs: Outcome[] = [];
    for (const world of worlds)
      for (let s = 0; s < SEEDS; s++) outs.push(await runOnce(world, s, setting.knobs));
    const pooled = outs.flatMap((o) => o.heldOut);
    const perCat = Object.fromEntries(
      CATS.map((c) => [c, mean(pooled.filter((r) => r.category === c).map((r) => r.passAtK))]),
    );
    const evolveIn = mean(
      outs.map(
        (o) =>
          sum(["diagnoser", "consolidator", "rewriter"].map((r) => o.record.tokens[r]?.input ?? 0)) /
          Math.max(1, o.record.iterations.length),
      ),
    );
    const evolveOut = mean(
      outs.map(
        (o) =>
          sum(["diagnoser", "consolidator", "rewriter"].map((r) => o.record.tokens[r]?.output ?? 0)) /
          Math.max(1, o.record.iterations.length),
      ),
    );
    const ex = outs.map((o) => o.record.executions);
    rows.push({
      setting,
      perCat,
      total: mean(pooled.map((r) => r.passAtK)),
      ci: bootstrapInterval(
        pooled.map((r) => r.passAtK),
        { B: 10_000, seed: 7 },
      ),
      inference: [mean(pooled.map((r) => r.tokens.input)), mean(pooled.map((r) => r.tokens.output))],
      evolve: [evolveIn, evolveOut],
      exec: {
        run: mean(ex.map((e) => e.run)),
        naive: mean(ex.map((e) => e.naive)),
        cache: mean(ex.map((e) => e.savedByCache)),
        early: mean(ex.map((e) => e.savedByEarlyStop)),
        seq: mean(ex.map((e) => e.savedBySequentialRejection)),
      },
      frontier: mean(outs.map((o) => o.record.frontier.length)),
      iterations: mean(outs.map((o) => o.record.iterations.length)),
    });
  }
  printTable(rows);
  await printNaive(worlds);
  if (MEMO_WORLDS + MEMO_SAMPLED > 0 && !(await printMemoComparison(memoWorlds(MEMO_WORLDS, MEMO_SAMPLED))))
    process.exitCode = 1;
  console.log(
    `\n(simulated) ${WORLDS} worlds × ${SEEDS} seeds × ${SETTINGS.length} settings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function printTable(rows: Row[]): void {
  const base = rows[0]!;
  const d = (x: number, b: number) =>
    Math.abs(x - b) < 0.0005
      ? "±.000"
      : `${x > b ? "+" : "-"}${Math.abs(x - b)
          .toFixed(3)
          .slice(1)}`;
  const header = [
    "block",
    "setting",
    "general",
    "halluc.",
    "special",
    "total [95% CI]",
    "infer k in|out",
    "evolve/iter k in|out",
    "exec run",
    "naive",
    "saved cache|early|seq",
    "|F|",
    "iters",
  ];
  const body = rows.map((r) => {
    const cell = (c: string) =>
      r === base ? r.perCat[c]!.toFixed(3) : `${r.perCat[c]!.toFixed(3)} ${d(r.perCat[c]!, base.perCat[c]!)}`;
    return [
      r.setting.block,
      r.setting.name,
      ...CATS.map(cell),
      `${r.total.toFixed(3)}${r === base ? "" : ` ${d(r.total, base.total)}`} [${r.ci[0].toFixed(2)},${r.ci[1].toFixed(2)}]`,
      `${k(r.inference[0])} | ${k(r.inference[1])}`,
      `${k(r.evolve[0])} | ${k(r.evolve[1])}`,
      r.exec.run.toFixed(0),
      r.exec.naive.toFixed(0),
      `${r.exec.cache.toFixed(0)}|${r.exec.early.toFixed(0)}|${r.exec.seq.toFixed(0)}`,
      r.frontier.toFixed(1),
      r.iterations.toFixed(1),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(
    `SIMULATED — FRAMES Table 2 ablations on ${WORLDS} generated worlds × ${SEEDS} seeds (${2 * RULES} evolution + ${2 * RULES} held-out cases each).`,
  );
  console.log(
    "Quality: P*'s held-out pass@3 (Δ vs default), pooled over runs; cost: tokens per case / per iteration in thousands; executions: mean per run.\n",
  );
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const b of body) console.log(line(b));
}

/** The default setting again with every saving switched off: same decisions, more executions. */
async function printNaive(worlds: World[]): Promise<void> {
  let same = 0;
  let total = 0;
  let naiveRun = 0;
  let savedRun = 0;
  let rerun = 0;
  let rerunCached = 0;
  for (const world of worlds) {
    for (let s = 0; s < SEEDS; s++) {
      const cache = createMemoryCache();
      const a = await runOnce(world, s, {}, true, cache);
      // The same run again with the warm cache (a resumed job, or the next run re-evaluating P₀).
      const again = await runOnce(world, s, {}, true, cache);
      rerun += again.record.executions.run;
      rerunCached += again.record.executions.savedByCache;
      const b = await runOnce(world, s, {}, false);
      total++;
      const decisions = (r: RunRecord) =>
        JSON.stringify({
          it: r.iterations.map((i) => [i.child?.candidate, i.gate.admitted, i.entered, i.frontierAfter]),
          f: r.frontier.map((m) => m.candidate),
          sel: r.selected,
        });
      if (decisions(a.record) === decisions(b.record)) same++;
      savedRun += a.record.executions.run;
      naiveRun += b.record.executions.run;
    }
  }
  console.log(`\nSIMULATED — naive evaluation vs the savings (default setting, same ${total} runs):`);
  console.log(`  naive (no cache, no early stop, no sequential rejection): ${naiveRun} agent executions`);
  console.log(
    `  with savings:                                               ${savedRun} agent executions (${(100 * (1 - savedRun / naiveRun)).toFixed(1)}% fewer)`,
  );
  console.log(`  identical decisions (children, gate verdicts, frontier, P*): ${same}/${total} runs`);
  console.log(
    `  the same runs again with the warm cache:                    ${rerun} agent executions, ${rerunCached} served by the cache`,
  );
}

await main();
await printVaryingTokens(Math.max(9, WORLDS), RULES);
