// Context budget sweep (docs/engine.md "Context budget") on a simulated world of 40 skills: for each
// budget, the loop's allocation iteration (masking runs, shrunk effects, replicator allocation,
// gate), then the allocation's held-out pass@k and agent tokens per case, beside a naive cut that
// keeps the scope's skills in retrieval order until the budget is full. EVERY FIGURE IS SIMULATED.
// With --iterations N (> 1) a second table follows: the whole loop for N iterations, the iterations
// that allocated (1, and later re-allocations from members that outgrew the budget), their masking
// executions, and P*'s held-out pass@k, tokens per case and exposed tokens.
// --allocation, --masking-rate and --retire-after set those knobs (docs/engine.md "Context budget").
// Usage: npm run bench:budget [-- --seed 2000 --runs 80 --iterations 1 --allocation thompson
//        --masking-rate adaptive --retire-after 1]
import { exposedSkills, withExposure } from "../src/core/bank/exposure.js";
import type { SkillBank } from "../src/core/bank/skill.js";
import { EvolveConfig } from "../src/core/config/config.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { skillTokens } from "../src/core/bank/exposure.js";
import { measure } from "../src/core/evolve/measure.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SEED = arg("seed", 2000);
const RUNS = arg("runs", 80);
const ITERATIONS = arg("iterations", 1);
const word = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
// The allocation knobs under test; absent = the defaults (replicator, ρ = ½, no retirement).
const KNOBS = EvolveConfig.partial()
  .pick({ allocation: true, maskingRate: true, retireAfter: true, retireBelow: true })
  .parse({
    ...(word("allocation") ? { allocation: word("allocation") } : {}),
    ...(word("masking-rate")
      ? { maskingRate: word("masking-rate") === "adaptive" ? "adaptive" : Number(word("masking-rate")) }
      : {}),
    ...(word("retire-after") ? { retireAfter: Number(word("retire-after")) } : {}),
    ...(word("retire-below") ? { retireBelow: Number(word("retire-below")) } : {}),
  });
const SKILLS = 40;
const FRACTIONS = [0.1, 0.2, 0.3, 0.5, 1];
const NOW = () => new Date("2026-11-30T00:00:00Z");

const world = generateWorld({ seed: SEED, rules: 24, skills: SKILLS, homes: 8 });
const w = worldInputs(world);
// Hosts whose SKILL.md already holds a rule's clause: the only skills that can raise pass@k here.
const hosts = new Set(
  world.rules
    .filter((r) => world.skills.find((s) => s.name === r.skill)?.source.includes(r.clause))
    .map((r) => r.skill),
);

async function heldOut(bank: SkillBank, scope: readonly string[], n: number, k: number) {
  const m = await measure({
    skills: exposedSkills(bank, scopeSkills(bank, scope)),
    cases: w.heldOut,
    categories: world.categories,
    runner: createSimAgent(world),
    n,
    k,
  });
  return { pass: m.passRate, tokens: m.cost.input + m.cost.output };
}

/** The scope's skills in retrieval order until the budget is full. */
function naiveCut(bank: SkillBank, scope: readonly string[], budget: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const s of scopeSkills(bank, scope)) {
    if (used + skillTokens(s) > budget) continue;
    out.push(s.name);
    used += skillTokens(s);
  }
  return out;
}

async function main(): Promise<void> {
  const started = performance.now();
  const total = w.bank.skills.reduce((s, k) => s + skillTokens(k), 0);
  console.log(
    `(simulated) budget sweep: world seed ${SEED}, ${SKILLS} skills (${hosts.size} hold a present rule clause, the rest help nothing yet), ` +
      `${total} skill tokens, ${w.cases.length} evolution / ${w.heldOut.length} held-out cases, ${RUNS} masking runs, allocation ${KNOBS.allocation ?? "replicator"}, ρ = ${KNOBS.maskingRate ?? "½"}, retirement ${KNOBS.retireAfter ? `after ${KNOBS.retireAfter} below ${KNOBS.retireBelow ?? 0.05}` : "off"}`,
  );
  const rows: string[][] = [];
  for (const f of FRACTIONS) {
    const budget = Math.floor(total * f);
    const config = {
      ...runConfigOf(
        EvolveConfig.parse({
          seed: 1,
          topK: SKILLS,
          maxIterations: 1,
          contextBudget: budget,
          maskingRuns: RUNS,
          ...KNOBS,
        }),
      ),
      bootstrap: 200,
    };
    const { record } = await runSimulatedEvolution(world, config, { now: NOW });
    const scope = record.scope.skills;
    const it = record.iterations[0];
    const cb = it?.contextBudget;
    const exposure = cb?.exposure ?? scope;
    const alloc = await heldOut(withExposure(w.bank, cb ? exposure : undefined), scope, config.n, config.k);
    const cut = naiveCut(w.bank, scope, budget);
    const naive = await heldOut(withExposure(w.bank, cut), scope, config.n, config.k);
    const kept = exposure.filter((s) => hosts.has(s)).length;
    rows.push([
      `${budget} (${Math.round(f * 100)}%)`,
      cb ? String(cb.masking.runs) : "0",
      cb ? String(cb.masking.executions) : "0",
      `${exposure.length} (${kept}/${hosts.size} useful)`,
      String(cb?.exposureTokens ?? total),
      pct(alloc.pass),
      alloc.tokens.toFixed(0),
      cb ? (it!.gate.admitted ? (it!.entered ? "entered" : "admitted") : "refused") : "—",
      `${cut.length} (${cut.filter((s) => hosts.has(s)).length} useful)`,
      pct(naive.pass),
      naive.tokens.toFixed(0),
    ]);
    if (cb && f < 1) console.log(`  allocation at ${budget}: ${exposure.join(", ")}`);
  }
  printTable(rows);
  if (ITERATIONS > 1) await longer(total);
  console.log(
    `\n(simulated) ${FRACTIONS.length} budgets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The whole loop for ITERATIONS iterations per budget: where it allocated, and what P* shows. */
async function longer(total: number): Promise<void> {
  const rows: string[][] = [];
  for (const f of FRACTIONS.filter((x) => x < 1)) {
    const budget = Math.floor(total * f);
    const knobs = {
      seed: 1,
      topK: SKILLS,
      maxIterations: ITERATIONS,
      contextBudget: budget,
      maskingRuns: RUNS,
      ...KNOBS,
    };
    const config = { ...runConfigOf(EvolveConfig.parse(knobs)), bootstrap: 200 };
    const { record, banks } = await runSimulatedEvolution(world, config, { now: NOW });
    const allocations = record.iterations.filter((it) => it.contextBudget);
    const star = banks.get(record.selected)!;
    const shown = exposedSkills(star, scopeSkills(star, record.scope.skills));
    const out = await heldOut(star, record.scope.skills, config.n, config.k);
    rows.push([
      `${budget} (${Math.round(f * 100)}%)`,
      allocations.map((it) => `t${it.t} ${it.entered ? "entered" : "not entered"}`).join(", "),
      String(allocations.reduce((n, it) => n + it.contextBudget!.masking.executions, 0)),
      String(record.executions.run),
      `${shown.length}, ${shown.reduce((n, k) => n + skillTokens(k), 0)} tokens`,
      pct(out.pass),
      out.tokens.toFixed(0),
    ]);
  }
  const head = [
    "budget",
    "allocations",
    "mask execs",
    "all execs",
    "P* exposed",
    "P* held-out pass@k",
    "tokens/case",
  ];
  console.log(`\n(simulated) the whole loop, ${ITERATIONS} iterations per budget:`);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
  console.log(`\n${line(head)}\n${widths.map((x) => "-".repeat(x)).join("-|-")}`);
  for (const r of rows) console.log(line(r));
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function printTable(rows: string[][]): void {
  const head = [
    "budget",
    "mask runs",
    "mask execs",
    "exposed",
    "tokens",
    "held-out pass@k",
    "tokens/case",
    "gate",
    "naive cut",
    "naive pass@k",
    "naive tokens/case",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
  console.log(`\n${line(head)}\n${widths.map((x) => "-".repeat(x)).join("-|-")}`);
  for (const r of rows) console.log(line(r));
}

await main();
