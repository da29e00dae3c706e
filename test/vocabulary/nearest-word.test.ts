import { describe, expect, it } from "vitest";
import { editDistance, nearestWord } from "../../src/vocabulary/nearest-word.js";

describe("nearestWord", () => {
  it("counts insertions, deletions, substitutions and neighbour swaps as one edit each", () => {
    expect(editDistance("timoutMs", "timeoutMs")).toBe(1);
    expect(editDistance("evalaute", "evaluate")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("suggests the nearest key within a third of the word's length, case ignored", () => {
    const keys = ["runner", "timeoutMs", "maxOutputBytes", "cacheDir"];
    expect(nearestWord("timoutMs", keys)).toBe("timeoutMs");
    expect(nearestWord("TimeoutMS", keys)).toBe("timeoutMs");
    expect(nearestWord("evalaute", ["evolve", "evaluate", "models"])).toBe("evaluate");
    expect(nearestWord("banana", keys)).toBeUndefined();
    expect(nearestWord("x".repeat(100), keys)).toBeUndefined();
  });
});
