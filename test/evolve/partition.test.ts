import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { iterationSeed, partition } from "../../src/core/evolve/partition.js";

describe("partition", () => {
  it("property: batches are disjoint, cover every case, and number ⌈|F|/|B|⌉", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer(),
        (size, b, seed) => {
          const items = Array.from({ length: size }, (_, i) => `case-${i}`);
          const batches = partition(items, b, seed);
          expect(batches).toHaveLength(Math.ceil(size / b));
          const flat = batches.flat();
          expect(new Set(flat).size).toBe(flat.length);
          expect([...flat].sort()).toEqual([...items].sort());
          for (const batch of batches.slice(0, -1)) expect(batch).toHaveLength(b);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reshuffles per iteration with seed base + t, and repeats for the same seed", () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    expect(iterationSeed(0, 3)).toBe(3);
    expect(partition(items, 8, iterationSeed(0, 1))).toEqual(partition(items, 8, 1));
    expect(partition(items, 8, iterationSeed(0, 1))).not.toEqual(partition(items, 8, iterationSeed(0, 2)));
  });

  it("refuses a batch size below 1", () => {
    expect(() => partition([1, 2], 0, 0)).toThrow(/positive integer/);
  });
});
