// Kernels scored by speedup (issue 29): a wrong answer scores 0, a correct one the harness's reward
// (correctness × speedup); a case's score is score@k, pass@k with scores in place of 0/1; evaluateCase
// records it and runs every run of a scored case (a later run may be faster).
import { describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import type { KernelResult } from "../../src/records/kernel-result.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { evaluateCase } from "../../src/core/evaluate/evaluate.js";
import { passAtK } from "../../src/core/evaluate/metrics.js";
import { caseScore, runScore, scoreAtK, scoresKernel } from "../../src/core/evaluate/kernel-score.js";
import { scoreKernel } from "../../src/core/evaluate/scorers/kernel.js";

const stats = (meanMs: number) => ({ meanMs, medianMs: meanMs, stdMs: 0, minMs: meanMs, trials: 10 });
function verdict(status: "correct" | "incorrect", label: "CUDA" | "CPU", speedup: number): KernelResult {
  const correct = status === "correct";
  return {
    version: 1,
    status,
    correct,
    device: label === "CUDA" ? "cuda" : "cpu",
    timing: { label, method: "m", warmup: 3, reference: stats(speedup), solution: stats(1), speedup },
    // The harness's reward: correctness × speedup on CUDA, correctness alone on CPU.
    reward: correct ? (label === "CUDA" ? speedup : 1) : 0,
    flagged: false,
  };
}
const item = { type: "kernel" as const, threshold: 1 };

function kernelCase(id = "k"): Case {
  return Case.parse({
    id,
    category: "level-1",
    diagnosis: "d",
    task: { prompt: "p", files: [{ path: "reference.py", content: "x" }], rubric: [item] },
    provenance: { channel: "manual", created: "2026-12-01T00:00:00Z" },
  });
}

/** A runner whose i-th run answers outputs[i] (the harness is the edge faked here). */
function runner(outputs: readonly (KernelResult | Error)[]): Runner {
  return {
    name: "fixed",
    settingsKey: "fixed",
    run: async ({ runIndex }) => {
      const o = outputs[runIndex]!;
      const usage = { input: 1, output: 1, cached: 0 };
      return o instanceof Error
        ? { output: null, trace: [], usage, error: o.message }
        : { output: o, trace: [], usage };
    },
  };
}

describe("a kernel verdict's score", () => {
  it("is 0 for a wrong answer, however fast", () => {
    const v = scoreKernel(item, verdict("incorrect", "CUDA", 5));
    expect(v.kernel).toMatchObject({ score: 0, basis: "speedup" });
  });
  it("is the speedup for a correct CUDA-timed answer, correctness alone on CPU", () => {
    expect(scoreKernel(item, verdict("correct", "CUDA", 1.8)).kernel).toMatchObject({
      score: 1.8,
      basis: "speedup",
    });
    expect(scoreKernel(item, verdict("correct", "CPU", 1.8)).kernel).toMatchObject({
      score: 1,
      basis: "correctness",
    });
  });
  it("is the simulated speedup when a simulated world gave one", () => {
    const sim = { ...verdict("correct", "CPU", 0.7), simulatedSpeedup: 2.4, reward: 2.4 };
    expect(scoreKernel(item, sim).kernel).toMatchObject({ score: 2.4, basis: "simulated-speedup" });
  });
  it("a run that failed, or failed another rubric item, scores 0", () => {
    const k = { status: "correct", score: 1.5 };
    const ok = { type: "kernel", pass: true, reason: "r", kernel: k };
    expect(runScore({ items: [ok] })).toBe(1.5);
    expect(runScore({ items: [ok], error: "kernel solution-error" })).toBe(0);
    expect(runScore({ items: [ok, { type: "regex", pass: false, reason: "r" }] })).toBe(0);
  });
});

describe("score@k", () => {
  it("is pass@k when every score is 0 or 1", () => {
    expect(scoreAtK([1, 0, 0, 1, 0], 2)).toBeCloseTo(passAtK(5, 2, 2), 12);
    expect(scoreAtK([0, 0, 1], 1)).toBeCloseTo(passAtK(3, 1, 1), 12);
  });
  it("is the mean at k = 1 and the best at k = n", () => {
    expect(scoreAtK([2, 0, 1], 1)).toBeCloseTo(1, 12);
    expect(scoreAtK([2, 0, 1], 3)).toBe(2);
    // k = 2 of 3: the pairs' maxima are 2, 2, 1 → 5/3.
    expect(scoreAtK([2, 0, 1], 2)).toBeCloseTo(5 / 3, 12);
  });
  it("refuses k outside 1..n", () => {
    expect(() => scoreAtK([1, 2], 3)).toThrow("scoreAtK: need 1 ≤ k ≤ n, got k=3, n=2");
  });
});

describe("evaluateCase on a kernel case", () => {
  const outputs = [
    verdict("correct", "CUDA", 1.2),
    verdict("incorrect", "CUDA", 3),
    verdict("correct", "CUDA", 2),
  ];

  it("under speedup scoring runs every run and records score@k", async () => {
    const r = await evaluateCase({ case: kernelCase(), skills: [], runner: runner(outputs), n: 3, k: 1 });
    expect(r.runs).toBe(3);
    expect(r.score).toBeCloseTo((1.2 + 0 + 2) / 3, 12);
    expect(caseScore(r)).toBe(r.score);
  });
  it("a crashing run scores 0", async () => {
    const crash = [verdict("correct", "CUDA", 2), new Error("kernel solution-error at solution-forward")];
    const r = await evaluateCase({ case: kernelCase(), skills: [], runner: runner(crash), n: 2, k: 1 });
    expect(r.score).toBeCloseTo(1, 12);
  });
  it("under threshold scoring keeps pass@k (and early stop) and records no score", async () => {
    const r = await evaluateCase({
      case: kernelCase(),
      skills: [],
      runner: runner(outputs),
      n: 3,
      k: 3,
      kernelScore: "threshold",
    });
    expect(r.runs).toBe(1); // n = k: the first success makes pass@k certain
    expect(r).not.toHaveProperty("score");
    expect(caseScore(r)).toBe(r.passAtK);
  });
  it("only kernel cases are scored", () => {
    const plain = Case.parse({
      ...kernelCase(),
      task: { prompt: "p", files: [], rubric: [{ type: "regex", pattern: "x" }] },
    });
    expect(scoresKernel(plain, "speedup")).toBe(false);
    expect(scoresKernel(kernelCase(), undefined)).toBe(true);
    expect(scoresKernel(kernelCase(), "threshold")).toBe(false);
  });
});
