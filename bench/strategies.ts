// Search strategies × world kinds at equal agent executions (issues 29, 44): every strategy in
// STRATEGIES on every world kind of the generator (WORLD_KINDS, src/sim/world-kind.ts; built by
// src/sim/world-kinds.ts), one generated world and run seed per `--seeds` index, every arm given the
// same budget of agent executions per run (RunConfig.budgetExecutions; iterations are only a cap, and
// patience equals it, so the budget is what stops a run that has more to try). Each arm is compared
// with frames seed by seed (bench/strategy-table.ts): the mean paired difference in P*'s held-out
// pass@3 with a bootstrap interval over seeds, the exact sign test, Holm's correction over every
// comparison of the table, and a verdict. EVERY FIGURE IS SIMULATED.
// Usage: npm run bench:strategies [-- --seeds 20 --budget 1000 --iterations 40 --jobs 2 --kinds default,deceptive]
//        npm run bench:strategies -- --quick          (a smoke run: 2 seeds, 150 executions)
//        npm run docs:strategies -- --kinds default   (the same, then rewrites docs/engine.md's block)
// A new strategy is one line in STRATEGIES: `evolve` is parsed as `evolve:` config keys
// (EvolveConfig), `run` adds RunConfig fields that have no config key.
import { fork } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EvolveConfig } from "../src/core/config/config.js";
import { exposedSkills } from "../src/core/bank/exposure.js";
import type { SkillBank } from "../src/core/bank/skill.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import type { RunConfig } from "../src/records/run-record.js";
import { WORLD_KINDS } from "../src/sim/world-kind.js";
import { generateWorldOfKind } from "../src/sim/world-kinds.js";
import { worldBank } from "../src/sim/world-inputs.js";
import type { World, WorldKind } from "../src/sim/world.js";
import { writeBlock } from "../scripts/generated-blocks.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import { ENGAGEMENT_HOOK } from "./strategy-engagement.js";
import { compareArms, renderTable, summarise, type ArmRuns, type RunFigures } from "./strategy-table.js";

/** The strategies compared: one line each; the first is the reference every other is paired with. */
const STRATEGIES: { name: string; evolve: Record<string, unknown>; run?: Partial<RunConfig> }[] = [
  // The defaults: frames with localisation and two sites confirmed (chosen by this table's powered run).
  { name: "frames", evolve: { strategy: "frames" } },
  { name: "frames-localisation", evolve: { strategy: "frames", localisation: false } },
  { name: "frames-confirmation", evolve: { strategy: "frames", confirmSites: 0 } },
  { name: "greedy", evolve: { strategy: "greedy" } },
  { name: "neo", evolve: { strategy: "neo" } },
  { name: "evolver", evolve: { strategy: "evolver" } },
  { name: "frames+pareto", evolve: { strategy: "frames", parentSelection: "pareto-instance" } },
  { name: "evolver+pareto", evolve: { strategy: "evolver", parentSelection: "pareto-instance" } },
];

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
function count(name: string, fallback: string, min: number): number {
  const v = Number(arg(name, fallback));
  if (!Number.isInteger(v) || v < min)
    throw new Error(`--${name}: expected an integer ≥ ${min}, got "${arg(name, fallback)}"`);
  return v;
}
const QUICK = process.argv.includes("--quick");
const WRITE_DOCS = process.argv.includes("--write-docs");
const SEEDS = count("seeds", QUICK ? "2" : "20", 1);
const BUDGET = count("budget", QUICK ? "150" : "1000", 1);
const ITERATIONS = count("iterations", QUICK ? "3" : "40", 1);
const RULES = count("rules", "24", 1);
const JOBS = count("jobs", "1", 1);
const WIN_RATE = 0.75;
const KINDS = arg("kinds", WORLD_KINDS.join(",")).split(",") as WorldKind[];
const MASKING_RUNS = 24;
const NOW = () => new Date("2026-11-30T00:00:00Z");
for (const k of KINDS)
  if (!(WORLD_KINDS as readonly string[]).includes(k))
    throw new Error(`--kinds: unknown world kind "${k}" (known: ${WORLD_KINDS.join(", ")})`);

function worldOf(kind: WorldKind, seed: number): World {
  return generateWorldOfKind(kind, { seed: 2000 + seed, rules: RULES });
}

/**
 * Config keys a world kind needs: an over-budget world's scope is the whole bank and its budget the
 * agent's context (with fewer masking runs than the default 2 × scope); a sparse-faults world's
 * scope is the whole bank, so a fault is never out of reach.
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
  return m.results.reduce((s, r) => s + r.passAtK, 0) / Math.max(1, m.results.length);
}

async function runOne(kind: WorldKind, strategy: string, seed: number): Promise<RunFigures> {
  const s = STRATEGIES.find((x) => x.name === strategy)!;
  const world = worldOf(kind, seed);
  const knobs = { seed, maxIterations: ITERATIONS, patience: ITERATIONS, ...kindKnobs(world), ...s.evolve };
  const config: RunConfig = {
    ...runConfigOf(EvolveConfig.parse(knobs)),
    bootstrap: 200,
    budgetExecutions: BUDGET,
    ...s.run,
  };
  const { record, banks } = await runSimulatedEvolution(world, config, { now: NOW });
  const engagement = ENGAGEMENT_HOOK?.(kind, record);
  return {
    star: await heldOut(world, banks.get(record.selected)!, record.scope.skills, config),
    p0: await heldOut(world, worldBank(world), record.scope.skills, config),
    executions: record.executions.run,
    iterations: record.iterations.length,
    ...(engagement !== undefined ? { engagement } : {}),
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

function caption(runs: number, secs: number): string {
  const argv = process.argv.slice(2).filter((a) => a !== "--write-docs");
  const notRun = WORLD_KINDS.filter((k) => !KINDS.includes(k));
  return [
    `SIMULATED — search strategies × world kinds at equal agent executions: ${SEEDS} seeds per kind (generated world 2000 + i, run seed i), a budget of ${BUDGET} agent executions per run (iterations capped at ${ITERATIONS}, patience ${ITERATIONS}), ${RULES} rules.`,
    `Δ: P*'s held-out pass@3 minus frames' on the same seed, mean over seeds with a 95% bootstrap interval over seeds; W/L/T: seeds won/lost/tied; sign p: exact two-sided sign test; Holm p: corrected over all ${runs} comparisons of this table; verdict "wins"/"loses" when Holm p ≤ 0.05, else "undetermined" with the sign test's power at the strictest Holm level (0.05/${runs}) against an arm that wins ${WIN_RATE * 100}% of seeds.`,
    `World kinds run: ${KINDS.join(", ")}${notRun.length ? `; not run: ${notRun.join(", ")} (no paired figures for them here)` : ""}.`,
    `Run: npm run bench:strategies -- ${argv.join(" ")} (${secs.toFixed(0)} s).`,
  ].join("\n");
}

async function main(): Promise<void> {
  const started = performance.now();
  const units = KINDS.flatMap((kind) => STRATEGIES.map((s) => ({ kind, strategy: s.name })));
  const figures = await pool(
    units.map((u) => () => inChild(u.kind, u.strategy)),
    JOBS,
  );
  const arms: ArmRuns[] = units.map((u, i) => ({ ...u, runs: figures[i]! }));
  const compared = compareArms(arms, {
    reference: STRATEGIES[0]!.name,
    alpha: 0.05,
    winRate: WIN_RATE,
    seed: 7,
  });
  const secs = (performance.now() - started) / 1000;
  const text = `${caption(compared.filter((c) => c.d).length, secs)}\n\n${renderTable(compared)}\n${summarise(compared)}`;
  console.log(text);
  if (WRITE_DOCS) await writeDocs(text);
}

/** docs/engine.md's generated block (scripts/generated-blocks.ts), from this run. */
async function writeDocs(text: string): Promise<void> {
  const page = join(dirname(fileURLToPath(import.meta.url)), "..", "docs", "engine.md");
  const block = `${text.trimEnd()}\n`;
  await writeFile(page, writeBlock(await readFile(page, "utf8"), "strategy-table", "docs/engine.md", block));
  console.log("wrote docs/engine.md (strategy-table)");
}

const childAt = process.argv.indexOf("--child");
if (childAt >= 0) {
  const [kind, strategy] = process.argv[childAt + 1]!.split(":") as [WorldKind, string];
  await child(kind, strategy);
} else await main();
