// Skills and tools co-evolving (issue 16, SkillSmith §3) on tool-defect worlds (`sim new --tools`):
// prose-only evolution against co-evolution with every typed tool operation, and with each operation
// ablated. Reports P*'s held-out pass@k (95% bootstrap interval over the pooled held-out cases), the
// agent's tokens per held-out case, iterations run, and tool operations applied. EVERY FIGURE IS SIMULATED.
// Usage: npm run bench:tools [-- --worlds 3 --seeds 3 --settings "co-evolution,+ extraction rule"]
import { EvolveConfig } from "../src/core/config/config.js";
import type { CaseResult } from "../src/records/eval-record.js";
import { bootstrapInterval } from "../src/core/evaluate/metrics.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import type { RunRecord } from "../src/records/run-record.js";
import { TOOL_OP_KINDS, type ToolOpKind } from "../src/records/tool-op.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import { withToolDefects } from "../src/sim/tool-world.js";
import type { World } from "../src/sim/world.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const WORLDS = arg("worlds", 3);
const SEEDS = arg("seeds", 3);
const RULES = 12;
const ONLY = (() => {
  const i = process.argv.indexOf("--settings");
  return i >= 0 ? new Set(process.argv[i + 1]!.split(",").map((x) => x.trim())) : undefined;
})();
const CATS = ["general", "hallucination", "special"];

const SETTINGS: { name: string; ops: readonly ToolOpKind[]; extractionRule?: boolean }[] = [
  { name: "prose-only", ops: [] },
  { name: "co-evolution", ops: TOOL_OP_KINDS },
  // SkillSmith's extraction-benefit rule: an extract that frees no context is refused.
  { name: "+ extraction rule", ops: TOOL_OP_KINDS, extractionRule: true },
  ...TOOL_OP_KINDS.map((k) => ({ name: `− ${k}`, ops: TOOL_OP_KINDS.filter((x) => x !== k) })),
];

interface Outcome {
  heldOut: CaseResult[];
  record: RunRecord;
}

async function runOnce(
  world: World,
  seed: number,
  ops: readonly ToolOpKind[],
  extractionRule = false,
): Promise<Outcome> {
  const knobs = { seed, maxIterations: 8, ...(extractionRule ? { extractionRule } : {}) };
  const config = { ...runConfigOf(EvolveConfig.parse(knobs)), bootstrap: 200 };
  const result = await runSimulatedEvolution(
    world,
    config,
    { now: () => new Date("2026-11-30T00:00:00Z") },
    [],
    createSimAgent(world),
    { toolOps: ops },
  );
  const star = result.banks.get(result.record.selected)!;
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

/** Refusals that taught a nogood, and those whose failing edits were script changes only (no nogood). */
function nogoodsOf(records: readonly RunRecord[]): string {
  const its = records.flatMap((r) => r.iterations);
  return `${its.filter((it) => it.nogoods?.created).length} / ${its.filter((it) => it.nogoods?.notLearned).length}`;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

async function main(): Promise<void> {
  const started = performance.now();
  const worlds = Array.from({ length: WORLDS }, (_, i) =>
    withToolDefects(generateWorld({ seed: 2000 + i, rules: RULES })),
  );
  const header = [
    "setting",
    "held-out pass@k [95% CI]",
    "tokens/case",
    "iterations",
    "tool ops applied",
    "nogoods learned / tool-only refusals",
  ];
  const rows: string[][] = [];
  for (const s of SETTINGS.filter((x) => !ONLY || ONLY.has(x.name))) {
    const outs: Outcome[] = [];
    for (const world of worlds)
      for (let seed = 0; seed < SEEDS; seed++) outs.push(await runOnce(world, seed, s.ops, s.extractionRule));
    const pooled = outs.flatMap((o) => o.heldOut.map((r) => r.passAtK));
    const ci = bootstrapInterval(pooled, { B: 10_000, seed: 7 });
    const applied = outs.flatMap((o) =>
      o.record.iterations.flatMap((it) => (it.toolOps ?? []).filter((x) => x.status === "applied")),
    );
    const byKind = TOOL_OP_KINDS.map((k) => `${k} ${applied.filter((a) => a.kind === k).length}`).join(", ");
    const refused = outs.flatMap((o) =>
      o.record.iterations.flatMap((it) => (it.toolOps ?? []).filter((x) => x.benefit && !x.benefit.kept)),
    ).length;
    rows.push([
      s.name,
      `${mean(pooled).toFixed(3)} [${ci[0].toFixed(2)},${ci[1].toFixed(2)}]`,
      mean(outs.flatMap((o) => o.heldOut.map((r) => r.tokens.input))).toFixed(0),
      mean(outs.map((o) => o.record.iterations.length)).toFixed(1),
      s.extractionRule ? `${byKind}; ${refused} extracts refused by the rule` : byKind,
      nogoodsOf(outs.map((o) => o.record)),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(
    `SIMULATED — tool co-evolution on ${WORLDS} tool-defect worlds × ${SEEDS} seeds (${RULES} rules, 2 tool defects and one procedure repeated in 3 skills per world).`,
  );
  console.log(
    "P*'s held-out pass@3 pooled over runs; tokens: the agent's input tokens per held-out run; the worlds hold no retype or inline defect, so those two ablations cannot differ from co-evolution.\n",
  );
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  console.log(
    `\n(simulated) ${WORLDS} worlds × ${SEEDS} seeds × ${SETTINGS.length} settings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
