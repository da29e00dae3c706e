// ddmin (src/core/evolve/ddmin.ts) over synthetic failure predicates: what it returns fails, and removing
// any single element from it passes (1-minimal), for monotone and non-monotone predicates alike.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ddmin } from "../../src/core/evolve/ddmin.js";

/** Fails when the subset contains every element of some culprit set (monotone). */
const monotone = (culprits: number[][]) => (s: readonly number[]) =>
  culprits.some((c) => c.every((x) => s.includes(x)));

const oneMinimal = (s: readonly number[], fails: (s: readonly number[]) => boolean) =>
  s.every((x) => !fails(s.filter((y) => y !== x)));

describe("ddmin", () => {
  it("finds a 1-minimal failing subset of a monotone predicate", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }).chain((size) =>
          fc.record({
            size: fc.constant(size),
            culprits: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { minLength: 1 }), {
              minLength: 1,
              maxLength: 3,
            }),
          }),
        ),
        async ({ size, culprits }) => {
          const items = Array.from({ length: size }, (_, i) => i);
          const fails = monotone(culprits);
          const r = await ddmin(items, async (s) => fails(s));
          expect(r.minimal).toBe(true);
          expect(fails(r.subset)).toBe(true);
          expect(oneMinimal(r.subset, fails)).toBe(true);
        },
      ),
    );
  });

  it("finds a 1-minimal failing subset of a non-monotone predicate (the full set fails, ∅ passes)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10 }), fc.integer(), async (size, salt) => {
        const items = Array.from({ length: size }, (_, i) => i);
        // An arbitrary predicate: a hash of the subset decides, with the two ends pinned.
        const fails = (s: readonly number[]) => {
          if (s.length === size) return true;
          if (s.length === 0) return false;
          let h = salt | 0;
          for (const x of s) h = Math.imul(h ^ (x + 1), 2654435761) >>> 0;
          return h % 3 === 0;
        };
        const r = await ddmin(items, async (s) => fails(s));
        expect(fails(r.subset)).toBe(true);
        expect(oneMinimal(r.subset, fails)).toBe(true);
      }),
    );
  });

  it("stops when the test cannot run and returns the smallest failing set so far, not minimal", async () => {
    let budget = 2;
    const fails = monotone([[5]]);
    const r = await ddmin(
      Array.from({ length: 8 }, (_, i) => i),
      async (s) => (budget-- > 0 ? fails(s) : undefined),
    );
    expect(r.minimal).toBe(false);
    expect(fails(r.subset)).toBe(true);
    expect(r.subset.length).toBeLessThan(8);
    expect(r.tests).toBe(2);
  });

  it("never asks the same subset twice", async () => {
    const asked: string[] = [];
    const fails = monotone([[1, 6]]);
    await ddmin(
      Array.from({ length: 9 }, (_, i) => i),
      async (s) => (asked.push(s.join(",")), fails(s)),
    );
    expect(new Set(asked).size).toBe(asked.length);
  });
});
