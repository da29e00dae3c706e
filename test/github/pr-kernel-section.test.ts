// The frontier PR's "Kernels" section (issues 18, 29): the mean score the gate compared and the
// geometric-mean speedup with the device that timed it; CPU timings never presented as speedups.
import { describe, expect, it } from "vitest";
import type { KernelSummary } from "../../src/records/kernel-summary.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { FrontierMember } from "../../src/records/run-record.js";
import { deployedView, memberView } from "../../src/core/github/plan.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { balanced, baseInput, deployed } from "./pr-fixtures.js";

const cuda: KernelSummary = {
  timing: "CUDA",
  devices: ["NVIDIA H200"],
  geomean: 1.734,
  cases: 3,
  correct: 3,
  incorrect: 0,
};
const cpu: KernelSummary = { ...cuda, timing: "CPU", devices: ["cpu"], geomean: 1.21 };
const baseCpu: KernelSummary = { ...cpu, geomean: 0.98, cases: 1, correct: 1, incorrect: 2 };

/** The PR body of a member with these kernel figures against a deployed bank with those. */
const bodyOf = (member: KernelSummary, deployedKernel?: KernelSummary) =>
  renderPrBody(
    baseInput({
      member: { ...balanced, kernel: member },
      ...(deployedKernel ? { deployed: { ...deployed, kernel: deployedKernel } } : {}),
    }),
  );

/** The Kernels section alone (up to the next heading). */
function kernelSection(body: string): string {
  const at = body.indexOf("### Kernels");
  return body.slice(at, body.indexOf("###", at + 3));
}

describe("the Kernels section of a frontier PR", () => {
  it("on CUDA: the geometric-mean speedup of member and deployed bank, with the device named", () => {
    const body = bodyOf(cuda, { ...cuda, geomean: 1.02 });
    expect(body).toContain("### Kernels — geometric-mean speedup (CUDA events)");
    expect(body).toContain("| this member | — | 1.73× speedup | 3 | 3 correct, 0 incorrect | NVIDIA H200 |");
    expect(body).toContain("| deployed | — | 1.02× speedup |");
  });

  it("on CUDA with speedup scoring: the mean score the gate compared, called a speedup", () => {
    const score = { mean: 1.51, basis: "speedup" as const, decided: true };
    const body = bodyOf({ ...cuda, score }, { ...cuda, geomean: 1.02, score: { ...score, mean: 1.16 } });
    expect(body).toContain("| this member | mean score 1.51 (correctness × speedup, CUDA) | 1.73× speedup |");
    expect(body).toContain("| deployed | mean score 1.16 (correctness × speedup, CUDA) | 1.02× speedup |");
    expect(body).toContain("the gate refuses a child whose mean score in a kernel category falls below");
  });

  it("on CPU: labelled CPU timing, and the word speedup appears nowhere", () => {
    const score = { mean: 1, basis: "correctness" as const, decided: true };
    const body = bodyOf({ ...cpu, score }, { ...baseCpu, score: { ...score, mean: 0.33 } });
    expect(body).toContain("### Kernels — CPU timing");
    expect(body).toContain(
      "| this member | mean score 1.00 (correctness only; CPU timing decides nothing) | 1.21× (CPU timing) | 3 | 3 correct, 0 incorrect | cpu |",
    );
    expect(body).toContain(
      "| deployed | mean score 0.33 (correctness only; CPU timing decides nothing) | 0.98× (CPU timing) | 1 | 1 correct, 2 incorrect | cpu |",
    );
    expect(kernelSection(body).toLowerCase()).not.toContain("speedup");
  });

  it("a simulated world's scores say simulated wherever they say speedup", () => {
    const score = { mean: 1.75, basis: "simulated-speedup" as const, decided: true };
    const body = bodyOf({ ...cpu, score });
    const section = kernelSection(body);
    expect(section).toContain("mean score 1.75 (correctness × simulated speedup)");
    expect(section.match(/speedup/g)?.length).toBe(section.match(/simulated speedup/g)?.length);
  });

  it("under threshold scoring the score is marked informational", () => {
    const score = { mean: 1.75, basis: "simulated-speedup" as const, decided: false };
    const body = bodyOf({ ...cpu, score });
    expect(kernelSection(body)).toContain("informational: threshold scoring decided");
    expect(kernelSection(body)).toContain("this run's gate judged kernel cases pass/fail at their threshold");
  });

  it("is absent when the run had no kernel verdicts", () => {
    expect(renderPrBody(baseInput())).not.toContain("### Kernels");
  });

  it("the record's kernel figures reach the views", () => {
    const member = FrontierMember.parse({
      candidate: "c".repeat(64),
      born: 1,
      operatingPoint: "accuracy",
      selected: true,
      resolved: [],
      changes: [],
      whatChanged: { skills: [], other: [] },
      total: { rate: 1, low: 1, high: 1, n: 3 },
      perCategory: {},
      cost: { input: 1, output: 1, cached: 0 },
      kernel: cpu,
    });
    const record = {
      categories: [],
      baseline: {
        candidate: "b",
        total: member.total,
        perCategoryDetail: {},
        cost: member.cost,
        kernel: baseCpu,
      },
      iterations: [],
    } as unknown as RunRecord;
    expect(memberView(record, member).kernel).toEqual(cpu);
    expect(deployedView(record).kernel).toEqual(baseCpu);
  });
});
