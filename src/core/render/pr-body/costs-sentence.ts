// The sentence under the PR's trade-off table that says what its costs are: measured over every
// run, or (early stop without `evolve.exactCost`) estimated from the runs that ran, with the
// interval of what running them all would have measured (src/core/evolve/cost/cost-estimate.ts).
import type { CostEstimate } from "../../../records/cost-estimate.js";
import { count } from "./format.js";

/** The ≈ a table cell gets when its cost is an estimate. */
export const estimateMark = (estimate: CostEstimate | undefined): string => (estimate ? "≈" : "");

export function costsSentence(rows: readonly { label: string; estimate?: CostEstimate }[]): string {
  const estimated = rows.filter((r): r is { label: string; estimate: CostEstimate } => !!r.estimate);
  if (estimated.length === 0)
    return "Costs are measured tokens per case, averaged over every run of every case.";
  const each = estimated.map(({ label, estimate: e }) => {
    const high = e.high === null ? "open above: no case ran twice" : `${count(e.high)}`;
    const range = e.high === null ? `at least ${count(e.low)}, ${high}` : `${count(e.low)}–${high}`;
    return `${label}: ${count(e.runs)} of ${count(e.planned)} runs, 95% interval ${range} tokens per case`;
  });
  return [
    "Costs are tokens per case. Those marked ≈ are estimates: early stop ended a case's runs once its pass rate was certain, so they average the runs that ran",
    ` (${each.join("; ")}).`,
    " Where an interval could have changed a frontier decision, skillops ran the remaining runs first; set `evolve.exactCost: true` to run them all.",
  ].join("");
}
