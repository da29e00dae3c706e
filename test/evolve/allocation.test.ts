// Context budget allocation (pure core): the budget is never exceeded, a bank that fits is exposed
// whole, helpful skills win over useless ones, and shrinkage pulls unsupported interactions to 0.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateBudget } from "../../src/core/evolve/budget/allocation.js";
import { createRng } from "../../src/vocabulary/rng.js";
import { estimateSkillEffects, type SkillEffects } from "../../src/core/evolve/budget/skill-effects.js";

const zeroPairs = (n: number) => Array.from({ length: n }, () => new Array<number>(n).fill(0));

const bankArb = fc
  .array(
    fc.record({
      tokens: fc.integer({ min: 1, max: 2000 }),
      main: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
    }),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .chain((skills) =>
    fc.record({
      skills: fc.constant(skills.map((s, i) => ({ name: `s${i}`, ...s }))),
      pair: fc.array(
        fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), {
          minLength: skills.length,
          maxLength: skills.length,
        }),
        {
          minLength: skills.length,
          maxLength: skills.length,
        },
      ),
      budget: fc.integer({ min: 1, max: 20_000 }),
    }),
  );

const effectsOf = (skills: { main: number }[], pair: number[][]): SkillEffects => ({
  intercept: 0.5,
  main: skills.map((s) => s.main),
  pair: pair.map((row, i) => row.map((_, j) => (i === j ? 0 : (pair[Math.min(i, j)]![Math.max(i, j)] ?? 0)))),
});

describe("allocateBudget", () => {
  it("never exceeds the budget", () => {
    fc.assert(
      fc.property(bankArb, ({ skills, pair, budget }) => {
        const a = allocateBudget({ skills, effects: effectsOf(skills, pair), budget });
        const byName = new Map(skills.map((s) => [s.name, s.tokens]));
        const used = a.exposure.reduce((s, n) => s + byName.get(n)!, 0);
        expect(used).toBe(a.tokens);
        expect(used).toBeLessThanOrEqual(budget);
        expect(new Set(a.exposure).size).toBe(a.exposure.length);
      }),
      { numRuns: 200 },
    );
  });

  it("exposes every skill of an unchanged bank under a large budget", () => {
    fc.assert(
      fc.property(bankArb, ({ skills, pair }) => {
        const total = skills.reduce((s, k) => s + k.tokens, 0);
        const a = allocateBudget({ skills, effects: effectsOf(skills, pair), budget: total + 1 });
        expect(new Set(a.exposure)).toEqual(new Set(skills.map((s) => s.name)));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the useful skills when the budget is tight, and prefers utility per token", () => {
    const skills = [
      { name: "cheap-good", tokens: 100 },
      { name: "dear-good", tokens: 900 },
      { name: "useless", tokens: 100 },
      { name: "harmful", tokens: 50 },
    ];
    const effects: SkillEffects = { intercept: 0.5, main: [0.2, 0.25, 0, -0.1], pair: zeroPairs(4) };
    expect(allocateBudget({ skills, effects, budget: 300 }).exposure).toEqual(["cheap-good", "useless"]);
    expect(allocateBudget({ skills, effects, budget: 1000 }).exposure).toEqual(["cheap-good", "dear-good"]);
  });

  it("refuses a non-positive budget or token size with a clear message", () => {
    const effects: SkillEffects = { intercept: 0, main: [0], pair: zeroPairs(1) };
    expect(() => allocateBudget({ skills: [{ name: "a", tokens: 1 }], effects, budget: 0 })).toThrow(
      /context budget must be a positive number of tokens, not 0/,
    );
    expect(() => allocateBudget({ skills: [{ name: "a", tokens: 0 }], effects, budget: 5 })).toThrow(
      /skill a: token size must be positive/,
    );
  });
});

function maskedData(seed: number, runs: number, S: number, outcome: (mask: boolean[]) => number) {
  const rng = createRng(seed);
  const masks = Array.from({ length: runs }, () => Array.from({ length: S }, () => !rng.chance(0.5)));
  return { masks, outcomes: masks.map(outcome) };
}

describe("estimateSkillEffects", () => {
  it("recovers main effects and a well-supported interaction", () => {
    // Skill 0 helps by 0.2; skills 1 and 2 together gain 0.15 more than apart (γ = 0.0375 in ±1 coding).
    const { masks, outcomes } = maskedData(
      1,
      400,
      6,
      (m) => 0.3 + (m[0] ? 0.2 : 0) + (m[1] && m[2] ? 0.15 : 0),
    );
    const e = estimateSkillEffects(masks, outcomes);
    expect(e.main[0]).toBeCloseTo(0.2, 1);
    expect(Math.abs(e.main[3]!)).toBeLessThan(0.02);
    expect(e.pair[1]![2]).toBeGreaterThan(0.025);
    expect(Math.abs(e.pair[3]![4]!)).toBeLessThan(0.01);
  });

  it("shrinks an interaction the runs do not support toward 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 4, max: 40 }),
        fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (seed, runs, mains) => {
          // Outcomes are purely additive: no pair interacts.
          const { masks, outcomes } = maskedData(seed, runs, 5, (m) =>
            Math.min(
              1,
              Math.max(0, 0.5 + m.reduce((s, shown, i) => s + (shown ? mains[i]! : -mains[i]!) / 4, 0)),
            ),
          );
          const e = estimateSkillEffects(masks, outcomes);
          const largestPair = Math.max(...e.pair.flat().map(Math.abs));
          // With the pair prior ten times tighter, what little the pairs absorb stays small.
          expect(largestPair).toBeLessThan(0.05);
          const tight = estimateSkillEffects(masks, outcomes, { pair: 1e-6 });
          expect(Math.max(...tight.pair.flat().map(Math.abs))).toBeLessThanOrEqual(largestPair + 1e-12);
          expect(Math.max(...tight.pair.flat().map(Math.abs))).toBeLessThan(1e-3);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("learns nothing from runs that all score the same", () => {
    const { masks } = maskedData(3, 20, 4, () => 0);
    const e = estimateSkillEffects(
      masks,
      masks.map(() => 0.6),
    );
    expect(e.intercept).toBeCloseTo(0.6, 12);
    expect(e.main.every((x) => Math.abs(x) < 1e-12)).toBe(true);
  });

  it("refuses mismatched masks and outcomes", () => {
    expect(() => estimateSkillEffects([[true]], [0.5, 0.2])).toThrow(/1 masks but 2 outcomes/);
    expect(() => estimateSkillEffects([[true], [true, false]], [0.5, 0.2])).toThrow(/masks differ in length/);
  });
});
