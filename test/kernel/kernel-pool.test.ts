// The example kernel cases in examples/kernels/pool are a valid pool, and the kernel runner works inside
// the real evaluation (pass@k, per-category rates) on them.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/core/evaluate/evaluate.js";
import { createKernelRunner } from "../../src/io/runners/kernel.js";
import { readPool, resolveCaseFiles } from "../../src/io/fsio/pool-store.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { PYTHON, readExample, ROOT, TORCH_MISSING } from "./support.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

const POOL = join(ROOT, "examples/kernels/pool");

describe("example kernel cases", () => {
  it("load as a pool with no diagnostics, each with a kernel rubric and its reference.py", async () => {
    const { cases, diagnostics } = await readPool(POOL);
    expect(diagnostics).toEqual([]);
    expect(cases.map((c) => c.id).sort()).toEqual(["linear-gelu", "row-softmax", "scaled-relu"]);
    for (const c of cases) {
      expect(c.task.rubric).toEqual([{ type: "kernel", threshold: 1 }]);
      expect((await resolveCaseFiles(POOL, c))["reference.py"]).toMatch(/class Model\(nn\.Module\)/);
    }
  });

  it.skipIf(TORCH_MISSING)(
    "evaluate with the kernel runner: right answers pass, a wrong one fails",
    async () => {
      const { cases } = await readPool(POOL);
      const picked = cases.filter((c) => c.id !== "linear-gelu");
      // The agent (the edge we fake) answers each task with the example answer named here.
      const answers: Record<string, string> = {
        "scaled-relu": "answers/fused.py",
        "row-softmax": "answers/unstable.py",
      };
      const agent: Runner = {
        name: "examples",
        settingsKey: "examples",
        run: async (input) => ({
          output: readExample(input.case.id, answers[input.case.id]!),
          trace: [],
          usage: { input: 10, output: 20, cached: 0 },
        }),
      };
      const runner = createKernelRunner({
        agent,
        containment: TEST_CONTAINMENT,
        python: PYTHON,
        device: "cpu",
        cpuIters: 1,
        warmup: 0,
        timeoutMs: 120_000,
      });
      const record = await evaluate({
        skills: [],
        cases: picked,
        runner,
        n: 1,
        k: 1,
        concurrency: 1,
        bootstrap: 100,
        seed: 0,
        resolveFiles: (c) => resolveCaseFiles(POOL, c),
      });
      const byId = Object.fromEntries(record.cases.map((c) => [c.id, c.passAtK]));
      expect(byId).toEqual({ "scaled-relu": 1, "row-softmax": 0 });
      // Scored by speedup (the default): on CPU the reward, so the score, is correctness alone.
      expect(Object.fromEntries(record.cases.map((c) => [c.id, c.score]))).toEqual({
        "scaled-relu": 1,
        "row-softmax": 0,
      });
      expect(record.total.rate).toBe(0.5);
    },
    // Two harness processes (torch import each): ~28 s on a loaded 2-core machine, so not the default 30 s.
    120_000,
  );
});
