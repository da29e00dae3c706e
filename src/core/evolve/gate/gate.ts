// The per-category non-regression gate (FRAMES Eq. 2), anchored at the baseline E₀ for the whole
// run: admit iff PR_c(child) ≥ (1 − ε)·PR_c(P₀) for every category c. Anchoring at the running
// parent instead would let the floor decay as (1 − ε)^t.
import type { CaseResult } from "../../../records/eval-record.js";
import type { RunContext } from "../context.js";
import { caseScore } from "../../evaluate/kernel-score.js";
import type { GateReason, GateVerdict } from "../../../records/run-record.js";

/** Tolerance for float comparisons, so a rate exactly at its floor is admitted. */
const SLACK = 1e-12;

/** category → floor, from the baseline's per-category rates and the relative tolerance ε. */
export function floorsOf(
  baseline: Readonly<Record<string, number>>,
  epsilon: number,
): Record<string, number> {
  if (!(epsilon >= 0 && epsilon <= 1)) throw new RangeError(`epsilon must be in [0, 1], got ${epsilon}`);
  return Object.fromEntries(Object.entries(baseline).map(([c, rate]) => [c, (1 - epsilon) * rate]));
}

/**
 * category → mean pass@k over that category's results, in the order categories first appear; a
 * scored kernel case counts its score instead (kernel-score.ts), so a kernel category's floor is
 * (1 − ε) × P₀'s mean score.
 */
export function perCategoryOf(results: readonly CaseResult[]): Record<string, number> {
  const sums = new Map<string, [number, number]>();
  for (const r of results) {
    const [s, n] = sums.get(r.category) ?? [0, 0];
    sums.set(r.category, [s + caseScore(r), n + 1]);
  }
  return Object.fromEntries([...sums].map(([c, [s, n]]) => [c, s / n]));
}

/** category → number of results in that category (the n beside each of perCategoryOf's rates). */
export function countsOf(results: readonly CaseResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r.category] = (counts[r.category] ?? 0) + 1;
  return counts;
}

/** The run's floors, anchored at E₀ for the whole run. */
export function floorsFor(ctx: RunContext): Record<string, number> {
  return floorsOf(perCategoryOf(ctx.state.baselineResults), ctx.in.config.epsilon);
}

export function meetsFloor(observed: number, floor: number): boolean {
  return observed + SLACK >= floor;
}

/**
 * The verdict, one reason per gated category (in `categories` order). A category the child was not
 * measured on (sequential rejection stopped before it) is left out: it cannot be the reason.
 * `earlyCategory` marks the category that sequential rejection refused before all its cases ran.
 * `counts` (category → cases judged) puts each reason's n in the record, so a PR can show it.
 */
export function gate(
  observed: Readonly<Record<string, number>>,
  floors: Readonly<Record<string, number>>,
  categories: readonly string[],
  earlyCategory?: string,
  counts?: Readonly<Record<string, number>>,
): GateVerdict {
  const reasons: GateReason[] = [];
  for (const category of categories) {
    const floor = floors[category];
    const rate = observed[category];
    if (floor === undefined || rate === undefined) continue;
    reasons.push({
      category,
      observed: rate,
      floor,
      ok: meetsFloor(rate, floor) && category !== earlyCategory,
      early: category === earlyCategory,
      ...(counts?.[category] !== undefined ? { n: counts[category] } : {}),
    });
  }
  const refused = earlyCategory !== undefined || reasons.some((r) => !r.ok);
  return { admitted: !refused && reasons.length > 0, reasons };
}

/**
 * A refusal reached before every case ran (sequential rejection, or deferred cases the refusal left
 * unrun): the verdict says so and names the deciding category (the canonical refusal's, the same as
 * naive evaluation's), and the lines of categories measured only in part (`partial`) are left out,
 * so no partial rate reads as a total. Any other verdict is returned as it is.
 */
export function markStoppedEarly(
  verdict: GateVerdict,
  measured: { complete: boolean; outOfBudget: boolean; partial?: readonly string[] },
  categories: readonly string[],
): GateVerdict {
  if (verdict.admitted || measured.complete || measured.outOfBudget) return verdict;
  const partial = new Set(measured.partial ?? []);
  const reasons = verdict.reasons.filter((r) => r.early || !partial.has(r.category));
  const deciding = canonicalRefusal({ ...verdict, reasons }, categories).categories[0];
  return deciding ? { ...verdict, reasons, stoppedEarly: { category: deciding } } : verdict;
}

/** One line per failing category, e.g. `special 0.40 < floor 0.57`. */
export function describeVerdict(verdict: GateVerdict): string {
  if (verdict.admitted) return "admitted: every category at or above its floor";
  const failing = verdict.reasons.filter((r) => !r.ok);
  const wrong = verdict.wrongKernels?.length
    ? `a kernel solution was incorrect on ${verdict.wrongKernels.join(", ")}`
    : "";
  if (failing.length === 0) return wrong ? `refused: ${wrong}` : "refused: nothing was measured";
  const stopped = verdict.stoppedEarly
    ? `stopped early, decided by ${verdict.stoppedEarly.category} (categories not measured in full have no line): `
    : "";
  return `refused: ${stopped}${failing
    .map(
      (r) =>
        `${r.category} ${r.observed.toFixed(2)} < floor ${r.floor.toFixed(2)}${r.early ? " (could no longer reach it)" : ""}`,
    )
    .join("; ")}${wrong ? `; ${wrong}` : ""}`;
}

/**
 * The refusal as a model is told it (a nogood's reason, docs/nogoods.md): the first failing category
 * in the gate's order, with its floor, and no observed rate. Sequential rejection and early stop
 * change which categories were measured and the partial rate, but never which category fails first,
 * so the text (and every prompt that quotes it) is the same with the savings on or off.
 */
export function canonicalRefusal(
  verdict: GateVerdict,
  categories: readonly string[],
): { reason: string; categories: string[] } {
  const wrong = verdict.wrongKernels?.length
    ? `a kernel solution was incorrect on ${[...verdict.wrongKernels].sort().join(", ")}`
    : "";
  const failing = firstFailing(verdict, categories);
  const parts = [
    ...(failing ? [`${failing.category} fell below its floor ${failing.floor.toFixed(2)}`] : []),
    ...(wrong ? [wrong] : []),
  ];
  return {
    reason: `refused: ${parts.length ? parts.join("; ") : "nothing was measured"}`,
    categories: failing ? [failing.category] : [],
  };
}

function firstFailing(verdict: GateVerdict, categories: readonly string[]): GateReason | undefined {
  const rank = (c: string) => {
    const i = categories.indexOf(c);
    return i < 0 ? categories.length : i;
  };
  return verdict.reasons
    .filter((r) => !r.ok)
    .sort((a, b) => rank(a.category) - rank(b.category) || (a.category < b.category ? -1 : 1))[0];
}
