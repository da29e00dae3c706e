// Executions and wall time of a naive evaluation (n runs of every case, nothing reused) versus
// cache + early stop, side by side on the same cases. The agent is simulated: a scripted runner
// whose run r of case i passes with a known probability p_i (drawn once, seeded) after a fixed
// latency, so both strategies see exactly the same outcomes and the pass rates must agree.
// Then model-call reuse on generated worlds through the simulated endpoint (bench/memo-worlds.ts).
//   npm run bench:evaluate  [-- --cases 90 --latency 10 --concurrency 4 --seed 1 --memo-worlds 9]
import { performance } from "node:perf_hooks";
import type { Skill } from "../src/core/bank/skill.js";
import { Case } from "../src/records/case.js";
import { createMemoryCache, type EvalCache } from "../src/core/evaluate/cache.js";
import type { EvalRecord } from "../src/records/eval-record.js";
import { evaluate } from "../src/core/evaluate/evaluate.js";
import type { Runner } from "../src/core/evaluate/runner.js";
import { createRng, deriveRng } from "../src/vocabulary/rng.js";
import { LARGER, memoWorlds, printMemoComparison } from "./memo-worlds.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const CASES = arg("cases", 90);
const LATENCY_MS = arg("latency", 10);
const CONCURRENCY = arg("concurrency", 4);
const SEED = arg("seed", 1);
const MEMO_WORLDS = arg("memo-worlds", 9);
const CATEGORIES = ["general", "hallucination", "special"];
const PROBABILITIES = [0.1, 0.3, 0.5, 0.7, 0.9];

const rng = createRng(SEED);
const cases = Array.from({ length: CASES }, (_, i) =>
  Case.parse({
    id: `case-${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    diagnosis: "simulated",
    task: { prompt: `simulated task ${i}`, rubric: [{ type: "equals", path: "$.pass", value: true }] },
    provenance: { channel: "sim", created: "2026-11-30T00:00:00Z" },
  }),
);
const p = new Map(cases.map((c) => [c.id, PROBABILITIES[rng.int(PROBABILITIES.length)]!]));
const skills: Skill[] = [
  {
    name: "s",
    dir: "s",
    frontmatter: { name: "s", description: "simulated" },
    body: "b",
    source: "b",
    auxiliary: [],
    knowledge: [],
  },
];

function simulatedAgent(): Runner & { executions: number } {
  const agent = {
    name: "simulated",
    settingsKey: "simulated-agent",
    executions: 0,
    async run(input: Parameters<Runner["run"]>[0]) {
      agent.executions++;
      await new Promise((r) => setTimeout(r, LATENCY_MS));
      // The outcome of (case, run) is fixed by the seed, whoever asks and in whatever order.
      const pass = deriveRng(SEED, `${input.case.id}#${input.runIndex}`).chance(p.get(input.case.id)!);
      return { output: { pass }, trace: [], usage: { input: 1000, output: 100, cached: 0 } };
    },
  };
  return agent;
}

async function timed(label: string, opts: { n: number; k: number; earlyStop: boolean; cache?: EvalCache }) {
  const runner = simulatedAgent();
  const t0 = performance.now();
  const record: EvalRecord = await evaluate({
    skills,
    cases,
    runner,
    n: opts.n,
    k: opts.k,
    concurrency: CONCURRENCY,
    bootstrap: 2000,
    seed: SEED,
    earlyStop: opts.earlyStop,
    ...(opts.cache ? { cache: opts.cache } : {}),
  });
  const ms = performance.now() - t0;
  return { label, record, ms, executions: runner.executions };
}

function row(r: Awaited<ReturnType<typeof timed>>, naive: number, naiveMs: number) {
  const e = r.record.executions;
  const cells = [
    r.label.padEnd(38),
    String(r.executions).padStart(6),
    `${((100 * r.executions) / naive).toFixed(1)}%`.padStart(7),
    String(e.savedByCache).padStart(6),
    String(e.savedByEarlyStop).padStart(6),
    `${r.ms.toFixed(0)} ms`.padStart(9),
    `${((100 * r.ms) / naiveMs).toFixed(1)}%`.padStart(7),
    r.record.total.rate.toFixed(4).padStart(8),
  ];
  return cells.join("  ");
}

async function scenario(n: number, k: number) {
  const naive = await timed(`naive (n=${n}, k=${k})`, { n, k, earlyStop: false });
  const cache = createMemoryCache();
  const cold = await timed("early stop + cache, first evaluation", { n, k, earlyStop: true, cache });
  const warm = await timed("early stop + cache, re-evaluation", { n, k, earlyStop: true, cache });
  console.log(
    `\nn=${n}, k=${k}: ${CASES} cases, ${LATENCY_MS} ms per execution, concurrency ${CONCURRENCY}, seed ${SEED} (simulated agent)`,
  );
  console.log(
    [
      "strategy".padEnd(38),
      "execs".padStart(6),
      "vs naive".padStart(7),
      "cache".padStart(6),
      "stop".padStart(6),
      "wall".padStart(9),
      "vs naive".padStart(7),
      "pass@k".padStart(8),
    ].join("  "),
  );
  for (const r of [naive, cold, warm]) console.log(row(r, naive.executions, naive.ms));
  const same = [cold, warm].every((r) =>
    r.record.cases.every((c, i) => c.passAtK === naive.record.cases[i]!.passAtK),
  );
  console.log(`per-case pass@${k} identical to naive: ${same ? "yes" : "NO"}`);
  if (!same) process.exitCode = 1;
}

console.log(
  "bench/evaluate.ts — naive evaluation vs cache + early stop (simulated agent with known pass probabilities)",
);
console.log(`pass probabilities per case drawn from {${PROBABILITIES.join(", ")}}`);
await scenario(3, 3);
await scenario(5, 3);
await scenario(5, 1);
// Model tokens, not just executions: the memo on small worlds through the simulated endpoint.
if (MEMO_WORLDS > 0 && !(await printMemoComparison(memoWorlds(MEMO_WORLDS, 0)))) process.exitCode = 1;
// The same on larger worlds, where one P₀ has more children (a real run's shape).
if (MEMO_WORLDS > 0 && !(await printMemoComparison(memoWorlds(MEMO_WORLDS, 0, LARGER), LARGER)))
  process.exitCode = 1;
