import { describe, expect, it } from "vitest";
import { wilsonInterval } from "../../src/core/evaluate/wilson-interval.js";

describe("wilsonInterval", () => {
  it("stays wide where every case agreed and n is small", () => {
    const [low, high] = wilsonInterval(3, 3);
    expect(low).toBeCloseTo(0.4385, 4);
    expect(high).toBe(1);
    const [low0, high0] = wilsonInterval(0, 5);
    expect(low0).toBe(0);
    expect(high0).toBeCloseTo(0.4345, 4);
  });

  it("narrows around the observed share as n grows", () => {
    const [low, high] = wilsonInterval(80, 100);
    expect(low).toBeCloseTo(0.7112, 4);
    expect(high).toBeCloseTo(0.8666, 4);
  });

  it("refuses counts that are not a share of n, naming the value", () => {
    expect(() => wilsonInterval(1, 0)).toThrow("wilsonInterval: n must be a positive integer, got 0");
    expect(() => wilsonInterval(4, 3)).toThrow("wilsonInterval: successes must be in [0, 3], got 4");
  });
});
