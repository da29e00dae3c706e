// The simulated speedups of a kernel world (docs/kernel.md "Kernels scored by speedup"): the harness
// judges every answer for real, but on a machine without a GPU its clock says nothing about kernel
// speed, so a world may give each correct candidate a figure of its own — naive or fused, per case.
// The answer is matched to its candidate by its source text (the simulated agent writes one verbatim).
import type { SimulatedSpeedup } from "../core/evaluate/kernel-score.js";
import type { KernelWorld, SolutionKind } from "./kernel-world.js";

/** The kernel runner's hook for this world, or undefined when the world gives no speedups. */
export function simulatedSpeedupOf(kernel: KernelWorld | undefined): SimulatedSpeedup | undefined {
  const speedups = kernel?.speedups;
  if (!kernel || !speedups) return undefined;
  return {
    key: JSON.stringify(speedups),
    of: (caseId, source) => {
      const kind = kindOf(kernel, caseId, source);
      if (kind !== "naive" && kind !== "fused") return undefined;
      return (speedups.cases[caseId] ?? speedups)[kind];
    },
  };
}

function kindOf(kernel: KernelWorld, caseId: string, source: string): SolutionKind | undefined {
  const solutions = kernel.solutions[caseId];
  if (!solutions) return undefined;
  const text = source.trim();
  return (Object.keys(solutions) as SolutionKind[]).find((k) => solutions[k].trim() === text);
}
