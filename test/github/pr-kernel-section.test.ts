// The frontier PR's "Kernels" section (issue 18): the geometric-mean speedup with the device that
// timed it, and CPU timings never presented as speedups.
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

describe("the Kernels section of a frontier PR", () => {
  it("on CUDA: the geometric-mean speedup of member and deployed bank, with the device named", () => {
    const body = renderPrBody(
      baseInput({
        member: { ...balanced, kernel: cuda },
        deployed: { ...deployed, kernel: { ...cuda, geomean: 1.02 } },
      }),
    );
    expect(body).toContain("### Kernels — geometric-mean speedup (CUDA events)");
    expect(body).toContain("| this member | 1.73× speedup | 3 | 3 correct, 0 incorrect | NVIDIA H200 |");
    expect(body).toContain("| deployed | 1.02× speedup |");
  });

  it("on CPU: labelled CPU timing, and the word speedup appears only as 'not a speedup'", () => {
    const body = renderPrBody(
      baseInput({ member: { ...balanced, kernel: cpu }, deployed: { ...deployed, kernel: baseCpu } }),
    );
    expect(body).toContain("### Kernels — CPU timing, not a speedup");
    expect(body).toContain(
      "| this member | 1.21× (CPU timing, not a speedup) | 3 | 3 correct, 0 incorrect | cpu |",
    );
    expect(body).toContain(
      "| deployed | 0.98× (CPU timing, not a speedup) | 1 | 1 correct, 2 incorrect | cpu |",
    );
    const section = body.slice(
      body.indexOf("### Kernels"),
      body.indexOf("###", body.indexOf("### Kernels") + 3),
    );
    expect(section.replace(/not a speedup/g, "").toLowerCase()).not.toContain("speedup");
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
