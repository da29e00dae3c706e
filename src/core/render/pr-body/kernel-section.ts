// The "Kernels" section of a frontier PR body (docs/pull-requests.md): the member's geometric-mean
// speedup over the deployed bank's, with the device that timed it. A ratio timed on a CPU says
// nothing about a GPU kernel, so it is shown as "CPU timing, not a speedup" and never called one.
import type { KernelSummary } from "../../../records/kernel-summary.js";
import { tableCell } from "../comments/neutralise.js";
import type { PrBodyInput } from "./pr-body-input.js";

/** One cell: `1.42× speedup` on CUDA, `1.42× (CPU timing, not a speedup)` on CPU, or why there is none. */
export function kernelFigure(k: KernelSummary | undefined): string {
  if (!k) return "—";
  if (k.geomean === null) return "no correct, timed solution";
  const ratio = `${k.geomean.toFixed(2)}×`;
  return k.timing === "CUDA" ? `${ratio} speedup` : `${ratio} (CPU timing, not a speedup)`;
}

const row = (name: string, k: KernelSummary | undefined) =>
  `| ${name} | ${kernelFigure(k)} | ${k ? k.cases : "—"} | ${k ? `${k.correct} correct, ${k.incorrect} incorrect` : "—"} | ${k ? tableCell(k.devices.join(", ") || "unknown", 80) : "—"} |`;

/** The section, or nothing when the member has no kernel figures (not a kernel run). */
export function renderKernelSection(input: PrBodyInput): string[] {
  const k = input.member.kernel;
  if (!k) return [];
  const head =
    k.timing === "CUDA"
      ? "### Kernels — geometric-mean speedup (CUDA events)"
      : "### Kernels — CPU timing, not a speedup";
  const why =
    k.timing === "CUDA"
      ? "Speedup = reference time / solution time, timed with CUDA events; the geometric mean is over cases with a correct solution."
      : "These solutions were timed by wall clock on a CPU: the ratio says nothing about a GPU kernel, so it is not a speedup and decides nothing (the reward on CPU is correctness alone). Only a GPU runner measures kernel speed.";
  return [
    [
      head,
      "",
      why,
      "",
      "| Bank | Geometric mean (reference / solution) | Cases timed | Harness verdicts | Device |",
      "|---|---|---|---|---|",
      row("this member", k),
      row("deployed", input.deployed.kernel),
    ].join("\n"),
  ];
}
