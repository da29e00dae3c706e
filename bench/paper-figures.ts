// The papers' figures beside ours (issue 44): FRAMES Table 2's ablations — greedy selection, batch
// 20, batch "all" and no consensus filter — each paired with the default configuration seed by seed
// (the same generated world and run seed per seed index), at ≥ 10 seeds, next to the paper's Δ vs
// default on FinDAS (../shared/papers/frames.txt, Table 2). Per seed: P*'s held-out pass@3, per
// category and in total; per setting: the mean difference with a 95% bootstrap interval over seeds,
// wins/losses/ties, the exact sign test, Holm over the four comparisons and the verdict. SkillNEO's
// lineage share beside the paper's 22 of 29 is bench/neo-lineage.ts's. EVERY FIGURE OF OURS IS SIMULATED.
// Usage: npm run bench:paper-figures [-- --seeds 10]
import { EvolveConfig } from "../src/core/config/config.js";
import { holmAdjusted } from "../src/core/evaluate/holm.js";
import { pairedDifferences } from "../src/core/evaluate/paired-differences.js";
import { pairedVerdict } from "../src/core/evaluate/paired-verdict.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";

const at = process.argv.indexOf("--seeds");
const SEEDS = at >= 0 ? Number(process.argv[at + 1]) : 10;
if (!Number.isInteger(SEEDS) || SEEDS < 1)
  throw new Error(`--seeds: expected an integer ≥ 1, got "${process.argv[at + 1]}"`);
const RULES = 20; // 40 evolution cases, as FRAMES §4.3 re-sampled for the sweep (and 40 held-out)
const CATS = ["general", "hallucination", "special"] as const;
const TOTAL = "total";

/** A setting and the paper's Δ vs default (general, hallucination, special, total), Table 2. */
interface Setting {
  name: string;
  knobs: Partial<EvolveConfig>;
  paper?: [number, number, number, number];
}
const DEFAULT: Setting = { name: "Default", knobs: {} };
const SETTINGS: Setting[] = [
  { name: "S2 greedy", knobs: { frontierCap: 1 }, paper: [0, -0.058, -0.086, -0.048] },
  { name: "S1 batch 20", knobs: { batchSize: 20 }, paper: [-0.2, -0.286, -0.143, -0.21] },
  { name: "S1 batch all (40)", knobs: { batchSize: 2 * RULES }, paper: [-0.043, -0.043, -0.029, -0.038] },
  { name: "S3 consensus none", knobs: { consolidation: "none" }, paper: [-0.028, -0.058, 0, -0.029] },
];
/** The paper's default row: general, hallucination, special, total. */
const PAPER_DEFAULT = [0.857, 0.829, 0.6, 0.762];

type Scores = Record<string, number>;

/** One run: P*'s held-out pass@3 by category and in total, and the executions it spent. */
async function runOnce(
  seed: number,
  knobs: Partial<EvolveConfig>,
): Promise<{ scores: Scores; exec: number }> {
  const world = generateWorld({ seed: 1000 + seed, rules: RULES });
  const config = { ...runConfigOf(EvolveConfig.parse({ seed, ...knobs })), bootstrap: 200 };
  const { record, banks } = await runSimulatedEvolution(world, config, {
    now: () => new Date("2026-11-30T00:00:00Z"),
  });
  const m = await measure({
    skills: scopeSkills(banks.get(record.selected)!, record.scope.skills),
    cases: worldInputs(world).heldOut,
    categories: [...CATS],
    runner: createSimAgent(world),
    n: config.n,
    k: config.k,
  });
  const avg = (rs: typeof m.results) => rs.reduce((s, r) => s + r.passAtK, 0) / Math.max(1, rs.length);
  const scores: Scores = { [TOTAL]: avg(m.results) };
  for (const c of CATS) scores[c] = avg(m.results.filter((r) => r.category === c));
  return { scores, exec: record.executions.run };
}

async function runSetting(s: Setting) {
  const runs = [];
  for (let seed = 0; seed < SEEDS; seed++) runs.push(await runOnce(seed, s.knobs));
  return runs;
}

const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(3)}`;
const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);

async function main(): Promise<void> {
  const started = performance.now();
  const base = await runSetting(DEFAULT);
  const arms = [];
  for (const s of SETTINGS) arms.push({ s, runs: await runSetting(s) });
  const key = (runs: typeof base, c: string) => runs.map((r) => r.scores[c]!);
  const ds = arms.map((a) => pairedDifferences(key(a.runs, TOTAL), key(base, TOTAL), { B: 10_000, seed: 7 }));
  const holm = holmAdjusted(ds.map((d) => d.signP));
  const header = [
    "setting",
    "exec/run",
    "ours: gen / hal / spec Δ",
    "ours: total Δ [95% CI]",
    "W/L/T",
    "sign p",
    "Holm p",
    "verdict",
    "paper: gen / hal / spec Δ",
    "paper total Δ",
    "same sign",
  ];
  const fmt3 = (xs: number[]) =>
    xs.map((x) => (Math.abs(x) < 0.0005 ? "±.000" : signed(x).replace("0.", "."))).join(" / ");
  const baseRow = [
    "Default",
    mean(base.map((r) => r.exec)).toFixed(0),
    CATS.map((c) => mean(key(base, c)).toFixed(3)).join(" / "),
    mean(key(base, TOTAL)).toFixed(3),
    "",
    "",
    "",
    "(reference)",
    PAPER_DEFAULT.slice(0, 3)
      .map((x) => x.toFixed(3))
      .join(" / "),
    PAPER_DEFAULT[3]!.toFixed(3),
    "",
  ];
  const rows = arms.map((a, i) => {
    const d = ds[i]!;
    const v = pairedVerdict(d, holm[i]!, { alpha: 0.05, comparisons: arms.length, winRate: 0.75 });
    const cats = CATS.map((c) => mean(key(a.runs, c)) - mean(key(base, c)));
    const paper = a.s.paper!;
    const agree = Math.abs(d.mean) < 1e-9 ? "tied" : Math.sign(d.mean) === Math.sign(paper[3]) ? "yes" : "no";
    return [
      a.s.name,
      mean(a.runs.map((r) => r.exec)).toFixed(0),
      fmt3(cats),
      `${signed(d.mean)} [${signed(d.ci[0])}, ${signed(d.ci[1])}]`,
      `${d.wins}/${d.losses}/${d.ties}`,
      d.signP.toFixed(3),
      holm[i]!.toFixed(3),
      v.text,
      fmt3(paper.slice(0, 3)),
      signed(paper[3]),
      agree,
    ];
  });
  const all = [header, baseRow, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((x, i) => x.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(
    `FRAMES Table 2 ablations, ours SIMULATED (${SEEDS} generated worlds, seed 1000 + i, run seed i; ${2 * RULES} evolution + ${2 * RULES} held-out cases each) beside the paper's FinDAS figures (real, one run each).`,
  );
  console.log(
    "Ours: P*'s held-out pass@3, Default's absolute, each setting's Δ paired with Default on the same seed (95% bootstrap interval over seeds), exact sign test, Holm over the 4 comparisons.\n",
  );
  console.log(line(header));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const r of [baseRow, ...rows]) console.log(line(r));
  console.log(
    `\n(simulated) ${SEEDS} seeds × ${SETTINGS.length + 1} settings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
