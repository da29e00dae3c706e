// The kernel lines under evolve's member table: CPU ratios are never called speedups; the mean score
// the gate compared is shown with what it measures.
import { describe, expect, it } from "vitest";
import { kernelLines } from "../../src/apps/cli/eval/kernel-lines.js";
import type { RunRecord } from "../../src/records/run-record.js";

const k = { timing: "CPU" as const, devices: ["cpu"], geomean: 1.26, cases: 3, correct: 6, incorrect: 0 };
const record = (timing: "CPU" | "CUDA") =>
  ({
    baseline: { kernel: { ...k, timing, geomean: 1, correct: 1, incorrect: 5 } },
    frontier: [{ candidate: "f1a7b6ae".padEnd(64, "0"), kernel: { ...k, timing } }],
    iterations: [{ gate: { wrongKernels: ["matmul-bias-gelu"] } }, { gate: {} }],
  }) as unknown as RunRecord;

describe("kernelLines", () => {
  it("labels CPU ratios as CPU timing, never a speedup, and counts the refusals", () => {
    const lines = kernelLines(record("CPU"));
    expect(lines).toEqual([
      "kernels (harness verdicts; geometric mean of reference / solution time):",
      "  baseline: 1.00× (CPU timing); 1 correct, 5 incorrect; device cpu",
      "  f1a7b6ae: 1.26× (CPU timing); 6 correct, 0 incorrect; device cpu",
      "  children refused for an incorrect kernel: 1",
    ]);
    expect(lines.join("\n").toLowerCase()).not.toContain("speedup");
  });
  it("shows the mean score with its basis: correctness on CPU, a speedup only on CUDA", () => {
    const scored = (timing: "CPU" | "CUDA", basis: "correctness" | "speedup") => {
      const r = record(timing);
      r.frontier[0]!.kernel!.score = { mean: 1.5, basis, decided: true };
      return kernelLines(r)[2];
    };
    expect(scored("CPU", "correctness")).toBe(
      "  f1a7b6ae: mean score 1.50 (correctness only; CPU timing decides nothing); 1.26× (CPU timing); 6 correct, 0 incorrect; device cpu",
    );
    expect(scored("CPU", "correctness")!.toLowerCase()).not.toContain("speedup");
    expect(scored("CUDA", "speedup")).toBe(
      "  f1a7b6ae: mean score 1.50 (correctness × speedup, CUDA); 1.26× speedup; 6 correct, 0 incorrect; device cpu",
    );
  });
  it("calls CUDA ratios speedups", () => {
    expect(kernelLines(record("CUDA"))[2]).toBe(
      "  f1a7b6ae: 1.26× speedup; 6 correct, 0 incorrect; device cpu",
    );
  });
  it("prints nothing for a run without kernel verdicts", () => {
    expect(kernelLines({ baseline: {}, frontier: [{}], iterations: [] } as unknown as RunRecord)).toEqual([]);
  });
});
