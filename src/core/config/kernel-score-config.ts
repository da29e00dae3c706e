// `evaluate.kernel.score` (docs/kernel.md "Kernels scored by speedup"): how the gate and the frontier
// score a kernel case. Its own piece of the config schema, referenced from runner-config.ts.
import { z } from "zod";

export const KernelScoreConfig = z
  .enum(["speedup", "threshold"], {
    error: (i) =>
      `evaluate.kernel.score must be "speedup" (correctness × speedup, the default) or "threshold" (pass/fail at the rubric's threshold), got ${JSON.stringify(i.input)}`,
  })
  .default("speedup")
  .describe(
    "How a kernel case is scored: `speedup` = correctness × speedup (0 when wrong; on CPU the harness's reward is correctness alone), compared as mean score per category; `threshold` = pass/fail at the rubric's threshold.",
  );
