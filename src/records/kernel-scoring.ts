// How a kernel case is scored (docs/kernel.md "Kernels scored by speedup"). `speedup` (SkillEvolver:
// correctness × speedup) gives each kernel case a continuous score — 0 for a wrong answer, the
// harness's reward for a correct one — and the gate and the frontier compare mean scores in kernel
// categories. `threshold` is the earlier pass/fail at the rubric item's threshold.
import { z } from "zod";
import type { ExecutionRecord } from "./eval-record.js";

export const KernelScoring = z.enum(["speedup", "threshold"]);
export type KernelScoring = z.infer<typeof KernelScoring>;

/** What a kernel case's score measures: CUDA-timed speedup, correctness alone (CPU), or a simulated speedup. */
export const KernelScoreBasis = z.enum(["speedup", "correctness", "simulated-speedup"]);
export type KernelScoreBasis = z.infer<typeof KernelScoreBasis>;

/** A run's score: the kernel item's (0 when it failed before the harness judged it). */
export function runScore(run: Pick<ExecutionRecord, "error" | "items">): number {
  // Correctness covers the whole rubric: a run that fails any other item scores 0.
  if (run.error !== undefined || run.items.some((i) => !i.kernel && !i.pass)) return 0;
  const scores = run.items.flatMap((i) => (i.kernel?.score !== undefined ? [i.kernel.score] : []));
  return scores.length ? Math.min(...scores) : 0;
}
