import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frontierBranch, parseFrontierBranch, sameCandidate } from "../../src/core/github/branch-name.js";
import {
  chartAxis,
  chartCoordinate,
  chartLabel,
  renderFrontierChart,
} from "../../src/core/render/pr-body/mermaid.js";
import { checkedCandidateId } from "../../src/records/candidate-id.js";

describe("frontier branch names", () => {
  it("uses the first eight hex digits of the candidate hash", () => {
    expect(frontierBranch("7F3A9C1E22B04D6F")).toBe("skillops/frontier/7f3a9c1e");
    expect(frontierBranch("sb-7f3a9c1e22")).toBe("skillops/frontier/7f3a9c1e");
    expect(parseFrontierBranch("refs/heads/skillops/frontier/7f3a9c1e")).toBe("7f3a9c1e");
    expect(parseFrontierBranch("skillops/frontier/7f3a9c1e-extra")).toBeUndefined();
    expect(parseFrontierBranch("revert-12-skillops/frontier/7f3a9c1e")).toBeUndefined();
    expect(sameCandidate("7f3a9c1e22", "sb-7f3a9c1eff")).toBe(true);
    expect(sameCandidate("nothex", "7f3a9c1e")).toBe(false);
  });

  it("rejects a candidate that is not a hash, saying what it expected", () => {
    expect(() => checkedCandidateId("../main")).toThrow(/not hexadecimal \(8–64 hex digits/);
    expect(() => checkedCandidateId("abc")).toThrow(/not hexadecimal/);
  });
});

describe("frontier chart", () => {
  it("keeps labels and coordinates inside mermaid's quadrantChart grammar", () => {
    expect(chartLabel("PR #123 (cost) — ünïcode")).toBe("PR 123 cost unicode");
    expect(chartLabel("###")).toBe("point");
    expect(chartCoordinate(1.3)).toBe("0.98");
    expect(chartCoordinate(Number.NaN)).toBe("0.50");
    const chart = renderFrontierChart({
      title: "Frontier",
      costText: (v) => `${Math.round(v)} tokens`,
      points: [
        { label: "Deployed", cost: 3900, passRate: 0.74 },
        { label: "This PR", cost: 3400, passRate: 0.81 },
        { label: "This PR", cost: 3400, passRate: 0.81 },
      ],
    });
    const pointLines = chart.split("\n").filter((l) => l.includes(": ["));
    expect(pointLines).toEqual([
      "  Deployed 74.0% pass, 3900 tokens: [0.90, 0.22]",
      "  This PR 81.0% pass, 3400 tokens: [0.10, 0.78]",
      "  This PR 81.0% pass, 3400 tokens 2: [0.10, 0.78]",
    ]);
    for (const l of pointLines)
      expect(l).toMatch(/^ {2}[A-Za-z0-9$][A-Za-z0-9 .,%$-]*: \[(1|0\.\d+), (1|0\.\d+)\]$/);
  });

  it("writes the figures into the chart, and keeps members 4% apart in cost out of opposite corners", () => {
    // `npm run demo`'s frontier: 1,985, 2,032 and 2,065 tokens per case.
    const chart = renderFrontierChart({
      title: "Frontier simulated",
      costText: (v) => `${Math.round(v).toLocaleString("en-US")} tokens`,
      points: [
        { label: "Deployed", cost: 1985, passRate: 0.75 },
        { label: "This PR accuracy", cost: 2065, passRate: 0.9375 },
        { label: "PR 9 balanced", cost: 2032, passRate: 0.8125 },
      ],
    });
    const lines = chart.split("\n");
    // Each axis end in words short enough for its half of mermaid's plot (mermaid-layout.test.ts).
    expect(lines).toContain("  x-axis From 1,896 tokens --> To 2,154 tokens");
    expect(lines).toContain("  y-axis From 72.7% pass --> To 96.1% pass");
    const at = (name: string) => {
      const m = new RegExp(`^  ${name}[^:]*: \\[([\\d.]+), ([\\d.]+)\\]$`).exec(
        lines.find((l) => l.startsWith(`  ${name}`))!,
      )!;
      return { line: m[0], x: Number(m[1]), y: Number(m[2]) };
    };
    expect(at("Deployed").line).toContain("Deployed 75.0% pass, 1,985 tokens");
    expect(at("This PR").line).toContain("This PR accuracy 93.8% pass, 2,065 tokens");
    // 4% of cost is 30% of the width, not 80%; 18.8 points of pass rate still span the height.
    expect(at("This PR").x - at("Deployed").x).toBeLessThan(0.5);
    expect(at("This PR").y - at("Deployed").y).toBeGreaterThan(0.7);
  });

  it("never lets a label out of the grammar", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (text) => {
        const label = chartLabel(text);
        expect(label).toMatch(/^[A-Za-z0-9$][A-Za-z0-9 .,%$-]*$/);
        expect(label).not.toMatch(/%%|--/);
        expect(label.length).toBeLessThanOrEqual(66);
      }),
    );
  });

  it("zooms an axis no closer than its minimum span, and keeps it inside its bounds", () => {
    expect(chartAxis([100, 300], 10)).toEqual({ min: 75, max: 325 });
    expect(chartAxis([0.9, 1], 0.4, 0, 1)).toEqual({ min: 0.5, max: 1 });
    expect(chartAxis([0, 0.02], 0.4, 0, 1)).toEqual({ min: 0, max: 0.5 });
    expect(chartAxis([5], 0)).toEqual({ min: 4.5, max: 5.5 });
  });
});
