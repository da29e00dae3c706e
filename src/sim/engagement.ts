// Engagement measures (issue 44): for each world kind, one number computed from a run record that
// shows whether the mechanism the kind was built for actually took part in the run. A strategy table
// that compares arms on a world kind means nothing for that mechanism when the measure is 0, so
// bench:strategies prints it beside each arm (docs/simulated-world.md "Engagement measures"). Pure.
import type { Iteration, RunRecord } from "../records/run-record.js";
import { SHORTCUT_TAIL } from "./deceptive-world.js";
import { parsePlan } from "./plan.js";
import type { WorldKind } from "./world.js";

export interface Engagement {
  /** What `value` counts, in words. */
  name: string;
  value: number;
  engaged: boolean;
}

export function engagement(kind: WorldKind, record: RunRecord): Engagement {
  switch (kind) {
    case "default":
      return measure("children admitted to the frontier", record.iterations.filter((i) => i.entered).length);
    case "deceptive":
      return measure("shortcut additions proposed", shortcutEdits(record, "ADD").length);
    case "valley":
      return valleyEngagement(record);
    case "harmful-text":
      return harmEngagement(record);
    case "defective-tools":
      return measure("tool operations applied in admitted children", scriptsCoEvolved(record));
    case "over-budget":
      return measure("context allocations over a scope past the budget", overBudgetAllocations(record));
    case "sparse-faults":
      return measure("skills changed outside the first retrieved scope", changedOutsideFirstScope(record));
  }
}

function measure(name: string, value: number): Engagement {
  return { name, value, engaged: value > 0 };
}

/** Iterations whose proposals hold a shortcut edit of this op (`ADD`: the lure; `REMOVE`: the valley's exit). */
function shortcutEdits(record: RunRecord, op: "ADD" | "REMOVE"): Iteration[] {
  return record.iterations.filter((it) =>
    it.plan.some((p) => parsePlan(p.plan).some((e) => e.op === op && e.clause.endsWith(SHORTCUT_TAIL))),
  );
}

/** Pass rate of every measured candidate: P₀ and each child. */
function ratesOf(record: RunRecord): Map<string, number> {
  const rates = new Map([[record.baseline.candidate, record.baseline.total.rate]]);
  for (const it of record.iterations) if (it.child) rates.set(it.child.candidate, it.child.measured.passRate);
  return rates;
}

/**
 * Valley: a measured child that removed a shortcut and cost score (below its parent's pass rate, or
 * not admitted to the frontier: no better than what it has), the dip; and a later child of its
 * lineage scoring above that parent, the recovery. Value = dips; engaged = a dip that recovered.
 */
function valleyEngagement(record: RunRecord): Engagement {
  const rates = ratesOf(record);
  const parentOf = new Map(
    record.iterations.flatMap((it) => (it.child ? [[it.child.candidate, it.parent]] : [])),
  );
  const descends = (c: string, from: string) => {
    for (let at: string | undefined = c; at !== undefined; at = parentOf.get(at))
      if (at === from) return true;
    return false;
  };
  const dips = shortcutEdits(record, "REMOVE").filter(
    (it) => it.child && (!it.entered || it.child.measured.passRate < (rates.get(it.parent) ?? 0)),
  );
  const recovered = dips.some((d) =>
    record.iterations.some(
      (it) =>
        it.child &&
        it.t > d.t &&
        descends(it.child.candidate, d.child!.candidate) &&
        it.child.measured.passRate > (rates.get(d.parent) ?? 1),
    ),
  );
  return {
    name: "shortcut removals that dipped (engaged: one recovered)",
    value: dips.length,
    engaged: recovered,
  };
}

/** Harmful text: confirmed sites whose skill a proposal then removed a line from. Refuted sites acted on stay out. */
function harmEngagement(record: RunRecord): Engagement {
  let acted = 0;
  for (const it of record.iterations) {
    const removedFrom = new Set(
      it.proposals
        .flatMap((p) => p.plans.filter((s) => parsePlan(s.plan).some((e) => e.op === "REMOVE")))
        .map((s) => s.skill),
    );
    for (const c of it.confirmations ?? [])
      if (c.verdict === "confirmed" && removedFrom.has(c.component.split(/[#/]/)[0]!)) acted++;
  }
  return measure("confirmed repair sites acted on", acted);
}

/** Tool operations (patch, extract) applied in children the frontier admitted. */
function scriptsCoEvolved(record: RunRecord): number {
  return record.iterations
    .filter((it) => it.entered)
    .reduce((n, it) => n + (it.toolOps ?? []).filter((o) => o.status === "applied").length, 0);
}

/** Iterations that allocated the context because the scope's skills exceeded the budget. */
function overBudgetAllocations(record: RunRecord): number {
  return record.iterations.filter(
    (it) => it.contextBudget && it.contextBudget.scopeTokens > it.contextBudget.budget,
  ).length;
}

/** Skills a frontier member changed that were not among the top-K skills retrieval ranked first. */
function changedOutsideFirstScope(record: RunRecord): number {
  const first = new Set(
    [...record.scope.relevance]
      .sort((a, b) => b.score - a.score)
      .slice(0, record.config.topK)
      .map((r) => r.skill),
  );
  const changed = new Set(record.frontier.flatMap((m) => m.changes.map((c) => c.skill)));
  return [...changed].filter((s) => !first.has(s)).length;
}
