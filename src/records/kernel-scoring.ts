// How a kernel case is scored (docs/kernel.md "Kernels scored by speedup"). `speedup` (SkillEvolver:
// correctness × speedup) gives each kernel case a continuous score — 0 for a wrong answer, the
// harness's reward for a correct one — and the gate and the frontier compare mean scores in kernel
// categories. `threshold` is the earlier pass/fail at the rubric item's threshold.
import { z } from "zod";

export const KernelScoring = z.enum(["speedup", "threshold"]);
export type KernelScoring = z.infer<typeof KernelScoring>;

/** What a kernel case's score measures: CUDA-timed speedup, correctness alone (CPU), or a simulated speedup. */
export const KernelScoreBasis = z.enum(["speedup", "correctness", "simulated-speedup"]);
export type KernelScoreBasis = z.infer<typeof KernelScoreBasis>;
