// What a run decided, without how much it measured to decide it (docs/engine.md "Evaluation
// savings"): each iteration's parent, plan, child, gate verdict (admitted, and the canonical refusal a
// model is told), frontier entry and nogood; the stop; the frontier with its rates and costs and its
// held-out tests against P₀ (the PR's verdicts, confirm.ts); and P*.
// The savings (early stop, sequential rejection, the cache) and the model-call memo must leave this
// unchanged: the property test and bench:lossless compare it between runs with them on and off.
import type { RunRecord } from "../../records/run-record.js";
import { canonicalRefusal } from "./gate/gate.js";

export interface RunDecisions {
  iterations: unknown[];
  stop: { reason: string; afterIteration: number };
  frontier: { candidate: string; total: number; cost: number; heldOut: unknown }[];
  selected: string;
}

export function runDecisions(record: RunRecord): RunDecisions {
  return {
    iterations: record.iterations.map((i) => ({
      t: i.t,
      parent: i.parent,
      plan: i.plan,
      child: i.child?.candidate ?? null,
      sample: i.child?.sample ?? null,
      admitted: i.gate.admitted,
      refusal: i.gate.admitted ? null : canonicalRefusal(i.gate, record.categories),
      entered: i.entered,
      removed: i.removed,
      frontierAfter: i.frontierAfter,
      nogood: i.nogoods?.created ?? i.nogoods?.vetoedBy ?? null,
    })),
    stop: { reason: record.stop.reason, afterIteration: record.stop.afterIteration },
    frontier: record.frontier.map((m) => ({
      candidate: m.candidate,
      total: m.total.rate,
      cost: m.cost.input + m.cost.output,
      heldOut: m.heldOutTest ?? null,
    })),
    selected: record.selected,
  };
}

/** The first place two runs' decisions differ, in words; undefined when they agree everywhere. */
export function firstDifference(a: RunDecisions, b: RunDecisions): string | undefined {
  const n = Math.max(a.iterations.length, b.iterations.length);
  for (let t = 0; t < n; t++) {
    const x = JSON.stringify(a.iterations[t] ?? null);
    const y = JSON.stringify(b.iterations[t] ?? null);
    if (x !== y) return `iteration ${t + 1}: ${x} ≠ ${y}`;
  }
  for (const key of ["stop", "frontier", "selected"] as const) {
    const x = JSON.stringify(a[key]);
    const y = JSON.stringify(b[key]);
    if (x !== y) return `${key}: ${x} ≠ ${y}`;
  }
  return undefined;
}
