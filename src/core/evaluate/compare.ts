// Comparing two candidates evaluated on the same cases (FRAMES §A.7.2): a paired bootstrap of the
// difference in pass rate, and McNemar's exact test on the cases only one of them solves.
import type { CaseResult, EvalRecord } from "../../records/eval-record.js";
import { mcnemarExact, pairedBootstrap, type BootstrapOptions, type Interval } from "./metrics.js";

export interface Comparison {
  /** Cases present in both records (paired by id). */
  paired: number;
  /** Case ids in only one of the records (left out of the comparison). */
  unpaired: string[];
  /** Mean pass@k of a minus b over the paired cases. */
  difference: number;
  ci: Interval;
  /** Bootstrap share of resamples where a is not better than b. */
  pNotBetter: number;
  /** Discordant cases, a case counting as solved when its pass@k is 1. */
  onlyA: number;
  onlyB: number;
  /** Two-sided exact McNemar p-value. */
  mcnemarP: number;
}

export function compareEvaluations(a: EvalRecord, b: EvalRecord, opts: BootstrapOptions): Comparison {
  return compareResults(a.cases, b.cases, opts);
}

/** The same comparison on two lists of case results (a frontier member against P₀, finish.ts). */
export function compareResults(
  a: readonly Pick<CaseResult, "id" | "passAtK">[],
  b: readonly Pick<CaseResult, "id" | "passAtK">[],
  opts: BootstrapOptions,
): Comparison {
  const byId = new Map(b.map((c) => [c.id, c]));
  const pairs = a.flatMap((c) => {
    const other = byId.get(c.id);
    return other ? [[c.passAtK, other.passAtK] as const] : [];
  });
  const inA = new Set(a.map((c) => c.id));
  const unpaired = [
    ...a.filter((c) => !byId.has(c.id)).map((c) => c.id),
    ...b.filter((c) => !inA.has(c.id)).map((c) => c.id),
  ].sort();
  const boot = pairedBootstrap(
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
    opts,
  );
  const onlyA = pairs.filter(([x, y]) => x === 1 && y !== 1).length;
  const onlyB = pairs.filter(([x, y]) => y === 1 && x !== 1).length;
  return {
    paired: pairs.length,
    unpaired,
    difference: boot.difference,
    ci: boot.ci,
    pNotBetter: boot.pNotBetter,
    onlyA,
    onlyB,
    mcnemarP: mcnemarExact(onlyA, onlyB),
  };
}
