// Kernels scored by speedup (SkillEvolver: correctness × speedup; docs/kernel.md "Kernels scored by
// speedup"). A run's score is its kernel verdict's score: 0 for a wrong, crashing or failed answer,
// the harness's reward for a correct one (correctness × speedup on a GPU, correctness alone on CPU).
// A case's score is score@k, the expected best score of k runs drawn from its n — pass@k with scores
// in place of 0/1, so with 0/1 scores it is exactly pass@k. Cases without a score keep pass@k.
import type { Case } from "../../records/case.js";
import type { CaseResult } from "../../records/eval-record.js";
import type { KernelScoring } from "../../records/kernel-scoring.js";
export { runScore } from "../../records/kernel-run-score.js";

/** Whether this case is scored continuously: a kernel case under `speedup` scoring (the default). */
export function scoresKernel(c: Case, scoring: KernelScoring | undefined): boolean {
  return (scoring ?? "speedup") === "speedup" && c.task.rubric.some((i) => i.type === "kernel");
}

/** C(a, b) as a float product (the n of a case is small). */
function binomial(a: number, b: number): number {
  if (b < 0 || b > a) return 0;
  let x = 1;
  for (let i = 1; i <= b; i++) x *= (a - b + i) / i;
  return x;
}

/** score@k = Σᵢ s₍ᵢ₎ · C(i−1, k−1) / C(n, k) over the scores sorted ascending (the expected best of k). */
export function scoreAtK(scores: readonly number[], k: number): number {
  const n = scores.length;
  if (!Number.isInteger(k) || k < 1 || k > n)
    throw new RangeError(`scoreAtK: need 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  const sorted = [...scores].sort((a, b) => a - b);
  const total = binomial(n, k);
  return sorted.reduce((s, x, i) => s + (x * binomial(i, k - 1)) / total, 0);
}

/** The value the gate and the frontier compare for a case: its score when it has one, else pass@k. */
export function caseScore(r: Pick<CaseResult, "passAtK" | "score">): number {
  return r.score ?? r.passAtK;
}

/**
 * A simulated world's speedup for a kernel answer (src/sim/kernel-speedup.ts), which the kernel runner
 * makes a correct answer's reward; `key` names the figures in the runner's settings key (the cache).
 */
export interface SimulatedSpeedup {
  key: string;
  of: (caseId: string, source: string) => number | undefined;
}
