// What src/io/kernel/harness.py prints: the verdict on one KernelBench-format solution. The runner
// validates the harness's JSON against this before anything reads it. docs/kernel.md has the fields.
import { z } from "zod";

export const TimingStats = z.object({
  meanMs: z.number().nonnegative(),
  medianMs: z.number().nonnegative(),
  stdMs: z.number().nonnegative(),
  minMs: z.number().nonnegative(),
  trials: z.number().int().positive(),
});
export type TimingStats = z.infer<typeof TimingStats>;

export const KernelTiming = z.object({
  /** "CUDA" when timed with CUDA events on a GPU; "CPU" when timed by wall clock without one. */
  label: z.enum(["CUDA", "CPU"]),
  method: z.string(),
  warmup: z.number().int().nonnegative(),
  reference: TimingStats,
  solution: TimingStats,
  /** Reference time / solution time (means); null when the solution took no measurable time. */
  speedup: z.number().nullable(),
});
export type KernelTiming = z.infer<typeof KernelTiming>;

export const CorrectnessTrial = z.object({
  trial: z.number().int().nonnegative(),
  ok: z.boolean(),
  detail: z.string(),
});
export type CorrectnessTrial = z.infer<typeof CorrectnessTrial>;

export const KernelStatus = z.enum([
  "correct",
  "incorrect",
  "solution-error",
  "reference-error",
  "harness-error",
]);
export type KernelStatus = z.infer<typeof KernelStatus>;

export const KernelResult = z.object({
  version: z.literal(1),
  status: KernelStatus,
  device: z.string().optional(),
  deviceName: z.string().optional(),
  torch: z.string().optional(),
  correct: z.boolean().default(false),
  correctness: z
    .object({ trials: z.array(CorrectnessTrial), atol: z.number().nullable(), rtol: z.number().nullable() })
    .optional(),
  timing: KernelTiming.optional(),
  /** correctness × speedup on a GPU; correctness alone (0 or 1) on CPU. 0 for anything not correct. */
  reward: z.number().nonnegative().default(0),
  rewardBasis: z.string().optional(),
  /**
   * Set by the kernel runner, not the harness, in a simulated world with speedups (src/sim/kernel-speedup.ts):
   * `simulated` on every verdict, and on a correct one `simulatedSpeedup`, which its reward then is.
   */
  simulated: z.boolean().optional(),
  simulatedSpeedup: z.number().positive().optional(),
  /** Speedups over 10× are flagged for a human to review (they are usually a shortcut). */
  flagged: z.boolean().default(false),
  flagReason: z.string().optional(),
  /** Where a failure happened: reference, solution-load, solution-forward, timing, import-torch, process. */
  stage: z.string().optional(),
  error: z.string().optional(),
  traceback: z.string().optional(),
});
export type KernelResult = z.infer<typeof KernelResult>;

/** One line for logs and reasons: "correct, reward 1.00 (CPU timing: 0.25 ms vs 0.21 ms, 1.19×)". */
export function describeKernelResult(r: KernelResult): string {
  if (r.status === "incorrect") {
    const bad = r.correctness?.trials.find((t) => !t.ok);
    return `incorrect${bad ? ` (trial ${bad.trial}: ${bad.detail})` : ""}, reward 0`;
  }
  if (r.status !== "correct")
    return `${r.status} at ${r.stage ?? "unknown stage"}: ${r.error ?? "no message"}`;
  const t = r.timing;
  const times = t
    ? ` (${t.label} timing: reference ${t.reference.meanMs.toFixed(3)} ms, solution ${t.solution.meanMs.toFixed(3)} ms, ${t.speedup === null ? "n/a" : `${t.speedup.toFixed(2)}×`})`
    : "";
  const sim = r.simulatedSpeedup !== undefined ? `; simulated speedup ${r.simulatedSpeedup.toFixed(2)}×` : "";
  return `correct, reward ${r.reward.toFixed(2)}${times}${sim}${r.flagged ? `; FLAGGED: ${r.flagReason ?? "review"}` : ""}`;
}
