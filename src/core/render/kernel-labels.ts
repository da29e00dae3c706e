// How every display words a kernel figure (docs/kernel.md "Speedup in decisions"): the label follows
// the clock the harness recorded. A ratio timed by wall clock on a CPU says nothing about a GPU
// kernel, so it reads "CPU timing" and is never called a speedup; only CUDA-timed figures are
// speedups, and a simulated world's figures say "simulated".
import type { KernelSummary } from "../../records/kernel-summary.js";
import type { KernelScoreBasis } from "../../records/kernel-scoring.js";

/** One cell: `1.42× speedup` on CUDA, `1.42× (CPU timing)` on CPU, or why there is none. */
export function kernelFigure(k: KernelSummary | undefined): string {
  if (!k) return "—";
  if (k.geomean === null) return "no correct, timed solution";
  const ratio = `${k.geomean.toFixed(2)}×`;
  return k.timing === "CUDA" ? `${ratio} speedup` : `${ratio} (CPU timing)`;
}

/** What a kernel score measures, in words: the label beside every mean score. */
export function scoreBasisLabel(basis: KernelScoreBasis): string {
  if (basis === "speedup") return "correctness × speedup, CUDA";
  if (basis === "simulated-speedup") return "correctness × simulated speedup";
  return "correctness only; CPU timing decides nothing";
}

/** A score as displays write it: two decimals, no % (a mean score is no rate). */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** `mean score 1.42 (correctness × speedup, CUDA)`, or "—" when the member's kernel cases are not scored. */
export function kernelScoreFigure(k: KernelSummary | undefined): string {
  if (!k?.score) return "—";
  const note = k.score.decided ? "" : "; informational: threshold scoring decided";
  return `mean score ${formatScore(k.score.mean)} (${scoreBasisLabel(k.score.basis)}${note})`;
}
