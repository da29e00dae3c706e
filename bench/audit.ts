// The audit's effect on the simulated world with leakage on (issue 14): every run evolves twice, with
// the audit on every child (the default severities) and with every check off, on 3 generated worlds
// × 3 seeds, and with the model-backed auditor alone (simulated endpoint, severity error). Per run and pooled: children the audit refused, leaking children (a pasted case answer,
// src/sim/leak.ts) that entered the frontier, P*'s pass@k on its evolution cases and held out (95%
// bootstrap interval), tokens, and the audit's findings per check. EVERY FIGURE IS SIMULATED.
// Usage: npm run bench:audit [-- --worlds 3 --seeds 3 --leak 0.3]
import { EvolveConfig, ModelsConfig } from "../src/core/config/config.js";
import type { CaseResult } from "../src/records/eval-record.js";
import { bootstrapInterval } from "../src/core/evaluate/metrics.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import { measure } from "../src/core/evolve/measure.js";
import { modelAuditor } from "../src/core/evolve/model-roles.js";
import { createOpenAIModel } from "../src/io/llm/openai.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import type { RunConfig, RunRecord } from "../src/records/run-record.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { startSimEndpoint } from "../src/sim/endpoint/server.js";
import { generateWorld } from "../src/sim/generate.js";
import { countMemorised } from "../src/sim/leak.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import type { World } from "../src/sim/world.js";
import { AUDIT_CHECKS } from "../src/records/audit-check.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const WORLDS = arg("worlds", 3);
const SEEDS = arg("seeds", 3);
const LEAK = arg("leak", 0.3);
const RULES = 20;
const CATS = ["general", "hallucination", "special"];
const ALL_OFF = Object.fromEntries(AUDIT_CHECKS.map((c) => [c, "off" as const]));

interface Outcome {
  world: number;
  seed: number;
  arm: Arm;
  refused: number;
  /** Children that entered the frontier after one or more repair rounds. */
  repaired: number;
  leakingEntered: number;
  starLeaks: number;
  evolution: CaseResult[];
  heldOut: CaseResult[];
  evolveTokens: number;
  findings: Map<string, number>;
  iterations: number;
  stop: string;
}

interface Arm {
  name: string;
  audit: boolean;
  knobs: Partial<EvolveConfig>;
  /** The model-backed auditor at severity error, over the simulated endpoint (its auditor role). */
  model?: true;
}
// A refused child counts against patience like any child that did not enter; the third arm shows
// what the audit costs through that alone.
const ARMS: Arm[] = [
  { name: "with the audit", audit: true, knobs: {} },
  { name: "without the audit", audit: false, knobs: {} },
  { name: "with the audit, patience 6", audit: true, knobs: { patience: 6 } },
  { name: "model auditor only (error)", audit: false, knobs: {}, model: true },
];

async function runOnce(world: World, w: number, seed: number, arm: Arm): Promise<Outcome> {
  const config: RunConfig = {
    ...runConfigOf(EvolveConfig.parse({ seed, ...arm.knobs })),
    bootstrap: 200,
    ...(arm.audit ? {} : { audit: ALL_OFF }),
    ...(arm.model ? { auditModel: { budgetTokens: 1_000_000, severity: "error" as const } } : {}),
  };
  const endpoint = arm.model ? await startSimEndpoint({ world }) : undefined;
  const auditor = endpoint ? { auditor: modelAuditor(simModel(endpoint.baseURL)) } : {};
  const result = await runSimulatedEvolution(world, config, {
    now: () => new Date("2026-11-30T00:00:00Z"),
    ...auditor,
  }).finally(() => endpoint?.close());
  const { record, banks } = result;
  const leaks = (candidate: string) =>
    countMemorised(world, banks.get(candidate)?.skills.map((s) => s.source) ?? []);
  const star = banks.get(record.selected)!;
  const inputs = worldInputs(world);
  const on = async (cases: typeof inputs.cases) =>
    (
      await measure({
        skills: scopeSkills(star, record.scope.skills),
        cases,
        categories: CATS,
        runner: createSimAgent(world),
        n: config.n,
        k: config.k,
      })
    ).results;
  return {
    world: w,
    seed,
    arm,
    refused: record.iterations.filter((i) => i.audit?.refused).length,
    repaired: record.iterations.filter((i) => i.entered && i.repairs?.length).length,
    leakingEntered: record.iterations.filter((i) => i.entered && i.child && leaks(i.child.candidate) > 0)
      .length,
    starLeaks: leaks(record.selected),
    evolution: await on(inputs.cases),
    heldOut: await on(inputs.heldOut),
    evolveTokens: evolveTokensOf(record),
    findings: findingsOf(record),
    iterations: record.iterations.length,
    stop: record.stop.reason,
  };
}

function simModel(baseURL: string) {
  const config = ModelsConfig.parse({ provider: "openai", baseURL, maxRetries: 0 });
  return createOpenAIModel(config, { env: { OPENAI_API_KEY: "sim" } });
}

function evolveTokensOf(record: RunRecord): number {
  return Object.entries(record.tokens)
    .filter(([role]) => role !== "agent")
    .reduce((s, [, t]) => s + t.input + t.output, 0);
}

/** Findings over every audited child (repaired ones' refused versions included), per `check severity`. */
function findingsOf(record: RunRecord): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of record.iterations)
    for (const f of [...(i.repairs ?? []).flatMap((r) => r.findings), ...(i.audit?.findings ?? [])]) {
      const key = `${f.check} ${f.severity}`;
      out.set(key, (out.get(key) ?? 0) + 1);
    }
  return out;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const ci = (rs: readonly CaseResult[]) => {
  const [lo, hi] = bootstrapInterval(
    rs.map((r) => r.passAtK),
    { B: 4000, seed: 7 },
  );
  return `${mean(rs.map((r) => r.passAtK)).toFixed(3)} [${lo.toFixed(2)},${hi.toFixed(2)}]`;
};
const tokensPerCase = (rs: readonly CaseResult[]) => mean(rs.map((r) => r.tokens.input + r.tokens.output));

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

function row(label: string, outs: readonly Outcome[]): string[] {
  return [
    label,
    String(sum(outs.map((o) => o.refused))),
    String(sum(outs.map((o) => o.repaired))),
    String(sum(outs.map((o) => o.leakingEntered))),
    String(sum(outs.map((o) => o.starLeaks))),
    ci(outs.flatMap((o) => o.evolution)),
    ci(outs.flatMap((o) => o.heldOut)),
    (tokensPerCase(outs.flatMap((o) => o.heldOut)) / 1000).toFixed(2),
    (mean(outs.map((o) => o.evolveTokens)) / 1000).toFixed(1),
    mean(outs.map((o) => o.iterations)).toFixed(1),
    outs.length === 1
      ? outs[0]!.stop
      : `${outs.filter((o) => o.stop === "patience").length}/${outs.length} patience`,
  ];
}

/** Findings over every child the audit saw, per `check severity`, for each arm that audits. */
function printFindings(outs: readonly Outcome[]): void {
  const arms = ARMS.filter((a) => a.audit || a.model);
  const count = (arm: Arm, key: string) =>
    sum(outs.filter((o) => o.arm === arm).map((o) => o.findings.get(key) ?? 0));
  const keys = [...new Set(outs.flatMap((o) => [...o.findings.keys()]))].sort();
  console.log("\nSIMULATED — the audit's findings over every child it saw, per check:\n");
  table(
    ["check severity", ...arms.map((a) => a.name)],
    keys.map((key) => [key, ...arms.map((a) => String(count(a, key)))]),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const worlds = Array.from({ length: WORLDS }, (_, i) =>
    generateWorld({ seed: 2000 + i, rules: RULES, params: { leakRate: LEAK } }),
  );
  const outs: Outcome[] = [];
  for (const [w, world] of worlds.entries())
    for (let s = 0; s < SEEDS; s++) for (const arm of ARMS) outs.push(await runOnce(world, 2000 + w, s, arm));
  console.log(
    `SIMULATED — the audit vs no audit with a leaking rewriter (leakRate ${LEAK}) on ${WORLDS} generated worlds × ${SEEDS} seeds (${2 * RULES} evolution + ${2 * RULES} held-out cases each).`,
  );
  console.log(
    "refused: children the audit refused (after its repair rounds); repaired: children admitted after a repair round; leaks in F: leaking children that entered the frontier; P* leaks: memorised answers in P*;\npass@3 pooled over cases with a 95% bootstrap interval; tokens: P*'s agent tokens per held-out case, evolve tokens per run (thousands).\n",
  );
  const header = [
    "run",
    "refused",
    "repaired",
    "leaks in F",
    "P* leaks",
    "P* evolution pass@3",
    "P* held-out pass@3",
    "infer k",
    "evolve k",
    "iters",
    "stop",
  ];
  table(
    header,
    outs.map((o) => row(`world ${o.world} seed ${o.seed} ${o.arm.name}`, [o])),
  );
  console.log("\nSIMULATED — pooled over the runs:\n");
  table(
    header,
    ARMS.map((arm) =>
      row(
        arm.name,
        outs.filter((o) => o.arm === arm),
      ),
    ),
  );
  printFindings(outs);
  console.log(`\n(simulated) ${outs.length} runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
