import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dominates,
  isNonDominated,
  paretoUpdate,
  pickEvictee,
  type FrontierPoint,
} from "../../src/core/evolve/pareto.js";
import { labelOperatingPoints, selectStar } from "../../src/core/evolve/select.js";

const p = (id: string, passRate: number, cost: number, born = 0): FrontierPoint => ({
  id,
  passRate,
  cost,
  born,
});

describe("dominance (FRAMES Eq. 3)", () => {
  it("needs ≥ on both objectives and a difference", () => {
    expect(dominates(p("a", 0.8, 100), p("b", 0.7, 100))).toBe(true);
    expect(dominates(p("a", 0.8, 90), p("b", 0.8, 100))).toBe(true);
    expect(dominates(p("a", 0.8, 100), p("b", 0.8, 100))).toBe(false);
    expect(dominates(p("a", 0.9, 120), p("b", 0.8, 100))).toBe(false);
  });
});

describe("paretoUpdate", () => {
  it("refuses a dominated child and says by whom", () => {
    const u = paretoUpdate([p("aaaaaaaa1", 0.8, 100)], p("child", 0.7, 110, 1), 3);
    expect(u.entered).toBe(false);
    expect(u.reason).toContain("dominated by aaaaaaaa");
  });

  it("removes the members the child dominates", () => {
    const u = paretoUpdate([p("a", 0.5, 100), p("b", 0.9, 300)], p("c", 0.6, 90, 1), 3);
    expect(u.entered).toBe(true);
    expect(u.removed).toEqual(["a"]);
    expect(u.frontier.map((x) => x.id).sort()).toEqual(["b", "c"]);
  });

  it("at the cap, keeps both ends and drops the most crowded interior member", () => {
    const frontier = [p("cheap", 0.5, 100), p("mid", 0.7, 200), p("rich", 0.9, 400)];
    const u = paretoUpdate(frontier, p("near-mid", 0.72, 210, 4), 3);
    expect(u.frontier.map((x) => x.id)).toContain("cheap");
    expect(u.frontier.map((x) => x.id)).toContain("rich");
    expect(u.frontier).toHaveLength(3);
    expect(u.removed).toHaveLength(1);
  });

  it("greedy (cap 1) keeps the more accurate member", () => {
    expect(pickEvictee([p("a", 0.9, 300), p("b", 0.6, 100)]).id).toBe("b");
    const u = paretoUpdate([p("a", 0.6, 100)], p("b", 0.9, 300, 1), 1);
    expect(u.frontier.map((x) => x.id)).toEqual(["b"]);
  });

  it("property: after any sequence of updates the frontier is non-dominated and within its cap", () => {
    const point = fc.record({
      passRate: fc.double({ min: 0, max: 1, noNaN: true }),
      cost: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        (points, cap) => {
          let frontier: FrontierPoint[] = [p("p0", points[0]!.passRate, points[0]!.cost)];
          points.slice(1).forEach((x, i) => {
            frontier = paretoUpdate(frontier, p(`p${i + 1}`, x.passRate, x.cost, i + 1), cap).frontier;
            expect(frontier.length).toBeLessThanOrEqual(cap);
            expect(frontier.length).toBeGreaterThan(0);
            expect(isNonDominated(frontier)).toBe(true);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("operating points and P*", () => {
  const menu = [p("cheap", 0.5, 100), p("mid", 0.7, 200), p("rich", 0.9, 400)];
  it("labels the ends accuracy and cost, the rest balanced", () => {
    const labels = labelOperatingPoints(menu);
    expect(Object.fromEntries(labels)).toEqual({ cheap: "cost", mid: "balanced", rich: "accuracy" });
  });
  it("selects accuracy first, ties to lower cost", () => {
    expect(selectStar([...menu, p("rich2", 0.9, 350)], "accuracy").id).toBe("rich2");
    expect(selectStar(menu, "cost").id).toBe("cheap");
    expect(selectStar(menu, "balanced").id).toBe("mid");
  });
  it("a single member is the accuracy point", () => {
    expect(Object.fromEntries(labelOperatingPoints([p("only", 0.5, 1)]))).toEqual({ only: "accuracy" });
  });
});
