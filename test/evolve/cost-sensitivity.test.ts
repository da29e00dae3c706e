// Which child–member comparisons an estimated cost leaves undecided: robust when the dominance
// relation is the same for every pair of costs inside the two 95% intervals.
import { describe, expect, it } from "vitest";
import { costSensitiveMembers, dominatedForSure } from "../../src/core/evolve/cost/cost-sensitivity.js";

const m = (id: string, passRate: number, low: number, high = low) => ({ id, passRate, band: { low, high } });

describe("costSensitiveMembers", () => {
  it("flags a member whose dominance over the child flips inside the intervals", () => {
    const child = { passRate: 0.5, band: { low: 990, high: 1010 } };
    expect(costSensitiveMembers([m("a", 0.8, 1000)], child)).toEqual(["a"]); // dominates iff child ≥ 1000
    expect(costSensitiveMembers([m("b", 0.8, 900, 980)], child)).toEqual([]); // always cheaper: dominates
    expect(costSensitiveMembers([m("c", 0.8, 1020, 1100)], child)).toEqual([]); // always dearer: never
    expect(costSensitiveMembers([m("d", 0.2, 1100)], child)).toEqual([]); // the child always dominates it
    expect(costSensitiveMembers([m("e", 0.2, 1000)], child)).toEqual(["e"]); // ... only if it costs ≤ 1000
  });

  it("reads the other direction too, with a strict comparison at equal pass rates", () => {
    const child = { passRate: 0.8, band: { low: 1000, high: 1000 } };
    expect(costSensitiveMembers([m("lower", 0.5, 950, 1050)], child)).toEqual(["lower"]);
    expect(costSensitiveMembers([m("tie", 0.8, 1000)], child)).toEqual([]); // equal costs: neither dominates
    expect(costSensitiveMembers([m("tie-band", 0.8, 1000, 1001)], child)).toEqual(["tie-band"]);
    expect(costSensitiveMembers([m("open", 0.5, 900, Infinity)], child)).toEqual(["open"]);
    expect(costSensitiveMembers([m("higher", 0.9, 2000, Infinity)], child)).toEqual([]); // never cheaper
  });

  it("knows a child some member dominates whatever the costs (then nothing needs settling)", () => {
    const child = { passRate: 0.5, band: { low: 990, high: Infinity } };
    expect(dominatedForSure([m("cheap", 0.8, 900, 980)], child)).toBe(true);
    expect(dominatedForSure([m("near", 0.8, 900, 995)], child)).toBe(false); // the child might cost 990
    expect(dominatedForSure([m("worse", 0.4, 10)], child)).toBe(false);
  });
});
