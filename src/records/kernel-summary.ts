// A frontier member's kernel figures (docs/kernel.md "Speedup in decisions"): the geometric-mean
// ratio reference time / solution time over its correct, timed kernel solutions on the evolution
// cases, with the clock and device that measured it. A CPU ratio is wall clock on a CPU, not a GPU
// kernel's speedup: `timing: "CPU"` says so, and every display must label it "CPU timing, not a
// speedup".
import { z } from "zod";
import type { CaseResult } from "./eval-record.js";

export const KernelSummary = z.strictObject({
  /** CUDA when every ratio came from CUDA events; CPU when any came from the wall clock on a CPU. */
  timing: z.enum(["CUDA", "CPU"]),
  /** Devices the harness ran on, e.g. ["NVIDIA H200"] or ["cpu"]. */
  devices: z.array(z.string()),
  /** Geometric mean over cases of each case's geometric-mean ratio; null when nothing was timed. */
  geomean: z.number().nullable(),
  /** Cases with at least one correct, timed solution (the geomean's n). */
  cases: z.number().int().nonnegative(),
  /** Kernel solutions the harness judged, by verdict (runs that crashed are failed runs, not counted here). */
  correct: z.number().int().nonnegative(),
  incorrect: z.number().int().nonnegative(),
});
export type KernelSummary = z.infer<typeof KernelSummary>;

const geomean = (xs: readonly number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/** The summary over these results, or undefined when none of them holds a kernel verdict. */
export function summariseKernels(results: readonly CaseResult[]): KernelSummary | undefined {
  const perCase: number[] = [];
  const devices = new Set<string>();
  let cpu = false;
  let [correct, incorrect, seen] = [0, 0, 0];
  for (const r of results) {
    const ratios: number[] = [];
    for (const run of r.runDetails)
      for (const item of run.items) {
        const k = item.kernel;
        if (!k) continue;
        seen++;
        if (k.device) devices.add(k.device);
        if (k.status !== "correct") {
          if (k.status === "incorrect") incorrect++;
          continue;
        }
        correct++;
        if (k.timing === "CPU") cpu = true;
        if (typeof k.ratio === "number" && k.ratio > 0) ratios.push(k.ratio);
      }
    if (ratios.length) perCase.push(geomean(ratios));
  }
  if (seen === 0) return undefined;
  return {
    timing: cpu ? "CPU" : "CUDA",
    devices: [...devices].sort(),
    geomean: perCase.length ? geomean(perCase) : null,
    cases: perCase.length,
    correct,
    incorrect,
  };
}

/** Ids of the cases on which some run's kernel solution was judged incorrect (wrong numbers or shapes). */
export function wrongKernelCases(results: readonly CaseResult[]): string[] {
  return results
    .filter((r) => r.runDetails.some((run) => run.items.some((i) => i.kernel?.status === "incorrect")))
    .map((r) => r.id);
}
