// The kernel correctness rule beside the per-category gate (docs/kernel.md "A wrong kernel never
// enters the frontier"): a child with any kernel solution the harness judged incorrect, on any case
// the gate measured, is refused, however good its category rates are. A fast wrong kernel is worse
// than a slow right one, and the category floor alone would let one through.
import type { CaseResult } from "../../../records/eval-record.js";
import { wrongKernelCases } from "../../../records/kernel-summary.js";
import type { GateVerdict } from "../../../records/run-record.js";

export function applyKernelCorrectness(verdict: GateVerdict, results: readonly CaseResult[]): GateVerdict {
  const wrong = wrongKernelCases(results);
  if (wrong.length === 0) return verdict;
  return { ...verdict, admitted: false, wrongKernels: wrong };
}

/** The iteration's note when the rule refused the child. */
export function kernelRefusalNote(verdict: GateVerdict): string | undefined {
  if (!verdict.wrongKernels?.length) return undefined;
  return `refused: a kernel solution was judged incorrect on ${verdict.wrongKernels.join(", ")} (a wrong kernel never enters the frontier)`;
}
