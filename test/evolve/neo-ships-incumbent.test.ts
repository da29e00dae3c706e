// Issue 44: `--strategy neo` ships SkillNEO's incumbent (the last child its acceptance rule accepted,
// else the root), not the FRAMES frontier pick, which the record keeps beside it (`shipped`).
import { describe, expect, it } from "vitest";
import { incumbentAt } from "../../src/core/evolve/strategies/neo-deploy.js";
import { neoRun } from "./neo-world-run.js";

// Seed 2's incumbent was dominated off the frontier (the FRAMES pick ships, and the record says why);
// seed 3's is a frontier member.
const SEEDS = [2, 3];

describe("what a SkillNEO run ships", () => {
  it("is its incumbent when it is a frontier member, else the FRAMES pick with the reason", async () => {
    const fellBack: number[] = [];
    for (const seed of SEEDS) {
      const { record } = await neoRun(seed);
      const incumbent = incumbentAt(record.iterations, record.baseline.candidate);
      expect(record.shipped?.rule).toBe("neo-incumbent");
      const onFrontier = record.frontier.some((m) => m.candidate === incumbent);
      if (onFrontier) {
        expect(record.selected).toBe(incumbent);
        expect(record.shipped?.fallback).toBeUndefined();
      } else {
        expect(record.selected).toBe(record.shipped!.framesPick);
        expect(record.shipped?.fallback).toContain("is not on the frontier");
        fellBack.push(seed);
      }
      expect(record.frontier.find((m) => m.selected)?.candidate).toBe(record.selected);
    }
    expect(fellBack).toEqual([2]);
  }, 300_000);

  it("a frames run records no rule of its own", async () => {
    const { record } = await neoRun(3, { strategy: "frames", maxIterations: 3 });
    expect(record.shipped).toBeUndefined();
  }, 120_000);
});
