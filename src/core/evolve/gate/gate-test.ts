// Which test the gate applies (config `evolve.gateTest`, docs/engine.md "The paired gate"), and the
// verdict on a measured child under it. `floor` (the default) is FRAMES Eq. 2: refuse a category whose
// observed rate is below its floor f_c = (1 − ε)·PR_c(P₀). `paired` keeps the floor anchored at P₀ but
// judges the margin PR_c(child) − f_c with the paired per-case differences: refuse when its one-sided
// 95% upper bound is below 0 (the child is shown to be below the floor), or when the observed rate is
// below the hard limit (1 − 2ε)·PR_c(P₀) whatever the interval says. Every reason records the paired
// comparison against P₀, under either test.
import type { CaseResult } from "../../../records/eval-record.js";
import { bootstrapInterval, mean } from "../../evaluate/metrics.js";
import { deriveSeed } from "../../../vocabulary/rng.js";
import { caseScore } from "../../evaluate/kernel-score.js";
import type { RunContext } from "../context.js";
import { countsOf, floorsFor, floorsOf, gate, meetsFloor, perCategoryOf } from "./gate.js";
import { casePairs, pairedDifference, type CasePair } from "./paired-comparison.js";
import type { GateReason, GateVerdict, RunConfig } from "../../../records/run-record.js";

export type GateTest = "floor" | "paired";

export function gateTestOf(config: Pick<RunConfig, "gateTest">): GateTest {
  return config.gateTest ?? "floor";
}

/** The paired rule's hard limit per category: (1 − tolerance)·PR_c(P₀), tolerance 2ε, never below 0. */
export function hardFloorsOf(
  baseline: Readonly<Record<string, number>>,
  epsilon: number,
  tolerance = 2 * epsilon,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(baseline).map(([c, rate]) => [c, Math.max(0, (1 - tolerance) * rate)]),
  );
}

/**
 * Where sequential rejection may stop a category: below its floor under `floor`, below the hard limit
 * under `paired` (a category between the two may still be admitted, so it must run to the end).
 */
export function rejectionFloorsFor(ctx: RunContext): Record<string, number> {
  if (gateTestOf(ctx.in.config) === "floor") return floorsFor(ctx);
  return hardFloorsOf(perCategoryOf(ctx.state.baselineResults), ctx.in.config.epsilon);
}

export interface MeasuredChild {
  perCategory: Readonly<Record<string, number>>;
  results: readonly CaseResult[];
  rejected?: { category: string };
}

/** The verdict on a measured child; `label` names its bootstrap streams (one per child). */
export function gateChild(ctx: RunContext, m: MeasuredChild, label: string): GateVerdict {
  const { config } = ctx.in;
  return judgeChild({
    test: gateTestOf(config),
    epsilon: config.epsilon,
    categories: ctx.in.categories,
    baseline: ctx.state.baselineResults,
    measured: m,
    k: config.k,
    bootstrap: { seed: deriveSeed(config.seed, `paired:${label}`), B: ctx.settings.bootstrap },
  });
}

export interface GateInput {
  test: GateTest;
  epsilon: number;
  categories: readonly string[];
  /** E₀: P₀'s results on the evolution cases, which anchor the floors. */
  baseline: readonly CaseResult[];
  measured: MeasuredChild;
  /** The run's pass@k: which runs the paired counts read (paired-comparison.ts). */
  k: number;
  bootstrap: { seed: number; B: number };
  /** The hard limit's relative distance below PR_c(P₀) (default 2ε); a benchmark may vary it. */
  hardTolerance?: number;
}

/** The gate's verdict under `test`, each (complete) reason carrying the paired comparison with P₀. */
export function judgeChild(g: GateInput): GateVerdict {
  const p0 = perCategoryOf(g.baseline);
  const floors = floorsOf(p0, g.epsilon);
  const hard = hardFloorsOf(p0, g.epsilon, g.hardTolerance);
  const m = g.measured;
  const base = gate(m.perCategory, floors, g.categories, m.rejected?.category, countsOf(m.results));
  const reasons = base.reasons.map((r): GateReason => {
    if (r.early) return r;
    const pairs = casePairs(m.results, g.baseline, r.category, g.k);
    const opts = { seed: deriveSeed(g.bootstrap.seed, r.category), B: g.bootstrap.B };
    const paired = pairs.length > 0 ? pairedDifference(pairs, opts) : undefined;
    if (g.test === "floor") return paired ? { ...r, paired } : r;
    const inCategory = m.results.filter((x) => x.category === r.category);
    const upper = marginUpperBound(inCategory, pairs, r.floor, g.epsilon, opts);
    const ok = meetsFloor(upper, 0) && meetsFloor(r.observed, hard[r.category] ?? r.floor);
    return { ...r, ok, ...(paired ? { paired: { ...paired, upper } } : {}) };
  });
  const refused = m.rejected !== undefined || reasons.some((r) => !r.ok);
  return { admitted: !refused && reasons.length > 0, reasons: reasons.map((r) => markScored(r, m.results)) };
}

/** A kernel category's reason says its figures are mean scores, so no display reads them as rates. */
function markScored(r: GateReason, results: readonly CaseResult[]): GateReason {
  const scored = results.some((x) => x.category === r.category && x.score !== undefined);
  return scored ? { ...r, scored: true } : r;
}

/**
 * One-sided 95% upper bound of PR_c(child) − f_c over the category's cases: a paired case contributes
 * child − (1 − ε)·P₀ (its own share of the floor), a case P₀ was not measured on child − f_c. The mean
 * of these is exactly observed − floor; pairing only takes the between-case spread out of the bound.
 */
export function marginUpperBound(
  results: readonly CaseResult[],
  pairs: readonly CasePair[],
  floor: number,
  epsilon: number,
  opts: { seed: number; B: number },
): number {
  const ofPair = new Map(pairs.map((p) => [p.id, p]));
  const margins = results.map((r) => {
    const p = ofPair.get(r.id);
    return p ? caseScore(r) - (1 - epsilon) * p.baseline : caseScore(r) - floor;
  });
  if (margins.length === 0) return 0;
  // A category with one case has no spread to resample: its bound is the point estimate.
  if (margins.length === 1) return mean(margins);
  return bootstrapInterval(margins, { ...opts, alpha: 0.1 })[1];
}
