// The evaluation-spend line of a frontier PR body (docs/engine.md "Model-call reuse"): what the run
// paid for model calls to evaluate its candidates, beside what naive FRAMES evaluation would have
// paid. It sits under the trade-off table, whose costs are deployment costs and never shrink by reuse.
import { count } from "./format.js";
import { shareOfNaive } from "../../report/spend-sentence.js";

export interface EvaluationSpend {
  spent: number;
  naive: number;
}

/** One paragraph, or "" when the run record has no such figure. */
export function renderSpendLine(spend: EvaluationSpend | undefined, simulated: boolean): string {
  if (!spend) return "";
  const share = spend.naive > 0 ? `, so it paid ${shareOfNaive(spend.spent, spend.naive)}` : "";
  return [
    `**Evaluation spend${simulated ? " (simulated)" : ""}:** this run paid ${count(spend.spent)} model tokens`,
    `(agent and judge) to evaluate its candidates; naive FRAMES evaluation of the same candidates:`,
    `${count(spend.naive)}${share}. The costs above are deployment costs: every token counted as if nothing were reused.`,
  ].join(" ");
}
