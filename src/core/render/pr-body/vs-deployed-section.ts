// The PR body's paired test of the member against the deployed bank (FRAMES §A.7.2): whether it is
// better on the same cases, in the words the check and the reports use (report/baseline-sentence.ts).
import type { BaselineComparison } from "../../../records/baseline-comparison.js";
import { BASELINE_PASS_NOTE, baselineSentence } from "../../report/baseline-sentence.js";

/** Nothing when the record holds no comparison (older records, P₀ itself). */
export function renderVsDeployedSection(c: BaselineComparison | undefined, simulated: boolean): string[] {
  if (!c) return [];
  return [
    [
      `### Better than the deployed bank?${simulated ? " (simulated figures)" : ""}`,
      "",
      `**${baselineSentence(c)}**`,
      "",
      BASELINE_PASS_NOTE,
    ].join("\n"),
  ];
}
