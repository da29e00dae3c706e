// How a report writes numbers: rates as percentages with their interval, costs as tokens per case.
import { degenerateIntervalNote } from "../evaluate/wilson-interval.js";
import type { CostEstimate } from "../../records/cost-estimate.js";
import { totalTokens, type Tokens } from "../../records/tokens.js";
import type { RateWithInterval } from "../../records/rate-with-interval.js";
import { percent } from "../../vocabulary/percent.js";

export const interval = (low: number, high: number): string =>
  `[${percent(low, { bare: true })}–${percent(high)}]`;

/** "[75.1–92.3%] n=40", or why the interval collapsed to a point ("[3 of 3 passed; …]"). */
export const intervalText = (r: RateWithInterval): string => {
  const note = degenerateIntervalNote(r);
  return note ? `[${note}]` : `${interval(r.low, r.high)} n=${r.n}`;
};

export const tokens = (n: number): string => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : n.toFixed(0));

/** "1019 tok/case (in …, out …)"; an estimate (early stop) reads "≈1019 tok/case [1002–1036; 24 of 36 runs] (…)". */
export const costText = (c: Tokens, estimate?: CostEstimate): string => {
  const band = estimate
    ? ` [${tokens(estimate.low)}–${estimate.high === null ? "?" : tokens(estimate.high)}; ${estimate.runs} of ${estimate.planned} runs]`
    : "";
  return `${estimate ? "≈" : ""}${tokens(totalTokens(c))} tok/case${band} (in ${tokens(c.input)}, out ${tokens(c.output)})`;
};

export const SIMULATED_NOTE =
  "simulated: every figure in this report comes from the simulated world, not a real model";

export const ESTIMATE_NOTE =
  '≈ marks a cost estimated from the runs early stop executed; [low–high] is the 95% interval of what running every planned run would have measured (docs/engine.md, "Cost under early stop"; `evolve.exactCost: true` runs them all).';
