import { describe, expect, it } from "vitest";
import { createRng, deriveRng } from "../../src/vocabulary/rng.js";

describe("rng", () => {
  it("repeats for the same seed and differs across seeds", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, () => createRng(seed).next());
    const a = createRng(7),
      b = createRng(7),
      c = createRng(8);
    const sa = [a.next(), a.next(), a.int(10)],
      sb = [b.next(), b.next(), b.int(10)];
    expect(sa).toEqual(sb);
    expect(c.next()).not.toBe(sa[0]);
    expect(new Set(draw(1)).size).toBe(1);
  });

  it("draws in range and shuffles to a permutation", () => {
    const r = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      expect(r.int(3)).toBeLessThan(3);
    }
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const s = r.shuffle(items);
    expect(s.slice().sort()).toEqual(items);
    expect(s).not.toEqual(items);
  });

  it("gives independent named streams", () => {
    expect(deriveRng(0, "iteration-1").next()).not.toBe(deriveRng(0, "iteration-2").next());
    expect(deriveRng(3, "x").next()).toBe(deriveRng(3, "x").next());
  });

  it("rejects a non-positive range", () => {
    expect(() => createRng(1).int(0)).toThrow(/positive integer/);
  });
});
