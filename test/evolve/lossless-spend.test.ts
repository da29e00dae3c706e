// The breakdown bench:lossless prints (spend-phase.ts): every token the agent and the judge were paid
// is reported once, under the phase that paid it, so the phases add up to what the endpoint answered.
import { describe, expect, it } from "vitest";
import type { SpendEvent } from "../../src/core/evolve/spend-phase.js";
import { generateWorld } from "../../src/sim/generate.js";
import { evolveOnEndpoint } from "../support/endpoint-evolution.js";

describe("evaluation spend by phase", () => {
  it("adds up to the agent and judge tokens the endpoint answered, naive and with savings", async () => {
    const world = generateWorld({ seed: 6100, rules: 6, casesPerRule: 2 });
    for (const savings of [false, true]) {
      const events: SpendEvent[] = [];
      const run = await evolveOnEndpoint(world, {
        knobs: { seed: 6100, maxIterations: 3 },
        settings: { bootstrap: 200, savings },
        memo: savings,
        onSpend: (e) => events.push(e),
      });
      expect(events.reduce((s, e) => s + e.tokens, 0)).toBe(run.paid);
      expect(events.some((e) => e.phase === "baseline" && e.cases === "evolution")).toBe(true);
      // Naive evaluation runs every planned run: nothing is left for exact cost to finish.
      if (!savings) expect(events.filter((e) => e.phase.startsWith("exact cost"))).toEqual([]);
      // A measurement names its candidate, so the bench can tell an admitted child's first
      // measurement (part of the lossless floor) from a refused one's: every child event names a
      // child this run measured, and every measured child paid under its own name. A child the audit
      // refused after its evaluation was measured too: its repair round names it.
      const measured = run.record.iterations.flatMap((i) => [
        ...(i.child ? [i.child.candidate] : []),
        ...(i.repairs ?? []).filter((r) => r.stage === "after-evaluation").map((r) => r.refused),
      ]);
      const named = events.filter((e) => e.phase === "child").map((e) => e.candidate);
      expect(measured.length).toBeGreaterThan(0);
      expect(new Set(named)).toEqual(new Set(measured));
    }
  });
});
