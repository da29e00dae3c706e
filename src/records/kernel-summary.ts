// A frontier member's kernel figures (docs/kernel.md "Speedup in decisions"): the geometric-mean
// ratio reference time / solution time over its correct, timed kernel solutions on the evolution
// cases, with the clock and device that measured it, and the mean score the gate and the frontier
// compared (kernel-scoring.ts) with what it measures. A CPU ratio is wall clock on a CPU, not a GPU
// kernel's speedup: `timing: "CPU"` says so, and every display labels it CPU timing, never a speedup.
import { z } from "zod";
import type { CaseResult } from "./eval-record.js";
import { KernelScoreBasis } from "./kernel-scoring.js";
import { runScore } from "./kernel-run-score.js";

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
  /**
   * Mean score@k over the scored kernel cases (correctness × speedup; absent under `threshold`
   * scoring), and what it measures: `speedup` (CUDA), `correctness` (CPU: the reward ignores the
   * clock) or `simulated-speedup` (a simulated world's figures).
   */
  score: z
    .strictObject({
      mean: z.number().nonnegative(),
      basis: KernelScoreBasis,
      /**
       * True when the gate and the frontier compared it (`speedup` scoring: the mean of the cases'
       * score@k); false under `threshold`, where it is informational: the mean over kernel cases of
       * each case's mean run score.
       */
      decided: z.boolean(),
    })
    .optional(),
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
  const decided = results.some((r) => r.score !== undefined);
  const scored = results.flatMap((r) => {
    if (r.score !== undefined) return [r.score];
    // Informational (threshold scoring): a case counts when its runs were judged or crashed.
    const judged = r.runDetails.some((d) => d.error !== undefined || d.items.some((i) => i.kernel));
    if (decided || !judged) return [];
    return [r.runDetails.reduce((s, d) => s + runScore(d), 0) / r.runDetails.length];
  });
  const basis = basisOfVerdicts(results);
  return {
    timing: cpu ? "CPU" : "CUDA",
    devices: [...devices].sort(),
    geomean: perCase.length ? geomean(perCase) : null,
    cases: perCase.length,
    correct,
    incorrect,
    ...(scored.length && basis
      ? { score: { mean: scored.reduce((s, x) => s + x, 0) / scored.length, basis, decided } }
      : {}),
  };
}

/**
 * What the scored kernel cases' scores measure, or undefined when no case is scored. Simulated when any
 * verdict's was, `speedup` only when every verdict with a basis was CUDA-timed, else `correctness`.
 */
export function scoreBasisOf(results: readonly CaseResult[]): KernelScoreBasis | undefined {
  if (!results.some((r) => r.score !== undefined)) return undefined;
  return basisOfVerdicts(results);
}

/** What the kernel verdicts' scores measure, or undefined when none carries a basis. */
function basisOfVerdicts(results: readonly CaseResult[]): KernelScoreBasis | undefined {
  const bases = new Set(
    results.flatMap((r) => r.runDetails.flatMap((d) => d.items.flatMap((i) => i.kernel?.basis ?? []))),
  );
  if (bases.size === 0) return undefined;
  if (bases.has("simulated-speedup")) return "simulated-speedup";
  return bases.size === 1 && bases.has("speedup") ? "speedup" : "correctness";
}

/** A progress event's `kernelBasis`: present only when these results hold scored kernel cases. */
export function kernelBasisField(results: readonly CaseResult[]): { kernelBasis?: KernelScoreBasis } {
  const basis = scoreBasisOf(results);
  return basis ? { kernelBasis: basis } : {};
}

/** Ids of the cases on which some run's kernel solution was judged incorrect (wrong numbers or shapes). */
export function wrongKernelCases(results: readonly CaseResult[]): string[] {
  return results
    .filter((r) => r.runDetails.some((run) => run.items.some((i) => i.kernel?.status === "incorrect")))
    .map((r) => r.id);
}
