// `kernel`: the kernel runner's harness verdict reaches the case's threshold. The reward is
// correctness × (reference time / kernel time) on a GPU, correctness alone on CPU (docs/kernel.md);
// the verdict also carries it as the run's continuous `score` (0 unless correct) with its basis.
import type { RubricItem } from "../../../records/case.js";
import { describeKernelResult, KernelResult } from "../../../records/kernel-result.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import type { KernelScoreBasis } from "../../../records/kernel-scoring.js";
import { selectPath } from "./select.js";

export function scoreKernel(item: Extract<RubricItem, { type: "kernel" }>, output: unknown): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  const parsed = KernelResult.safeParse(sel.values[0]);
  if (!parsed.success) {
    return {
      type: item.type,
      pass: false,
      reason: "the output is not a kernel harness result (use the kernel runner)",
      failure: "bad-output",
    };
  }
  const r = parsed.data;
  const kernel = {
    status: r.status,
    ...(r.timing ? { timing: r.timing.label, ratio: r.timing.speedup } : {}),
    ...(r.deviceName || r.device ? { device: r.deviceName ?? r.device } : {}),
    score: r.correct && r.status === "correct" ? r.reward : 0,
    basis: basisOf(r),
  };
  if (!r.correct || r.status !== "correct")
    return { type: item.type, pass: false, reason: describeKernelResult(r), kernel };
  const pass = r.reward >= item.threshold;
  return {
    type: item.type,
    pass,
    kernel,
    reason: `${describeKernelResult(r)}; reward ${r.reward.toFixed(3)} ${pass ? "≥" : "<"} threshold ${item.threshold}`,
  };
}

/** What the reward measures: a simulated world's speedup, a CUDA-timed speedup, or correctness alone. */
function basisOf(r: KernelResult): KernelScoreBasis {
  if (r.simulated || r.simulatedSpeedup !== undefined) return "simulated-speedup";
  return r.timing?.label === "CUDA" ? "speedup" : "correctness";
}
