// The simulated segmenter's rule, on its own: `##` sections with their `###` subsections, list
// items as steps, prose lines when a section has no list, the shallowest level when there is no `##`.
import { describe, expect, it } from "vitest";
import { segmentByHeadings } from "../../src/sim/endpoint/segmenter.js";

describe("segmentByHeadings", () => {
  it("one segment per ## section, its ### headings and list items included in order", () => {
    const md = "# P\nintro\n## A\nDo A.\n1. one\n### A.1\n- two\n## B\nB is prose only.\nSecond line.\n";
    expect(segmentByHeadings(md)).toEqual([
      { title: "A", activity: "Do A.", steps: ["one", "two"], headings: ["A", "A.1"] },
      {
        title: "B",
        activity: "B is prose only.",
        steps: ["B is prose only.", "Second line."],
        headings: ["B"],
      },
    ]);
  });

  it("without ## headings, segments by the shallowest level present", () => {
    const md = "### X\n- x\n#### X.1\n- y\n### Y\n";
    expect(segmentByHeadings(md).map((s) => [s.title, s.steps, s.headings])).toEqual([
      ["X", ["x", "y"], ["X", "X.1"]],
      ["Y", ['Follow the policy section "Y".'], ["Y"]],
    ]);
  });
});
