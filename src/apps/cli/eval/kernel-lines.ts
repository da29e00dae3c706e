// The kernel lines under `skillops evolve`'s member table: each member's mean kernel score (what the
// gate and the frontier compared) and geometric-mean time ratio with the device, worded as the PR
// body words them (kernel-labels.ts: a CPU ratio is CPU timing, never a speedup).
import type { RunRecord } from "../../../records/run-record.js";
import type { KernelSummary } from "../../../records/kernel-summary.js";
import { kernelFigure, kernelScoreFigure } from "../../../core/render/kernel-labels.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

const describe = (name: string, k: KernelSummary) =>
  `  ${name}: ${k.score ? `${kernelScoreFigure(k)}; ` : ""}${kernelFigure(k)}; ${k.correct} correct, ${k.incorrect} incorrect; device ${k.devices.join(", ") || "unknown"}`;

export function kernelLines(r: RunRecord): string[] {
  const members = r.frontier.filter((m) => m.kernel);
  if (!r.baseline.kernel && members.length === 0) return [];
  const refused = r.iterations.filter((it) => it.gate.wrongKernels?.length).length;
  return [
    `kernels (harness verdicts; geometric mean of reference / solution time):`,
    ...(r.baseline.kernel ? [describe("baseline", r.baseline.kernel)] : []),
    ...members.map((m) => describe(shortCandidateId(m.candidate), m.kernel!)),
    `  children refused for an incorrect kernel: ${refused}`,
  ];
}
