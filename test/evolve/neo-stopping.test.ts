// SkillNEO's stops and the per-parent cap on seeded simulated worlds: `holdPatience` consecutive
// holds stop the run; a hold with the incumbent within δ_off of a perfect score stops it; a root
// that passes every run has nothing to improve; no version parents more of a generation's children
// than the cap, which counts per generation, and a pool the cap empties exhausts the search. A run killed after a decision resumes to the same record.
import { describe, expect, it } from "vitest";
import { decisionsOf, holdsOf } from "../../src/core/evolve/strategies/neo-deploy.js";
import { generationOf, parentCapFor } from "../../src/core/evolve/strategies/neo-selection.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { neoRun } from "./neo-world-run.js";
import { resumeComparable } from "./resume-comparable.js";
import { killAndResume } from "./kill-and-resume.js";

const verdicts = (r: Awaited<ReturnType<typeof neoRun>>["record"]) =>
  decisionsOf(r.iterations).map((d) => d.deploy.verdict);

describe("SkillNEO stops", () => {
  it("after holdPatience consecutive holds, right after the generation that made the last one", async () => {
    const { record } = await neoRun(4, { maxIterations: 30, patience: 30, neo: { holdPatience: 1 } });
    expect(record.stop.reason).toBe("holds");
    expect(verdicts(record).at(-1)).toBe("hold");
    expect(holdsOf(record.iterations)).toBe(1);
    expect(record.stop.afterIteration).toBe(decisionsOf(record.iterations).at(-1)!.deploy.decidedAt);
    expect(record.stop.note).toBe("1 consecutive generations held the incumbent");
  }, 60_000);

  it("on a hold with the incumbent within δ_off of a perfect score", async () => {
    const { record } = await neoRun(3, {
      maxIterations: 30,
      patience: 30,
      neo: { deltaOfficial: 90, holdPatience: 9 },
    });
    const last = decisionsOf(record.iterations).at(-1)!.deploy;
    expect(last.verdict).toBe("hold");
    expect(100 - last.incumbentScores!.official).toBeLessThan(90);
    expect(record.stop).toMatchObject({ reason: "holds", afterIteration: last.decidedAt });
    expect(record.stop.note).toMatch(/within δ_off = 90 of a perfect score/);
  }, 60_000);

  it("before any iteration when the root passes every run", async () => {
    const all = { general: 1, hallucination: 1, special: 1 };
    const world = { present: all, params: { pHit: all } };
    const { record } = await neoRun(4, {}, {}, world);
    expect(record.stop).toMatchObject({ reason: "perfect-root", afterIteration: 0 });
    expect(record.iterations).toEqual([]);
    expect(record.selected).toBe(record.baseline.candidate);
    // frames, on the same world, does not stop for it.
    const frames = await neoRun(4, { strategy: "frames", maxIterations: 1 }, {}, world);
    expect(frames.record.stop.reason).not.toBe("perfect-root");
  }, 60_000);

  it("no version parents more children of one generation than the cap; a pool the cap empties exhausts the search", async () => {
    const { record } = await neoRun(1, {
      maxIterations: 30,
      patience: 30,
      neo: { parentCap: 2, holdPatience: 9 },
    });
    const counts = new Map<string, number>();
    for (const it of record.iterations) {
      const key = `${generationOf(it.t)}:${it.parent}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    // A lone root with a cap of 2 cannot fill a generation of six.
    expect(record.stop.reason).toBe("exhausted");
    expect(record.stop.note).toBe(
      `no version may parent iteration ${record.stop.afterIteration + 1}: the archive revisit found no survivor, or every parent reached the per-parent cap in this generation`,
    );
  }, 60_000);

  it("the paper's cap counts per generation: it never stops the search, and the root parents again later", async () => {
    // Seed 6: the root rejoins a short pool in generation 2.
    const { record } = await neoRun(6, { maxIterations: 18, patience: 18, neo: { holdPatience: 9 } });
    const byRoot = record.iterations.filter((it) => it.parent === record.baseline.candidate);
    // Over the run, the root's six children of generation 0 would have used up a cap of 8 in a pool of one.
    expect(new Set(byRoot.map((it) => generationOf(it.t))).size).toBeGreaterThan(1);
    expect(byRoot.length).toBeGreaterThan(parentCapFor(2));
    expect(record.stop.reason).not.toBe("exhausted");
  }, 60_000);
});

describe("SkillNEO's decisions survive a kill", () => {
  it("a run killed after its first decision resumes to the record of an uninterrupted run", async () => {
    const knobs = { maxIterations: 15, patience: 15, neo: { holdPatience: 3 } };
    const whole = await neoRun(2, knobs);
    expect(decisionsOf(whole.record.iterations).length).toBeGreaterThan(1);
    const { last, resumed } = await killAndResume({
      runner: createSimAgent(generateWorld({ seed: 2, rules: 12 })),
      killAt: (cp) => decisionsOf(cp.state.iterations).length > 0 && cp.state.t % 3 === 1,
      start: (deps) => neoRun(2, knobs, deps),
      resume: (deps) => neoRun(2, knobs, deps),
    });
    expect(decisionsOf(last.state.iterations).length).toBeGreaterThan(0);
    expect(resumeComparable(resumed.record)).toEqual(resumeComparable(whole.record));
  }, 60_000);
});
