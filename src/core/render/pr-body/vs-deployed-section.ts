// The PR body's paired test of the member against the deployed bank (FRAMES §A.7.2): whether it is
// better on cases selection never saw, then the selection figures, in the words the check and the
// reports use (report/baseline-sentence.ts).
import { BASELINE_PASS_NOTE, vsDeployedSentences } from "../../report/baseline-sentence.js";
import type { VsDeployedView } from "./pr-body-input.js";
import type { FrontierMember } from "../../../records/run-record.js";
import type { ConfirmationSet } from "../../../records/held-out-comparison.js";

/** The member's comparisons as the record holds them, with the run's held-back ids. */
export function vsDeployedView(m: FrontierMember, set: ConfirmationSet | undefined): VsDeployedView {
  return {
    ...(m.vsBaseline ? { vsBaseline: m.vsBaseline } : {}),
    ...(m.heldOutTest ? { heldOutTest: m.heldOutTest } : {}),
    ...(set ? { set } : {}),
  };
}

/** Nothing when the record holds no comparison (older records, P₀ itself). */
export function renderVsDeployedSection(v: VsDeployedView | undefined, simulated: boolean): string[] {
  const [test, selection] = v ? vsDeployedSentences(v, v.set) : [];
  if (!test) return [];
  return [
    [
      `### Better than the deployed bank?${simulated ? " (simulated figures)" : ""}`,
      "",
      `**${test}**`,
      ...(selection ? ["", selection] : []),
      "",
      BASELINE_PASS_NOTE,
    ].join("\n"),
  ];
}
