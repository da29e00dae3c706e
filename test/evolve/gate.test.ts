import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeVerdict, floorsOf, gate, markStoppedEarly } from "../../src/core/evolve/gate/gate.js";

describe("per-category gate (FRAMES Eq. 2)", () => {
  const floors = floorsOf({ general: 0.8, special: 0.6 }, 0.05);

  it("anchors the floors at the baseline with a relative ε", () => {
    expect(floors.general).toBeCloseTo(0.76, 12);
    expect(floors.special).toBeCloseTo(0.57, 12);
  });

  it("a refusal reached before every case ran says so, names the deciding category and keeps no partial line", () => {
    const cats = ["general", "special"];
    // general met its floor on the cases that ran; the rest waited and the refusal left them unrun.
    const v = gate({ general: 0.9, special: 0.5 }, floors, cats);
    const stopped = markStoppedEarly(v, { complete: false, outOfBudget: false, partial: ["general"] }, cats);
    expect(stopped.admitted).toBe(false);
    expect(stopped.stoppedEarly).toEqual({ category: "special" });
    expect(stopped.reasons.map((r) => r.category)).toEqual(["special"]);
    expect(describeVerdict(stopped)).toBe(
      "refused: stopped early, decided by special (categories not measured in full have no line): special 0.50 < floor 0.57",
    );
    // Measured in full, or stopped by the budget: the verdict is left as it is.
    expect(markStoppedEarly(v, { complete: true, outOfBudget: false }, cats)).toBe(v);
    expect(markStoppedEarly(v, { complete: false, outOfBudget: true, partial: ["general"] }, cats)).toBe(v);
  });

  it("refuses a child whose gain in one category masks a drop in another, naming the category", () => {
    const v = gate({ general: 1, special: 0.5 }, floors, ["general", "special"]);
    expect(v.admitted).toBe(false);
    expect(v.reasons).toEqual([
      { category: "general", observed: 1, floor: floors.general, ok: true, early: false },
      { category: "special", observed: 0.5, floor: floors.special, ok: false, early: false },
    ]);
    expect(describeVerdict(v)).toBe("refused: special 0.50 < floor 0.57");
  });

  it("admits a rate exactly at its floor", () => {
    expect(gate({ general: 0.76, special: 0.57 }, floors, ["general", "special"]).admitted).toBe(true);
  });

  it("marks a category refused by sequential rejection", () => {
    const v = gate({ general: 0.9, special: 0.4 }, floors, ["general", "special"], "special");
    expect(v.admitted).toBe(false);
    expect(v.reasons[1]).toMatchObject({ category: "special", ok: false, early: true });
  });

  it("ε = 0 demands no regression at all, ε = 1 admits anything", () => {
    expect(gate({ general: 0.79 }, floorsOf({ general: 0.8 }, 0), ["general"]).admitted).toBe(false);
    expect(gate({ general: 0 }, floorsOf({ general: 0.8 }, 1), ["general"]).admitted).toBe(true);
  });

  it("property: admitted ⇔ every category at or above its floor", () => {
    const cats = ["a", "b", "c"];
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (xs, eps) => {
          const base = Object.fromEntries(cats.map((c, i) => [c, xs[i]!]));
          const child = Object.fromEntries(cats.map((c, i) => [c, xs[i + 3]!]));
          const f = floorsOf(base, eps);
          const v = gate(child, f, cats);
          expect(v.admitted).toBe(cats.every((c) => child[c]! + 1e-12 >= f[c]!));
          for (const r of v.reasons)
            if (v.admitted) expect(r.observed + 1e-12).toBeGreaterThanOrEqual(r.floor);
        },
      ),
      { numRuns: 500 },
    );
  });
});
