// The search strategies (frames, greedy, SkillNEO, SkillEvolver), each with nogoods and fault
// localisation both off and both on, on generated worlds × seeds; the worlds range from honest
// diagnoses to many misleading ones (src/sim/generate.ts `misleading`). Prints P*'s held-out pass@k
// (pooled over runs, 95% bootstrap interval), the iteration that produced the final P*, agent
// executions and model tokens per run, evaluations saved by nogood vetoes, and (SkillNEO) screened
// children per run that their generation's ranking kept from full evaluation. EVERY FIGURE IS SIMULATED.
// Usage: npm run bench:strategies [-- --seeds 3 --rules 12 --iterations 8 --full]
//   --full also runs nogoods alone and localisation alone (twice the runs).
import { EvolveConfig } from "../src/core/config/config.js";
import type { CaseResult } from "../src/records/eval-record.js";
import { bootstrapInterval } from "../src/core/evaluate/metrics.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import type { RunConfig, RunRecord } from "../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../src/core/evolve/run.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { generateWorld } from "../src/sim/generate.js";
import { createSimRoles } from "../test/support/sim-roles/roles.js";
import { worldRunInputs } from "../src/apps/cli/evolve/world-run-inputs.js";
import type { World } from "../src/sim/world.js";
import type { SearchStrategy } from "../src/records/search-strategy.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SEEDS = arg("seeds", 3);
const RULES = arg("rules", 12);
const ITERATIONS = arg("iterations", 8);
const FULL = process.argv.includes("--full");
/** Share of cases whose diagnosis names the wrong rule, one world each. */
const MISLEADING = [0, 0.15, 0.4];
const STRATEGIES: SearchStrategy[] = ["frames", "greedy", "neo", "evolver"];
const SWITCHES = FULL
  ? [
      { name: "off", nogoods: false, localisation: false },
      { name: "nogoods", nogoods: true, localisation: false },
      { name: "localisation", nogoods: false, localisation: true },
      { name: "both", nogoods: true, localisation: true },
    ]
  : [
      { name: "off", nogoods: false, localisation: false },
      { name: "both", nogoods: true, localisation: true },
    ];
type Switches = (typeof SWITCHES)[number];

interface Outcome {
  heldOut: CaseResult[];
  record: RunRecord;
}

async function runOnce(world: World, config: RunConfig): Promise<Outcome> {
  const { inputs, heldOut } = worldRunInputs(world, config);
  const { record, banks } = await runEvolution(inputs, {
    roles: createSimRoles(world),
    runner: createSimAgent(world),
    now: () => new Date("2026-11-30T00:00:00Z"),
  });
  const star = banks.get(record.selected)!;
  // P* on the held-out cases as deployed: the plain agent, no strategy hints.
  const m = await measure({
    skills: scopeSkills(star, record.scope.skills),
    cases: heldOut,
    categories: world.categories,
    runner: createSimAgent(world),
    n: config.n,
    k: config.k,
  });
  return { heldOut: m.results, record };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const tokensOf = (r: RunRecord) => Object.values(r.tokens).reduce((s, u) => s + u.input + u.output, 0);
const isUnpromoted = (it: RunRecord["iterations"][number]) =>
  it.neoScreen !== undefined && "promoted" in it.neoScreen && !it.neoScreen.promoted;
const starBorn = (r: RunRecord) => r.frontier.find((m) => m.candidate === r.selected)?.born ?? 0;

interface Row {
  strategy: SearchStrategy;
  switches: Switches;
  total: number;
  ci: [number, number];
  improved: number;
  born: number;
  iterations: number;
  executions: number;
  tokens: number;
  vetoes: number;
  saved: number;
  /** SkillNEO: screened children per run that their generation's ranking kept from full evaluation. */
  unpromoted: number;
}

async function rowOf(worlds: World[], strategy: SearchStrategy, switches: Switches): Promise<Row> {
  const outs: Outcome[] = [];
  for (const world of worlds)
    for (let seed = 0; seed < SEEDS; seed++) {
      const knobs = { seed, maxIterations: ITERATIONS, patience: ITERATIONS, strategy };
      const config: RunConfig = {
        ...runConfigOf(EvolveConfig.parse(knobs)),
        bootstrap: 200,
        nogoods: switches.nogoods,
        localisation: switches.localisation,
      };
      outs.push(await runOnce(world, config));
    }
  const pooled = outs.flatMap((o) => o.heldOut.map((r) => r.passAtK));
  return {
    strategy,
    switches,
    total: mean(pooled),
    ci: bootstrapInterval(pooled, { B: 10_000, seed: 7 }),
    improved: outs.filter((o) => o.record.selected !== o.record.baseline.candidate).length / outs.length,
    born: mean(outs.map((o) => starBorn(o.record))),
    iterations: mean(outs.map((o) => o.record.iterations.length)),
    executions: mean(outs.map((o) => o.record.executions.run)),
    tokens: mean(outs.map((o) => tokensOf(o.record))),
    vetoes: mean(outs.map((o) => o.record.nogoods?.vetoes ?? 0)),
    saved: mean(outs.map((o) => o.record.nogoods?.evaluationsSaved ?? 0)),
    unpromoted: mean(outs.map((o) => o.record.iterations.filter(isUnpromoted).length)),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const worlds = MISLEADING.map((misleading, i) =>
    generateWorld({ seed: 2000 + i, rules: RULES, params: { misleading } }),
  );
  const rows: Row[] = [];
  for (const strategy of STRATEGIES)
    for (const switches of SWITCHES) rows.push(await rowOf(worlds, strategy, switches));
  printTable(rows, worlds.length);
  console.log(
    `\n(simulated) ${worlds.length} worlds × ${SEEDS} seeds × ${rows.length} settings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function printTable(rows: Row[], worlds: number): void {
  const header = [
    "strategy",
    "nogoods+loc.",
    "held-out pass@3 [95% CI]",
    "P* ≠ P₀",
    "P* born at t",
    "iterations",
    "agent exec/run",
    "tokens/run (k)",
    "vetoes/run",
    "evals saved/run",
    "not promoted/run",
  ];
  const body = rows.map((r) => [
    r.strategy,
    r.switches.name,
    `${r.total.toFixed(3)} [${r.ci[0].toFixed(3)}, ${r.ci[1].toFixed(3)}]`,
    `${(100 * r.improved).toFixed(0)}%`,
    r.born.toFixed(1),
    r.iterations.toFixed(1),
    r.executions.toFixed(0),
    (r.tokens / 1000).toFixed(1),
    r.vetoes.toFixed(2),
    r.saved.toFixed(2),
    r.strategy === "neo" ? r.unpromoted.toFixed(2) : "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(
    `SIMULATED — search strategies on ${worlds} generated worlds (misleading diagnoses ${MISLEADING.join(" / ")}) × ${SEEDS} seeds; ${RULES} rules, ${ITERATIONS} iterations, patience ${ITERATIONS}.`,
  );
  console.log(
    "Held-out pass@3 of P*, pooled over runs (bootstrap 95% CI); P* born at t: the iteration that produced the final P* (0 = P₀); figures per run are means.\n",
  );
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const b of body) console.log(line(b));
}

await main();
