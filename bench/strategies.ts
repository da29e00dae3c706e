// Search strategies × world kinds (issue 29): every strategy in STRATEGIES on every world kind of the
// generator (src/sim/world-kinds.ts: default, deceptive, sparse-faults, defective-tools,
// over-budget), one generated world and run seed per `--seeds` index. Prints, per (world kind ×
// strategy): P*'s held-out pass@3 (the mean over runs of each run's held-out mean, with a 95%
// bootstrap interval over runs), agent executions and model tokens per run, and category
// regressions: held-out categories where P* scores below P₀, per run. EVERY FIGURE IS SIMULATED.
// Usage: npm run bench:strategies [-- --seeds 5 --rules 24 --iterations 8 --jobs 2 --kinds deceptive,default]
//        npm run bench:strategies -- --quick     (a smoke run: 1 seed, 3 iterations)
// A new strategy is one line in STRATEGIES: `evolve` is parsed as `evolve:` config keys
// (EvolveConfig), `run` adds RunConfig fields that have no config key.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { EvolveConfig } from "../src/core/config/config.js";
import { exposedSkills } from "../src/core/bank/exposure.js";
import type { SkillBank } from "../src/core/bank/skill.js";
import { bootstrapInterval } from "../src/core/evaluate/metrics.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import type { CaseResult } from "../src/records/eval-record.js";
import type { RunConfig, RunRecord } from "../src/records/run-record.js";
import { WORLD_KINDS } from "../src/sim/world-kind.js";
import { generateWorldOfKind } from "../src/sim/world-kinds.js";
import { worldBank } from "../src/sim/world-inputs.js";
import type { World, WorldKind } from "../src/sim/world.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";

/** The strategies compared: one line each. */
const STRATEGIES: { name: string; evolve: Record<string, unknown>; run?: Partial<RunConfig> }[] = [
  { name: "frames", evolve: { strategy: "frames" } },
  { name: "frames+localisation", evolve: { strategy: "frames", localisation: true } },
  { name: "greedy", evolve: { strategy: "greedy" } },
  { name: "neo", evolve: { strategy: "neo" } },
  { name: "evolver", evolve: { strategy: "evolver" } },
  { name: "frames+pareto", evolve: { strategy: "frames", parentSelection: "pareto-instance" } },
  { name: "frames+loc+confirm", evolve: { strategy: "frames", localisation: true, confirmSites: 2 } },
  { name: "evolver+pareto", evolve: { strategy: "evolver", parentSelection: "pareto-instance" } },
];

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const QUICK = process.argv.includes("--quick");
const SEEDS = Number(arg("seeds", QUICK ? "1" : "5"));
const RULES = Number(arg("rules", "24"));
const ITERATIONS = Number(arg("iterations", QUICK ? "3" : "8"));
const JOBS = Number(arg("jobs", "1"));
const KINDS = arg("kinds", WORLD_KINDS.join(",")).split(",") as WorldKind[];
const MASKING_RUNS = 24;
const NOW = () => new Date("2026-11-30T00:00:00Z");
for (const k of KINDS)
  if (!(WORLD_KINDS as readonly string[]).includes(k))
    throw new Error(`--kinds: unknown world kind "${k}" (known: ${WORLD_KINDS.join(", ")})`);

/** One run's figures: what the parent process pools. */
interface RunFigures {
  star: number;
  p0: number;
  regressed: number;
  executions: number;
  tokens: number;
}

function worldOf(kind: WorldKind, seed: number): World {
  return generateWorldOfKind(kind, { seed: 2000 + seed, rules: RULES });
}

/**
 * Config keys a world kind needs: an over-budget world's scope is the whole bank and its budget the
 * agent's context (with fewer masking runs than the default 2 × scope, to keep the bench's runtime);
 * a sparse-faults world's scope is the whole bank, so a fault is never out of reach.
 */
function kindKnobs(world: World): Record<string, unknown> {
  if (world.worldKind === "over-budget")
    return { topK: world.skills.length, contextBudget: world.params.contextLimit, maskingRuns: MASKING_RUNS };
  if (world.worldKind === "sparse-faults") return { topK: world.skills.length };
  return {};
}

async function heldOut(world: World, bank: SkillBank, scope: readonly string[], config: RunConfig) {
  const m = await measure({
    skills: exposedSkills(bank, scopeSkills(bank, scope)),
    cases: world.heldOut.map((wc) => wc.case),
    categories: world.categories,
    runner: createSimAgent(world),
    n: config.n,
    k: config.k,
  });
  return m.results;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const tokensOf = (r: RunRecord) => Object.values(r.tokens).reduce((s, u) => s + u.input + u.output, 0);

function byCategory(results: readonly CaseResult[]): Map<string, number> {
  const cats = [...new Set(results.map((r) => r.category))];
  return new Map(cats.map((c) => [c, mean(results.filter((r) => r.category === c).map((r) => r.passAtK))]));
}

async function runOne(kind: WorldKind, strategy: string, seed: number): Promise<RunFigures> {
  const s = STRATEGIES.find((x) => x.name === strategy)!;
  const world = worldOf(kind, seed);
  const knobs = { seed, maxIterations: ITERATIONS, patience: ITERATIONS, ...kindKnobs(world), ...s.evolve };
  const config: RunConfig = { ...runConfigOf(EvolveConfig.parse(knobs)), bootstrap: 200, ...s.run };
  const { record, banks } = await runSimulatedEvolution(world, config, { now: NOW });
  const star = await heldOut(world, banks.get(record.selected)!, record.scope.skills, config);
  const p0 = await heldOut(world, worldBank(world), record.scope.skills, config);
  const [a, b] = [byCategory(star), byCategory(p0)];
  return {
    star: mean(star.map((r) => r.passAtK)),
    p0: mean(p0.map((r) => r.passAtK)),
    regressed: [...b].filter(([c, v]) => (a.get(c) ?? 0) < v).length,
    executions: record.executions.run,
    tokens: tokensOf(record),
  };
}

/** A child process: runs one (kind, strategy) over every seed and sends its figures back. */
async function child(kind: WorldKind, strategy: string): Promise<void> {
  const out: RunFigures[] = [];
  for (let seed = 0; seed < SEEDS; seed++) out.push(await runOne(kind, strategy, seed));
  process.send!(out);
}

function inChild(kind: WorldKind, strategy: string): Promise<RunFigures[]> {
  const me = fileURLToPath(import.meta.url);
  const args = [...process.argv.slice(2), "--child", `${kind}:${strategy}`];
  return new Promise((ok, fail) => {
    const p = fork(me, args, { execArgv: process.execArgv });
    let got: RunFigures[] | undefined;
    p.on("message", (m) => (got = m as RunFigures[]));
    p.on("exit", (code) => (got ? ok(got) : fail(new Error(`${kind} × ${strategy}: child exited ${code}`))));
  });
}

async function pool<T>(tasks: (() => Promise<T>)[], jobs: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return out;
}

async function main(): Promise<void> {
  const started = performance.now();
  const units = KINDS.flatMap((kind) => STRATEGIES.map((s) => ({ kind, strategy: s.name })));
  const figures = await pool(
    units.map((u) => () => inChild(u.kind, u.strategy)),
    JOBS,
  );
  printTable(units.map((u, i) => ({ ...u, runs: figures[i]! })));
  const secs = (performance.now() - started) / 1000;
  console.log(
    `\n(simulated) ${KINDS.length} world kinds × ${STRATEGIES.length} strategies × ${SEEDS} seeds = ${units.length * SEEDS} runs in ${secs.toFixed(1)} s (--jobs ${JOBS})`,
  );
}

function printTable(rows: { kind: WorldKind; strategy: string; runs: RunFigures[] }[]): void {
  const header = [
    "world kind",
    "strategy",
    "P₀ pass@3",
    "P* held-out pass@3 [95% CI]",
    "agent exec/run",
    "tokens/run (k)",
    "cat. regressions/run",
  ];
  const body = rows.map(({ kind, strategy, runs }) => {
    const stars = runs.map((r) => r.star);
    const ci = bootstrapInterval(stars, { B: 10_000, seed: 7 });
    return [
      kind,
      strategy,
      mean(runs.map((r) => r.p0)).toFixed(3),
      `${mean(stars).toFixed(3)} [${ci[0].toFixed(3)}, ${ci[1].toFixed(3)}]`,
      mean(runs.map((r) => r.executions)).toFixed(0),
      (mean(runs.map((r) => r.tokens)) / 1000).toFixed(1),
      mean(runs.map((r) => r.regressed)).toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(
    `SIMULATED — search strategies × world kinds; ${SEEDS} seeds (one generated world and run seed each); ${RULES} rules, ${ITERATIONS} iterations, patience ${ITERATIONS}.`,
  );
  console.log(
    "Held-out pass@3 of P*: mean over runs of each run's held-out mean, 95% bootstrap interval over runs; cat. regressions: held-out categories where P* < P₀, per run.\n",
  );
  console.log(line(header));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const b of body) console.log(line(b));
}

const childAt = process.argv.indexOf("--child");
if (childAt >= 0) {
  const [kind, strategy] = process.argv[childAt + 1]!.split(":") as [WorldKind, string];
  await child(kind, strategy);
} else await main();
