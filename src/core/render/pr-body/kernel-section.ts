// The "Kernels" section of a frontier PR body (docs/pull-requests.md): the member's mean kernel score
// (what the gate and the frontier compared) and geometric-mean time ratio beside the deployed bank's,
// with the device that timed them. A ratio timed on a CPU says nothing about a GPU kernel, so it is
// shown as CPU timing and never called a speedup (kernel-labels.ts words every figure).
import type { KernelSummary } from "../../../records/kernel-summary.js";
import { kernelFigure, kernelScoreFigure } from "../kernel-labels.js";
import type { KernelScoreBasis } from "../../../records/kernel-scoring.js";
import { tableCell } from "../comments/neutralise.js";
import type { PrBodyInput } from "./pr-body-input.js";

const row = (name: string, k: KernelSummary | undefined) =>
  `| ${name} | ${kernelScoreFigure(k)} | ${kernelFigure(k)} | ${k ? k.cases : "—"} | ${k ? `${k.correct} correct, ${k.incorrect} incorrect` : "—"} | ${k ? tableCell(k.devices.join(", ") || "unknown", 80) : "—"} |`;

/** The section, or nothing when the member has no kernel figures (not a kernel run). */
export function renderKernelSection(input: PrBodyInput): string[] {
  const k = input.member.kernel;
  if (!k) return [];
  const head =
    k.timing === "CUDA" ? "### Kernels — geometric-mean speedup (CUDA events)" : "### Kernels — CPU timing";
  const why = [
    k.timing === "CUDA"
      ? "Speedup = reference time / solution time, timed with CUDA events; the geometric mean is over cases with a correct solution."
      : "These solutions were timed by wall clock on a CPU: the ratio says nothing about a GPU kernel and decides nothing. Only a GPU runner measures kernel speed.",
    ...(k.score ? [scoreSentence(k.score.basis, k.score.decided)] : []),
  ].join(" ");
  return [
    [
      head,
      "",
      why,
      "",
      "| Bank | Score (what the gate compared) | Geometric mean (reference / solution) | Cases timed | Harness verdicts | Device |",
      "|---|---|---|---|---|---|",
      row("this member", k),
      row("deployed", input.deployed.kernel),
    ].join("\n"),
  ];
}

/** What the score column means, by what the scores measured. */
function scoreSentence(basis: KernelScoreBasis, decided: boolean): string {
  const rule = decided
    ? "A case's score is correctness × the harness's reward over its best of k runs (0 when wrong); the gate refuses a child whose mean score in a kernel category falls below (1 − ε) × the baseline's."
    : "The score (correctness × the harness's reward, 0 when wrong) is shown for information: this run's gate judged kernel cases pass/fail at their threshold (`evaluate.kernel.score: threshold`).";
  if (basis === "speedup") return `${rule} Here the reward is the CUDA-timed speedup.`;
  if (basis === "simulated-speedup")
    return `${rule} Here the reward is a simulated world's figure for each answer (simulated), not a measurement.`;
  return `${rule} Here, without a GPU, the reward is correctness alone (1 or 0).`;
}
