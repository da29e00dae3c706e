// The report's evaluation-spend sentence (docs/engine.md "Model-call reuse"): model tokens the run
// paid to evaluate, beside naive FRAMES evaluation of the same candidates. Plain text; each renderer
// escapes it and adds "(simulated)" as it does for every figure.
import type { Executions } from "../../records/run-record.js";
import { percent } from "../../vocabulary/percent.js";

const thousands = (n: number) => Math.round(n).toLocaleString("en-US");

/** The spend as a share, saying of what: "49.6% of the naive model tokens". The PR body says it so too. */
export const shareOfNaive = (spent: number, naive: number): string =>
  `${percent(spent, { of: naive })} of the naive model tokens`;

/** Undefined when the record holds no such figure. */
export function spendSentence(x: Executions): string | undefined {
  const t = x.modelTokens;
  if (!t) return undefined;
  const share = t.naive > 0 ? `, so the run spent ${shareOfNaive(t.spent, t.naive)}` : "";
  return `Model tokens spent on evaluation (agent and judge): ${thousands(t.spent)}; naive FRAMES evaluation of the same candidates: ${thousands(t.naive)}${share}. Costs are deployment costs, counted as if nothing were reused`;
}
