// Case–skill links over two runs (docs/case-format.md "Skill links"). EVERY FIGURE IS SIMULATED.
// Per seed, one generated world, its evolution cases split in two batches of feedback: run 1 evolves
// on batch 1; its P*'s resolved cases join the pool as the member's commit writes them
// (resolvedPoolCases, what memberFiles commits); run 2 evolves P* on batch 2 against that pool.
// Three columns: the world with links (every case names its skill), without links as skillops wrote
// pool entries before (derivation off), and without links with derivation. Anchors = anchor cases
// shown to the rewriter over the run; targeted = pool cases the targeted layer drew over the run.
// Usage: npm run bench:case-links [-- --seeds 1,2,3] [-- --legacy]
//   --legacy keeps the world's own pool (resolved "before skillops derived links"): unlinked in
//   the two columns without links, since nothing the runs see can link cases they never run.
import { EvolveConfig } from "../src/core/config/config.js";
import { resolvedPoolCases } from "../src/core/cases/case-links.js";
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
}

const anchorsOf = (r: RunRecord) =>
  r.iterations.reduce((s, it) => s + it.rewrites.reduce((a, w) => a + w.anchors.length, 0), 0);
const targetedOf = (r: RunRecord) => r.iterations.reduce((s, it) => s + (it.child?.targeted ?? 0), 0);
const starOnHeldOut = (r: RunRecord) =>
  r.heldOut?.members.find((m) => m.candidate === r.selected)?.total.rate ??
  r.heldOut?.baseline.total.rate ??
  0;

async function evolve(world: World, seed: number, cases: Case[], pool: Case[], bank?: SkillBank) {
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 6, patience: 6 })),
    bootstrap: 200,
  };
  const { inputs, heldOut } = worldRunInputs(world, config);
  const deps = { roles: createSimRoles(world), runner: createSimAgent(world), now: () => new Date(0) };
  return runEvolution({ ...inputs, cases, pool, ...(bank ? { bank } : {}) }, deps, { heldOut });
}

/** Run 1 on batch 1, its resolved cases into the pool, run 2 from P* on batch 2. */
async function lifetime(world: World, seed: number, derive: boolean): Promise<Figures> {
  // Cases e1, e3 of each rule are batch 1; e2, e4 batch 2.
  const batch = (odd: boolean) =>
    world.evolution.filter((w) => Number(w.case.id.slice(-1)) % 2 === (odd ? 1 : 0)).map((w) => w.case);
  const legacy = LEGACY ? world.pool.map((w) => w.case) : [];
  const first = await evolve(world, seed, batch(true), legacy);
  const star = first.record.frontier.find((m) => m.candidate === first.record.selected)!;
  const joined = resolvedPoolCases(first.record, star, batch(true), { derive });
  const second = await evolve(
    world,
    seed,
    batch(false),
    [...legacy, ...joined],
    first.banks.get(star.candidate),
  );
  const truth = new Map(
    world.evolution.map((w) => [w.case.id, world.rules.find((r) => r.id === w.rule)!.skill]),
  );
  const derived = joined.filter((c) => c.skillsFrom && !Object.values(c.skillsFrom).flat().includes("form"));
  const links = derived.flatMap((c) => c.skills.map((s) => s === truth.get(c.id)));
  return {
    anchors: anchorsOf(second.record),
    targeted: targetedOf(second.record),
    heldOut: starOnHeldOut(second.record),
    ...(links.length ? { precision: links.filter(Boolean).length / links.length } : {}),
  };
}

const pct = (x: number, of: number) => (of > 0 ? `${Math.round((100 * x) / of)}%` : "n/a");
console.log(
  `SIMULATED — two runs per world (${LEGACY ? "with" : "without"} the world's own pool); figures are run 2's.`,
);
console.log(
  "| seed | anchors: links / none / derived (derived ÷ links) | targeted: links / none / derived (derived ÷ links) | held-out P*: links / none / derived | derived links on the true skill |",
);
console.log("|---|---|---|---|---|");
const sum = { a: [0, 0, 0], t: [0, 0, 0] };
for (const seed of SEEDS) {
  const world = generateWorld({ seed, casesPerRule: 4 });
  const unlinked = withoutSkillLinks(world);
  const figs = [
    await lifetime(world, seed, true),
    await lifetime(unlinked, seed, false),
    await lifetime(unlinked, seed, true),
  ];
  figs.forEach((f, i) => ((sum.a[i]! += f.anchors), (sum.t[i]! += f.targeted)));
  const [w, n, d] = figs as [Figures, Figures, Figures];
  console.log(
    `| ${seed} | ${w.anchors} / ${n.anchors} / ${d.anchors} (${pct(d.anchors, w.anchors)}) | ${w.targeted} / ${n.targeted} / ${d.targeted} (${pct(d.targeted, w.targeted)}) | ${w.heldOut.toFixed(3)} / ${n.heldOut.toFixed(3)} / ${d.heldOut.toFixed(3)} | ${d.precision === undefined ? "n/a" : pct(d.precision, 1)} |`,
  );
}
console.log(
  `| all | ${sum.a.join(" / ")} (${pct(sum.a[2]!, sum.a[0]!)}) | ${sum.t.join(" / ")} (${pct(sum.t[2]!, sum.t[0]!)}) | | |`,
);
