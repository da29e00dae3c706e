// The controlled half of bench/crn.ts (docs/engine.md "The paired gate"): on a sampled-model world
// (`seedHonoured: false`, served by the simulated endpoint through the real `openai` client and the
// reference runner), measure P₀ on the evolution cases, then one-skill children of known truth on the
// evolution cases plus a pool sample, as the loop does, with the memo on or off. Each child is judged
// by both gate tests on the same measurements, and the world's truth (true-pass.ts) says whether it
// is really worse than the floor allows. EVERY FIGURE IS SIMULATED.
import { endpointAgent } from "../test/support/endpoint-agent.js";
import type { SkillBank } from "../src/core/bank/skill.js";
import type { Case } from "../src/records/case.js";
import type { CaseResult } from "../src/records/eval-record.js";
import { judgeChild, type GateTest } from "../src/core/evolve/gate/gate-test.js";
import { measure } from "../src/core/evolve/measure.js";
import { casePairs } from "../src/core/evolve/gate/paired-comparison.js";
import { startSimEndpoint } from "../src/sim/endpoint/server.js";
import { worldBank } from "../src/sim/world-inputs.js";
import { truePassAtK, truePassProbability } from "../src/sim/true-pass.js";
import type { World } from "../src/sim/world.js";
import { fixedClock } from "../src/vocabulary/clock.js";

export const N = 3;
export const K = 3;
export const EPSILON = 0.05;
const CLOCK = fixedClock("2026-11-30T00:00:00Z");

type Kind = "neutral" | "improve" | "regress";
interface Child {
  kind: Kind;
  bank: SkillBank;
}

/** One-skill children of P₀: drop a filler paragraph, add a missing clause, swap a clause for its decoy. */
export function childrenOf(world: World): Child[] {
  const edit = (skill: string, f: (src: string) => string): SkillBank =>
    worldBank({
      ...world,
      skills: world.skills.map((s) => (s.name === skill ? { ...s, source: f(s.source) } : s)),
    });
  const home = world.skills.filter((s) => world.rules.some((r) => r.skill === s.name));
  const present = (r: World["rules"][number]) =>
    world.skills.find((s) => s.name === r.skill)!.source.includes(r.clause);
  return [
    ...home
      .filter((s) => s.filler.length > 0)
      .map((s) => ({
        kind: "neutral" as const,
        bank: edit(s.name, (src) => src.replace(`${s.filler[0]!}\n\n`, "")),
      })),
    ...world.rules
      .filter((r) => !present(r))
      .map((r) => ({
        kind: "improve" as const,
        bank: edit(r.skill, (src) => `${src.trimEnd()}\n- ${r.clause}\n`),
      })),
    ...world.rules.filter(present).map((r) => ({
      kind: "regress" as const,
      bank: edit(r.skill, (src) => src.replace(r.clause, r.decoy)),
    })),
  ];
}

/** Truly worse: some category's true pass@k on the gated cases is below (1 − ε) × P₀'s on them. */
export function trulyWorse(world: World, p0: SkillBank, child: SkillBank, cases: readonly Case[]): boolean {
  const rate = (bank: SkillBank, cs: readonly Case[]) =>
    cs.reduce((s, c) => s + truePassAtK(truePassProbability(world, bank.skills, c), K), 0) / cs.length;
  return world.categories.some((cat) => {
    const cs = cases.filter((c) => c.category === cat);
    return cs.length > 0 && rate(child, cs) < (1 - EPSILON) * rate(p0, cs) - 1e-9;
  });
}

export interface ChildOutcome {
  kind: Kind;
  worse: boolean;
  /** Per-case child − P₀ pass@k differences on the paired (evolution) cases. */
  diffs: number[];
  admitted: Record<GateTest, boolean>;
  /** The paired rule without its hard limit (the interval alone), to show what the limit trades. */
  intervalOnly: boolean;
}

/** Measures P₀ and every child on one endpoint; `memo` couples a child's runs with P₀'s. */
export async function runGateExperiment(world: World, memo: boolean, seed: number): Promise<ChildOutcome[]> {
  const endpoint = await startSimEndpoint({ world, clock: CLOCK });
  try {
    const { runner } = endpointAgent(endpoint.baseURL, memo);
    const on = async (bank: SkillBank, cases: readonly Case[]) =>
      (await measure({ skills: bank.skills, cases, categories: world.categories, runner, n: N, k: K }))
        .results;
    const p0 = worldBank(world);
    const evolution = world.evolution.map((w) => w.case);
    // The pool sample the loop adds: half the evolution set's size, the same for every child here.
    const sample = world.pool.map((w) => w.case).slice(0, Math.ceil(evolution.length / 2));
    const baseline = await on(p0, evolution);
    const out: ChildOutcome[] = [];
    for (const [i, child] of childrenOf(world).entries()) {
      const gated = [...evolution, ...sample];
      const results = await on(child.bank, gated);
      out.push({
        kind: child.kind,
        worse: trulyWorse(world, p0, child.bank, gated),
        diffs: diffsOf(results, baseline, world.categories),
        admitted: {
          floor: verdict("floor", world, baseline, results, seed, i),
          paired: verdict("paired", world, baseline, results, seed, i),
        },
        intervalOnly: verdict("paired", world, baseline, results, seed, i, 1),
      });
    }
    return out;
  } finally {
    await endpoint.close();
  }
}

function diffsOf(child: CaseResult[], baseline: CaseResult[], categories: readonly string[]): number[] {
  return categories.flatMap((c) => casePairs(child, baseline, c, K).map((p) => p.child - p.baseline));
}

function verdict(
  test: GateTest,
  world: World,
  baseline: CaseResult[],
  results: CaseResult[],
  seed: number,
  i: number,
  hardTolerance?: number,
): boolean {
  const perCategory: Record<string, number> = {};
  for (const c of world.categories) {
    const rs = results.filter((r) => r.category === c);
    if (rs.length) perCategory[c] = rs.reduce((s, r) => s + r.passAtK, 0) / rs.length;
  }
  return judgeChild({
    test,
    epsilon: EPSILON,
    categories: world.categories,
    baseline,
    measured: { perCategory, results },
    k: K,
    bootstrap: { seed: seed * 1000 + i, B: 2000 },
    ...(hardTolerance !== undefined ? { hardTolerance } : {}),
  }).admitted;
}
