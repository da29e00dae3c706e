import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scoreRubric } from "../../src/core/evaluate/scorers/score-rubric.js";
import { Config } from "../../src/core/config/config.js";
import { createKernelRunner, kernelRunnerOptions } from "../../src/io/runners/kernel.js";
import { KernelResult } from "../../src/records/kernel-result.js";
import { fixedAgent, HAS_CUDA, PYTHON, readExample, ROOT, runInput, TORCH_MISSING } from "./support.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

// Short timing on CPU keeps the suite quick on two shared cores; correctness still uses 5 trials.
const cpu = {
  python: PYTHON,
  device: "cpu" as const,
  cpuIters: 2,
  warmup: 1,
  timeoutMs: 120_000,
  containment: TEST_CONTAINMENT,
};
const fenced = (src: string) => `Here is my kernel:\n\n\`\`\`python\n${src}\`\`\`\n`;

describe.skipIf(TORCH_MISSING)("kernel runner on CPU", () => {
  it("passes a correct ModelNew: 5 correctness trials, CPU-labelled timing, reward 1", async () => {
    const input = runInput("scaled-relu");
    const runner = createKernelRunner({
      ...cpu,
      agent: fixedAgent(fenced(readExample("scaled-relu", "answers/fused.py"))),
    });
    const r = await runner.run(input);
    expect(r.error).toBeUndefined();
    const result = KernelResult.parse(r.output);
    expect(result.status).toBe("correct");
    expect(result.correctness?.trials).toHaveLength(5);
    expect(result.correctness?.atol).toBe(1e-4);
    expect(result.timing?.label).toBe("CPU");
    expect(result.reward).toBe(1);
    expect(r.usage).toEqual({ input: 100, output: 50, cached: 0 });
    const score = await scoreRubric(input.case.task.rubric, r.output);
    expect(score.pass).toBe(true);
    expect(score.items[0]?.reason).toMatch(/CPU timing/);
  });

  it("gives a wrong ModelNew reward 0 and fails the case, naming the mismatch", async () => {
    const input = runInput("row-softmax");
    const runner = createKernelRunner({
      ...cpu,
      agent: fixedAgent({ solution: readExample("row-softmax", "answers/unstable.py") }),
    });
    const r = await runner.run(input);
    expect(r.error).toBeUndefined();
    const result = KernelResult.parse(r.output);
    expect(result.status).toBe("incorrect");
    expect(result.reward).toBe(0);
    expect(result.correctness?.trials[0]?.detail).toMatch(/differs: max abs diff/);
    const score = await scoreRubric(input.case.task.rubric, r.output);
    expect(score.pass).toBe(false);
    expect(score.items[0]?.reason).toMatch(/^incorrect/);
  });

  it("records a ModelNew that raises in forward as a failed run with the exception", async () => {
    const runner = createKernelRunner({
      ...cpu,
      agent: fixedAgent(readExample("scaled-relu", "answers/crash.py")),
    });
    const r = await runner.run(runInput("scaled-relu"));
    expect(r.error).toMatch(
      /kernel solution-error at solution-forward: RuntimeError: shape '\[-1, 3\]' is invalid/,
    );
    expect(KernelResult.parse(r.output).reward).toBe(0);
  });

  it("records a ModelNew that kills the interpreter as a failed run, with the exit code", async () => {
    const runner = createKernelRunner({
      ...cpu,
      agent: fixedAgent(
        `\`\`\`python\n# class ModelNew is never reached\n${readExample("scaled-relu", "answers/exits.py")}\`\`\``,
      ),
    });
    const r = await runner.run(runInput("scaled-relu"));
    expect(r.error).toMatch(/the harness process exited with code 7 before printing a result/);
  });

  it("records a hanging ModelNew as a timeout", async () => {
    const hang =
      "import time\nimport torch.nn as nn\n\nclass ModelNew(nn.Module):\n    def __init__(self, scale):\n        super().__init__()\n        time.sleep(60)\n";
    const runner = createKernelRunner({ ...cpu, timeoutMs: 4_000, agent: fixedAgent(hang) });
    const r = await runner.run(runInput("scaled-relu"));
    expect(r.error).toMatch(/ran past its 4000 ms timeout/);
  });

  it("fails a run whose answer has no ModelNew without starting the harness", async () => {
    const runner = createKernelRunner({ ...cpu, agent: fixedAgent("I could not do it.") });
    const r = await runner.run(runInput("scaled-relu"));
    expect(r.error).toMatch(/defines no `class ModelNew`/);
    expect(r.output).toBeNull();
  });

  it("fails a case that has no reference.py", async () => {
    const input = { ...runInput("scaled-relu"), files: {} };
    const r = await createKernelRunner({ ...cpu, agent: fixedAgent("") }).run(input);
    expect(r.error).toMatch(/has no reference.py among its files/);
  });

  it("flags a speedup over 10x for review (here a Python-loop reference against a vectorised answer)", async () => {
    const fixture = (f: string) => readFileSync(join(ROOT, "test/kernel/fixtures", f), "utf8");
    const input = { ...runInput("scaled-relu"), files: { "reference.py": fixture("slow-rowsum.py") } };
    const r = await createKernelRunner({ ...cpu, agent: fixedAgent(fixture("fast-rowsum.py")) }).run(input);
    const result = KernelResult.parse(r.output);
    expect(result.status).toBe("correct");
    expect(result.timing?.speedup).toBeGreaterThan(10);
    expect(result.flagged).toBe(true);
    expect(result.flagReason).toMatch(/exceeds 10x: review for shortcuts/);
    const score = await scoreRubric(input.case.task.rubric, r.output);
    expect(score.items[0]?.reason).toMatch(/FLAGGED/);
  });

  it("uses 1e-2 for half-precision outputs and 1e-4 for fp32 (or the configured tolerance)", async () => {
    const fixture = (f: string) => readFileSync(join(ROOT, "test/kernel/fixtures", f), "utf8");
    const input = { ...runInput("scaled-relu"), files: { "reference.py": fixture("half-scale.py") } };
    const half = KernelResult.parse(
      (
        await createKernelRunner({
          ...cpu,
          timing: false,
          agent: fixedAgent(fixture("half-scale-close.py")),
        }).run(input)
      ).output,
    );
    expect(half).toMatchObject({ status: "correct", correctness: { atol: 0.01, rtol: 0.01 } });
    const strict = KernelResult.parse(
      (
        await createKernelRunner({
          ...cpu,
          timing: false,
          tolerance: 1e-4,
          agent: fixedAgent(fixture("half-scale-close.py")),
        }).run(input)
      ).output,
    );
    expect(strict.status).toBe("incorrect");
    expect(strict.correctness?.trials[0]?.detail).toMatch(/fails allclose\(atol=0.0001, rtol=0.0001\)/);
  });

  it.skipIf(HAS_CUDA)(
    "reports --device cuda on a machine without a GPU as a harness error, not a wrong answer",
    async () => {
      const runner = createKernelRunner({
        ...cpu,
        device: "cuda",
        agent: fixedAgent(readExample("scaled-relu", "answers/fused.py")),
      });
      const r = await runner.run(runInput("scaled-relu"));
      expect(r.error).toMatch(
        /kernel harness-error at device: --device cuda was requested but torch.cuda.is_available\(\) is False/,
      );
    },
  );

  it("keys the cache on the harness settings and the agent", () => {
    const a = createKernelRunner({ ...cpu, agent: fixedAgent("") });
    const b = createKernelRunner({ ...cpu, trials: 3, agent: fixedAgent("") });
    expect(a.settingsKey).not.toBe(b.settingsKey);
    expect(a.settingsKey).toContain("fixed");
  });
});

describe.skipIf(!HAS_CUDA)("kernel runner on a GPU (CUDA only: skipped where torch sees no GPU)", () => {
  it("times both models with CUDA events and rewards correctness × speedup", async () => {
    const runner = createKernelRunner({
      python: PYTHON,
      device: "cuda",
      containment: TEST_CONTAINMENT,
      agent: fixedAgent(readExample("linear-gelu", "answers/addmm.py")),
    });
    const r = await runner.run(runInput("linear-gelu"));
    const result = KernelResult.parse(r.output);
    expect(result.status).toBe("correct");
    expect(result.timing?.label).toBe("CUDA");
    expect(result.timing?.solution.trials).toBe(100);
    expect(result.reward).toBeCloseTo(result.timing?.speedup ?? -1, 10);
  });
});

describe("kernel runner settings from config", () => {
  it("maps evaluate.kernel and the shared limits onto the runner's options", () => {
    const ev = Config.parse({
      evaluate: { timeoutMs: 9000, kernel: { device: "cuda", trials: 7, tolerance: 0.001 } },
    }).evaluate;
    expect(kernelRunnerOptions(ev)).toEqual({
      device: "cuda",
      referenceFile: "reference.py",
      trials: 7,
      warmup: 3,
      iters: 100,
      timeoutMs: 9000,
      maxOutputBytes: 1_000_000,
      tolerance: 0.001,
    });
    expect(() => Config.parse({ evaluate: { kernel: { device: "tpu" } } })).toThrow();
  });
});
