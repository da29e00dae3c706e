// SkillNEO's lineage measure on synthetic records: P*'s path back to the root, with each step's
// parent marked incumbent or not as the deployment decisions before it left the incumbent.
import { describe, expect, it } from "vitest";
import { lineageOf, viaNonIncumbent } from "../../src/core/evolve/strategies/neo-lineage.js";
import type { Iteration } from "../../src/records/run-record.js";
import { iteration } from "./neo-iteration.js";

/** Iteration t's record with the generation decision `verdict` made after iteration `at`. */
const decided = (it: Iteration, verdict: "accept" | "hold", at: number): Iteration => ({
  ...it,
  neoDeploy: { verdict, reason: "", generation: Math.floor((it.t - 1) / 3), incumbent: "?", decidedAt: at },
});

describe("SkillNEO lineage", () => {
  // Generation 0: a (t 1) is accepted at t 3. Generation 1: b improves the root (not the incumbent a),
  // c improves a. Generation 2: d improves b.
  const iterations = [
    decided(iteration(1, "a", true), "accept", 3),
    iteration(4, "b", true, "root"),
    decided(iteration(5, "c", true, "a"), "hold", 6),
    iteration(7, "d", true, "b"),
  ];

  it("walks P*'s path from the root and marks the parents that were not the incumbent", () => {
    expect(lineageOf(iterations, "root", "d")).toEqual([
      { t: 4, child: "b", parent: "root", incumbentParent: false },
      { t: 7, child: "d", parent: "b", incumbentParent: false },
    ]);
    expect(viaNonIncumbent(iterations, "root", "d")).toBe(true);
  });

  it("a path through incumbents only is not a non-incumbent gain; the root has no path", () => {
    expect(lineageOf(iterations, "root", "c").map((s) => s.incumbentParent)).toEqual([true, true]);
    expect(viaNonIncumbent(iterations, "root", "c")).toBe(false);
    expect(lineageOf(iterations, "root", "root")).toEqual([]);
  });
});
