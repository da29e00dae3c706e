// The PR's gate table with the paired comparison: the column appears when the gate recorded one
// (reasons[].paired), and records from before it keep the table they always had.
import { describe, expect, it } from "vitest";
import {
  GATE_TABLE_HEAD,
  GATE_TABLE_HEAD_PAIRED,
  gateTable,
  pairedCell,
  type GateView,
} from "../../src/core/render/pr-body/gates-table.js";

const deployed = [{ category: "general", rate: 0.5, low: 0.3, high: 0.7, n: 10 }];
const view = (paired?: GateView["categories"][number]["paired"]): GateView => ({
  t: 1,
  cases: 12,
  sample: [],
  categories: [
    {
      category: "general",
      rate: 0.5,
      n: 12,
      floor: 0.475,
      ok: true,
      early: false,
      ...(paired ? { paired } : {}),
    },
  ],
});

describe("the gate table's paired column", () => {
  it("shows Δ vs baseline with its interval, the pairs and how many were identical", () => {
    const t = gateTable(
      deployed,
      deployed,
      view({ delta: -0.02, lo: -0.06, hi: 0, n: 16, identical: 14 }),
      {},
    );
    expect(t.head).toBe(GATE_TABLE_HEAD_PAIRED);
    expect(t.head[0]).toContain("Δ vs baseline (paired, 95% CI)");
    expect(t.rows[0]).toContain("| −2.0 pp [−6.0 pp, ±0.0 pp], 16 pairs, 14 identical |");
    expect(t.rows[0]!.split("|").length).toBe(t.head[0]!.split("|").length);
  });

  it("keeps the old table for a record without it", () => {
    const t = gateTable(deployed, deployed, view(), {});
    expect(t.head).toBe(GATE_TABLE_HEAD);
    expect(t.rows[0]).not.toContain("pairs");
    expect(pairedCell(undefined)).toBe("—");
  });
});
