// The strategy table of bench:strategies (issue 44): arms are paired with frames on the same seeds,
// Holm corrects over every comparison of the table, and docs/engine.md's generated block is the
// table this code renders.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareArms, renderTable, summarise, type ArmRuns } from "../../bench/strategy-table.js";
import { readBlock } from "../../scripts/generated-blocks.js";
import { REPO_ROOT } from "../support/repo-root.js";

const runsOf = (stars: number[], executions = 1000) =>
  stars.map((star) => ({ star, p0: 0.4, executions, iterations: 5 }));
const SETTINGS = { reference: "frames", alpha: 0.05, winRate: 0.75, seed: 7 };
const SIX = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5];

describe("compareArms", () => {
  it("pairs each arm with its own kind's reference and corrects over the whole table", () => {
    const arms: ArmRuns[] = [
      { kind: "default", strategy: "frames", runs: runsOf(SIX) },
      { kind: "default", strategy: "evolver", runs: runsOf(SIX.map((x) => x + 0.1)) },
      { kind: "deceptive", strategy: "frames", runs: runsOf(SIX.map((x) => x + 0.2)) },
      { kind: "deceptive", strategy: "evolver", runs: runsOf(SIX.map((x) => x + 0.1)) },
    ];
    const alone = compareArms(arms.slice(0, 2), SETTINGS);
    expect(alone[1]!.d!.signP).toBeCloseTo(2 / 64, 12);
    expect(alone[1]!.verdict!.outcome).toBe("wins"); // one comparison: 0.031 ≤ 0.05
    const both = compareArms(arms, SETTINGS);
    expect(both[0]!.d).toBeUndefined();
    expect(both[3]!.d!.mean).toBeCloseTo(-0.1, 12); // paired with deceptive's frames, not default's
    expect(both[1]!.holmP).toBeCloseTo(2 * (2 / 64), 12); // two comparisons: 0.0625
    expect(both[1]!.verdict!.outcome).toBe("undetermined");
    expect(summarise(both)).toBe(
      "No arm wins or loses against frames on any world kind after the Holm correction.\n",
    );
    expect(summarise(alone)).toBe("evolver wins against frames on default: +0.100.\n");
  });

  it("refuses a world kind without the reference arm, naming both", () => {
    const arms: ArmRuns[] = [{ kind: "valley", strategy: "neo", runs: runsOf(SIX) }];
    expect(() => compareArms(arms, SETTINGS)).toThrow(
      "strategy table: world kind valley has no frames arm to pair with",
    );
  });

  it("prints the executions each arm spent, and an engagement column only when a run has a measure", () => {
    const arms: ArmRuns[] = [
      { kind: "default", strategy: "frames", runs: runsOf([0.5, 0.6], 1003) },
      { kind: "default", strategy: "neo", runs: runsOf([0.6, 0.6], 998) },
    ];
    const plain = renderTable(compareArms(arms, SETTINGS));
    expect(plain).toContain("| 1003 [1003–1003]");
    expect(plain).not.toContain("engagement");
    arms[1]!.runs[0]!.engagement = 0.5;
    const engaged = renderTable(compareArms(arms, SETTINGS));
    expect(engaged.split("\n")[0]).toMatch(/\| engagement \|$/);
    expect(engaged.split("\n")[3]).toMatch(/\| 0\.50 +\|$/);
  });
});

describe("docs/engine.md's strategy-table block", () => {
  it("is a simulated table with the header this code renders", () => {
    const block = readBlock(
      readFileSync(join(REPO_ROOT, "docs/engine.md"), "utf8"),
      "strategy-table",
      "docs/engine.md",
    );
    const arms: ArmRuns[] = [
      { kind: "default", strategy: "frames", runs: runsOf([0.5]) },
      { kind: "default", strategy: "neo", runs: runsOf([0.5]) },
    ];
    // The bench measures every run's engagement (src/sim/engagement.ts), so its table has the column.
    arms[0]!.runs[0]!.engagement = 1;
    const header = renderTable(compareArms(arms, SETTINGS)).split("\n")[0]!;
    const names = (line: string) =>
      line
        .split("|")
        .map((c) => c.trim())
        .filter(Boolean);
    expect(block.startsWith("SIMULATED")).toBe(true);
    const line = block.split("\n").find((l) => l.startsWith("| world kind"));
    expect(names(line ?? "")).toEqual(names(header));
  });
});
