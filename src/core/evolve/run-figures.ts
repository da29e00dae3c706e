// The figures a run recorded, beside its decisions (run-decisions.ts): what a reviewer reads when
// comparing two runs of the same candidates. The savings (early stop, sequential rejection, the
// cache) and the memo must leave them as naive evaluation records them (docs/engine.md "Evaluation
// savings"): P₀'s rates, floors and cost; every admitted child's gate lines (rates, floors, n, the
// paired counts and interval) and measured rates; the frontier's rates, costs and gate judgements;
// the held-out figures. A child refused before every case ran is the one place a run with savings
// records less than naive: its record says it stopped early and which category decided
// (`gate.stoppedEarly`), and every line it keeps must be naive's line, figure for figure.
import type { GateReason, GateVerdict, Iteration, RunRecord } from "../../records/run-record.js";
import { canonicalRefusal } from "./gate/gate.js";

export interface RunFigures {
  baseline: unknown;
  /** Per iteration: the child's measured rates and its gate, or how a stopped-early refusal reads. */
  iterations: IterationFigures[];
  frontier: unknown[];
  heldOut: unknown;
}

type IterationFigures =
  { t: number; child: unknown; gate: GateVerdict } | { t: number; stoppedEarly: string; lines: GateReason[] };

export function runFigures(record: RunRecord): RunFigures {
  const b = record.baseline;
  return {
    baseline: {
      total: b.total,
      perCategory: b.perCategory,
      detail: b.perCategoryDetail,
      cost: b.cost,
      floors: b.floors,
    },
    iterations: record.iterations.map(iterationFigures),
    frontier: record.frontier.map((m) => ({
      candidate: m.candidate,
      total: m.total,
      perCategory: m.perCategory,
      cost: m.cost,
      gate: m.gate ?? null,
      vsBaseline: m.vsBaseline ?? null,
    })),
    heldOut: record.heldOut ?? null,
  };
}

function iterationFigures(i: Iteration): IterationFigures {
  if (i.gate.stoppedEarly)
    return {
      t: i.t,
      stoppedEarly: i.gate.stoppedEarly.category,
      lines: i.gate.reasons.filter((r) => !r.early),
    };
  const m = i.child?.measured;
  const child = m
    ? { passRate: m.passRate, perCategory: m.perCategory, cases: m.cases, complete: m.complete }
    : null;
  return { t: i.t, child, gate: i.gate };
}

/**
 * The first figure `other` records differently from `naive` (naive evaluation, or another run with the
 * same settings), in words; undefined when every figure agrees. Where only `other` stopped a refused
 * child early, its deciding category must be naive's first failing one, and each line it kept must be
 * naive's line for that category.
 */
export function firstFigureDifference(
  naive: RunFigures,
  other: RunFigures,
  categories: readonly string[],
): string | undefined {
  for (const key of ["baseline", "frontier", "heldOut"] as const) {
    const [x, y] = [JSON.stringify(naive[key]), JSON.stringify(other[key])];
    if (x !== y) return `${key}: ${x} ≠ ${y}`;
  }
  const n = Math.max(naive.iterations.length, other.iterations.length);
  for (let t = 0; t < n; t++) {
    const why = iterationDifference(naive.iterations[t], other.iterations[t], categories);
    if (why) return `iteration ${t + 1}: ${why}`;
  }
  return undefined;
}

function iterationDifference(
  naive: IterationFigures | undefined,
  other: IterationFigures | undefined,
  categories: readonly string[],
): string | undefined {
  if (!naive || !other) return `${JSON.stringify(naive ?? null)} ≠ ${JSON.stringify(other ?? null)}`;
  // Two runs that both stopped early (two runs with the savings on) must agree line for line.
  if ("stoppedEarly" in naive && !("stoppedEarly" in other))
    return `only the first stopped early: ${JSON.stringify(naive)}`;
  if ("stoppedEarly" in naive || !("stoppedEarly" in other)) {
    const [x, y] = [JSON.stringify(naive), JSON.stringify(other)];
    return x === y ? undefined : `${x} ≠ ${y}`;
  }
  const deciding = canonicalRefusal(naive.gate, categories).categories[0];
  if (naive.gate.admitted || deciding !== other.stoppedEarly)
    return `stopped early on ${other.stoppedEarly}; naive ${naive.gate.admitted ? "admitted" : `refused on ${deciding}`}`;
  for (const line of other.lines) {
    const full = naive.gate.reasons.find((r) => r.category === line.category);
    if (JSON.stringify(full) !== JSON.stringify(line))
      return `line ${JSON.stringify(line)} ≠ naive's ${JSON.stringify(full ?? null)}`;
  }
  return undefined;
}
