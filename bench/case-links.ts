// Case–skill links over two runs (docs/case-format.md "Skill links"). EVERY FIGURE IS SIMULATED.
// Per seed, one generated world, its evolution cases split in two batches of feedback: run 1 evolves
// on batch 1; its P*'s resolved cases join the pool as the member's commit writes them
// (resolvedPoolCases, what memberFiles commits); run 2 evolves P* on batch 2 against that pool.
// Four columns: the world with links (every case names its skill), without links as skillops wrote
// pool entries before (derivation and retrieval links off), without links with derivation, and
// without links with derivation and retrieval links (core/evolve/retrieval-links.ts: what a run does).
// Anchors = anchor cases shown to the rewriter over the run; targeted = pool cases the targeted layer
// drew over the run.
// Usage: npm run bench:case-links [-- --seeds 1,2,3] [-- --legacy]
//   --legacy keeps the world's own pool (resolved "before skillops derived links"): unlinked in
//   the columns without links, since nothing the runs see can link cases they never run; only
//   retrieval links them.
import { EvolveConfig } from "../src/core/config/config.js";
import { resolvedPoolCases } from "../src/core/cases/case-links.js";
import { indexCases } from "../src/core/cases/pool.js";
import { linkTextOf, retrievalLinks } from "../src/core/evolve/retrieval-links.js";
import { runConfigOf, runEvolution } from "../src/core/evolve/run.js";
import type { SkillBank } from "../src/core/bank/skill.js";
import type { Case } from "../src/records/case.js";
import type { RunRecord } from "../src/records/run-record.js";
import { generateWorld } from "../src/sim/generate.js";
import { withoutSkillLinks } from "../src/sim/unlinked-world.js";
import type { World } from "../src/sim/world.js";
import { worldRunInputs } from "../src/apps/cli/evolve/world-run-inputs.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { createSimRoles } from "../test/support/sim-roles/roles.js";

const at = process.argv.indexOf("--seeds");
const SEEDS = (at >= 0 ? process.argv[at + 1]! : "1,2,3").split(",").map(Number);
const LEGACY = process.argv.includes("--legacy");

interface Figures {
  anchors: number;
  targeted: number;
  heldOut: number;
  /** Derived links agreeing with the world's truth (the rule's home skill), over derived links. */
  precision?: number;
  /** Run 2's retrieval links: how many, and how many on the true skill. */
  retrieval?: { links: number; right: number };
}

const anchorsOf = (r: RunRecord) =>
  r.iterations.reduce((s, it) => s + it.rewrites.reduce((a, w) => a + w.anchors.length, 0), 0);
const targetedOf = (r: RunRecord) => r.iterations.reduce((s, it) => s + (it.child?.targeted ?? 0), 0);
const starOnHeldOut = (r: RunRecord) =>
  r.heldOut?.members.find((m) => m.candidate === r.selected)?.total.rate ??
  r.heldOut?.baseline.total.rate ??
  0;

interface Column {
  derive: boolean;
  retrieval: boolean;
}

async function evolve(
  world: World,
  seed: number,
  col: Column,
  cases: Case[],
  pool: Case[],
  bank?: SkillBank,
) {
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 6, patience: 6 })),
    bootstrap: 200,
  };
  const { inputs, heldOut } = worldRunInputs(world, config);
  const deps = { roles: createSimRoles(world), runner: createSimAgent(world), now: () => new Date(0) };
  return runEvolution(
    { ...inputs, cases, pool, retrievalLinks: col.retrieval, ...(bank ? { bank } : {}) },
    deps,
    { heldOut },
  );
}

/** Run 1 on batch 1, its resolved cases into the pool, run 2 from P* on batch 2. */
async function lifetime(world: World, seed: number, col: Column): Promise<Figures> {
  // Cases e1, e3 of each rule are batch 1; e2, e4 batch 2.
  const batch = (odd: boolean) =>
    world.evolution.filter((w) => Number(w.case.id.slice(-1)) % 2 === (odd ? 1 : 0)).map((w) => w.case);
  const legacy = LEGACY ? world.pool.map((w) => w.case) : [];
  const first = await evolve(world, seed, col, batch(true), legacy);
  const star = first.record.frontier.find((m) => m.candidate === first.record.selected)!;
  const joined = resolvedPoolCases(first.record, star, batch(true), { derive: col.derive });
  const pool = [...legacy, ...joined];
  const bank = first.banks.get(star.candidate)!;
  const second = await evolve(world, seed, col, batch(false), pool, bank);
  const truth = new Map(
    [...world.evolution, ...world.pool].map((w) => [
      w.case.id,
      world.rules.find((r) => r.id === w.rule)!.skill,
    ]),
  );
  const derived = joined.filter((c) => c.skillsFrom && !Object.values(c.skillsFrom).flat().includes("form"));
  const links = derived.flatMap((c) => c.skills.map((s) => s === truth.get(c.id)));
  return {
    anchors: anchorsOf(second.record),
    targeted: targetedOf(second.record),
    heldOut: starOnHeldOut(second.record),
    ...(links.length ? { precision: links.filter(Boolean).length / links.length } : {}),
    ...(col.retrieval ? { retrieval: retrievalPrecision(pool, bank, truth) } : {}),
  };
}

/** The links run 2 made by retrieval (the same function the run calls, on the same pool and bank). */
function retrievalPrecision(pool: Case[], bank: SkillBank, truth: ReadonlyMap<string, string>) {
  const byId = new Map(pool.map((c) => [c.id, c]));
  const made = retrievalLinks(indexCases(pool).index.entries, bank, (e) => linkTextOf(byId.get(e.id)!));
  return { links: made.size, right: [...made].filter(([id, skill]) => truth.get(id) === skill).length };
}

const pct = (x: number, of: number) => (of > 0 ? `${Math.round((100 * x) / of)}%` : "n/a");
const COLUMNS: Column[] = [
  { derive: true, retrieval: true },
  { derive: false, retrieval: false },
  { derive: true, retrieval: false },
  { derive: true, retrieval: true },
];
console.log(
  `SIMULATED — two runs per world (${LEGACY ? "with" : "without"} the world's own pool); figures are run 2's.`,
);
console.log(
  "| seed | anchors: links / none / derived / derived + retrieval (last two ÷ links) | targeted: links / none / derived / derived + retrieval (last two ÷ links) | held-out P*: links / none / derived / derived + retrieval | derived links on the true skill | retrieval links on the true skill |",
);
console.log("|---|---|---|---|---|---|");
const sum = { a: [0, 0, 0, 0], t: [0, 0, 0, 0], links: 0, right: 0 };
const ratios = (xs: readonly number[]) => `${pct(xs[2]!, xs[0]!)}, ${pct(xs[3]!, xs[0]!)}`;
for (const seed of SEEDS) {
  const world = generateWorld({ seed, casesPerRule: 4 });
  const unlinked = withoutSkillLinks(world);
  const figs: Figures[] = [];
  for (const [i, col] of COLUMNS.entries()) figs.push(await lifetime(i === 0 ? world : unlinked, seed, col));
  figs.forEach((f, i) => ((sum.a[i]! += f.anchors), (sum.t[i]! += f.targeted)));
  const r = figs[3]!.retrieval!;
  sum.links += r.links;
  sum.right += r.right;
  const a = figs.map((f) => f.anchors);
  const t = figs.map((f) => f.targeted);
  console.log(
    `| ${seed} | ${a.join(" / ")} (${ratios(a)}) | ${t.join(" / ")} (${ratios(t)}) | ${figs.map((f) => f.heldOut.toFixed(3)).join(" / ")} | ${figs[2]!.precision === undefined ? "n/a" : pct(figs[2]!.precision, 1)} | ${r.right}/${r.links} |`,
  );
}
console.log(
  `| all | ${sum.a.join(" / ")} (${ratios(sum.a)}) | ${sum.t.join(" / ")} (${ratios(sum.t)}) | | | ${sum.right}/${sum.links} (${pct(sum.right, sum.links)}) |`,
);
