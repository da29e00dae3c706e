// A member's kernel figures and the kernel correctness rule beside the gate (issue 18).
import { describe, expect, it } from "vitest";
import type { CaseResult, ItemVerdict } from "../../src/records/eval-record.js";
import { applyKernelCorrectness, kernelRefusalNote } from "../../src/core/evolve/gate/kernel-correctness.js";
import { summariseKernels, wrongKernelCases } from "../../src/records/kernel-summary.js";
import { describeVerdict, gate } from "../../src/core/evolve/gate/gate.js";

function result(id: string, category: string, kernels: ItemVerdict["kernel"][]): CaseResult {
  return {
    id,
    category,
    planned: kernels.length,
    runs: kernels.length,
    successes: kernels.filter((k) => k?.status === "correct").length,
    passAtK: kernels.some((k) => k?.status === "correct") ? 1 : 0,
    tokens: { input: 1, output: 1, cached: 0 },
    executed: kernels.length,
    savedByCache: 0,
    savedByEarlyStop: 0,
    scoringTokens: { input: 0, output: 0, cached: 0 },
    runDetails: kernels.map((kernel, runIndex) => ({
      runIndex,
      pass: kernel?.status === "correct",
      cached: false,
      tokens: { input: 1, output: 1, cached: 0 },
      skillsLoaded: [],
      items: [
        { type: "kernel", pass: kernel?.status === "correct", reason: "r", ...(kernel ? { kernel } : {}) },
      ],
    })),
  };
}

const ok = (ratio: number, timing: "CUDA" | "CPU" = "CUDA") => ({
  status: "correct",
  timing,
  ratio,
  device: timing === "CUDA" ? "NVIDIA H200" : "cpu",
});
const wrong = { status: "incorrect", device: "cpu" };

describe("summariseKernels", () => {
  it("geometric mean over cases of each case's geometric mean, correct runs only", () => {
    const s = summariseKernels([result("a", "l1", [ok(2), ok(8)]), result("b", "l1", [ok(1), wrong])]);
    // case a: sqrt(2·8) = 4; case b: 1; overall sqrt(4·1) = 2.
    expect(s).toEqual({
      timing: "CUDA",
      devices: ["NVIDIA H200", "cpu"],
      geomean: 2,
      cases: 2,
      correct: 3,
      incorrect: 1,
    });
  });
  it("any CPU-timed solution makes the whole figure CPU timing", () => {
    expect(summariseKernels([result("a", "l1", [ok(2)]), result("b", "l1", [ok(3, "CPU")])])?.timing).toBe(
      "CPU",
    );
  });
  it("nothing for results without kernel verdicts, null geomean when nothing was correct", () => {
    expect(summariseKernels([result("a", "l1", [undefined])])).toBeUndefined();
    expect(summariseKernels([result("a", "l1", [wrong])])?.geomean).toBeNull();
  });
});

describe("the kernel correctness rule", () => {
  it("refuses a child the category gate admits when any kernel solution was incorrect", () => {
    const results = [result("a", "l1", [ok(2)]), result("b", "l2", [wrong, ok(1)])];
    const verdict = gate({ l1: 1, l2: 1 }, { l1: 0.5, l2: 0.5 }, ["l1", "l2"]);
    expect(verdict.admitted).toBe(true);
    const ruled = applyKernelCorrectness(verdict, results);
    expect(ruled).toMatchObject({ admitted: false, wrongKernels: ["b"] });
    expect(wrongKernelCases(results)).toEqual(["b"]);
    expect(kernelRefusalNote(ruled)).toBe(
      "refused: a kernel solution was judged incorrect on b (a wrong kernel never enters the frontier)",
    );
    expect(describeVerdict(ruled)).toBe("refused: a kernel solution was incorrect on b");
  });
  it("leaves a verdict without incorrect kernels as it was", () => {
    const verdict = gate({ l1: 1 }, { l1: 0.5 }, ["l1"]);
    expect(applyKernelCorrectness(verdict, [result("a", "l1", [ok(1)])])).toBe(verdict);
  });
});
