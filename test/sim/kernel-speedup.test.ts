// A kernel world's simulated speedups (issue 29): a correct candidate's figure by kind, per case where
// the world says so; the answer is matched to its candidate by its source; wrong, crashing and
// unknown answers have none; a world without speedups gives the runner no hook.
import { describe, expect, it } from "vitest";
import { KernelWorld } from "../../src/sim/kernel-world.js";
import { simulatedSpeedupOf } from "../../src/sim/kernel-speedup.js";

const solutions = {
  naive: "class ModelNew: naive\n",
  fused: "class ModelNew: fused\n",
  wrong: "w",
  crash: "c",
};
const world = KernelWorld.parse({
  solutions: { chain: solutions, softmax: solutions },
  speedups: { naive: 1, fused: 1.5, cases: { chain: { naive: 1.1, fused: 2.4 } } },
});

describe("simulatedSpeedupOf", () => {
  const hook = simulatedSpeedupOf(world)!;
  it("gives a correct candidate its kind's figure, per case where the world names one", () => {
    expect(hook.of("chain", "class ModelNew: fused")).toBe(2.4);
    expect(hook.of("chain", "  class ModelNew: naive\n\n")).toBe(1.1);
    expect(hook.of("softmax", "class ModelNew: fused")).toBe(1.5);
  });
  it("has no figure for a wrong or crashing candidate, an unknown answer or an unknown case", () => {
    expect(hook.of("chain", "w")).toBeUndefined();
    expect(hook.of("chain", "c")).toBeUndefined();
    expect(hook.of("chain", "class ModelNew: mine")).toBeUndefined();
    expect(hook.of("other", "class ModelNew: fused")).toBeUndefined();
  });
  it("names the figures in its key (the runner's cache key), and is absent without speedups", () => {
    expect(hook.key).toContain('"fused":1.5');
    expect(simulatedSpeedupOf(KernelWorld.parse({ solutions: { chain: solutions } }))).toBeUndefined();
    expect(simulatedSpeedupOf(undefined)).toBeUndefined();
  });
  it("refuses a speedup that is not positive", () => {
    expect(() => KernelWorld.parse({ speedups: { naive: 0, fused: 1 } })).toThrow(/naive/);
  });
});
