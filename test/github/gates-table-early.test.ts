// A category the gate refused early carries the best rate it could still have reached, not a rate
// over the cases that ran: the PR's gate table says so instead of printing it beside their n.
import { describe, expect, it } from "vitest";
import { gateTable } from "../../src/core/render/pr-body/gates-table.js";

const deployed = [{ category: "general", rate: 1, low: 1, high: 1, n: 5 }];

describe("the gate table for a category stopped early", () => {
  it("words its figure as the most it could reach, after the cases that ran", () => {
    // 2 of the first 3 general cases passed, 2 were never run: at most 4 of 5.
    const t = gateTable(
      deployed,
      [],
      {
        t: 1,
        cases: 3,
        sample: [],
        categories: [{ category: "general", rate: 0.8, n: 3, floor: 0.95, ok: false, early: true }],
      },
      {},
    );
    expect(t.rows[0]).toContain(
      "| stopped early after 3 cases: at most 80.0% with every remaining case passing |",
    );
    expect(t.rows[0]).toContain("| ❌ fail — at most 80.0% < 95.0% (stopped early) |");
    expect(t.rows[0]).not.toContain("80.0% (n=3)");
    expect(t.failed).toBe(1);
  });
});
