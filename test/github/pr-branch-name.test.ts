import { describe, expect, it } from "vitest";
import { frontierBranch, parseFrontierBranch, sameCandidate } from "../../src/core/github/branch-name.js";
import { chartCoordinate, chartLabel, renderFrontierChart } from "../../src/core/render/pr-body/mermaid.js";
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
      costUnit: "tokens per case",
      points: [
        { label: "Deployed", cost: 3900, passRate: 0.74 },
        { label: "This PR", cost: 3400, passRate: 0.81 },
        { label: "This PR", cost: 5800, passRate: 0.85 },
      ],
    });
    const pointLines = chart.split("\n").filter((l) => l.includes(": ["));
    expect(pointLines).toEqual([
      "  Deployed: [0.27, 0.10]",
      "  This PR: [0.10, 0.61]",
      "  This PR 2: [0.90, 0.90]",
    ]);
    for (const l of pointLines) expect(l).toMatch(/^ {2}[A-Za-z0-9 -]+: \[(1|0\.\d+), (1|0\.\d+)\]$/);
  });
});
