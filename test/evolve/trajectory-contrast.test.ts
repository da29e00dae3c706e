// SkillEvolver's whole-trajectory contrast: a run's steps (trace, then outcome, bounded), the best
// and worst run aligned with the divergence marked, the diagnoser prompt quoting them as data with a
// truncation marker, and the simulated diagnoser reading back only the steps the block shows.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/core/evaluate/runner.js";
import { MAX_STEPS, stepsOf } from "../../src/core/evaluate/trajectory-steps.js";
import { contrastOf } from "../../src/core/evolve/strategies/contrast.js";
import { alignTrajectories } from "../../src/core/evolve/strategies/trajectory-contrast.js";
import { withStrategies } from "../../src/core/evolve/strategies/written-strategies.js";
import { renderDiagnoserPrompt } from "../../src/core/llm/prompts/diagnoser.js";
import { FALLBACK_STRATEGIES } from "../../src/core/llm/prompts/exploration-strategies.js";
import {
  MAX_ALIGNED_LINES,
  renderTrajectory,
  TRAJECTORY_LABEL,
} from "../../src/core/llm/prompts/trajectory-block.js";
import { readTrajectory } from "../../src/sim/endpoint/diagnoser-input.js";
import { readQuotedBlocks } from "../../src/sim/endpoint/quoted-blocks.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { measureWorld } from "./measure-world.js";
import { contrastFix } from "../../src/sim/contrast-in-world.js";
import type { Contrast } from "../../src/core/llm/prompts/contrast-block.js";

const result = (trace: RunResult["trace"], extra: Partial<RunResult> = {}): RunResult => ({
  output: { verdict: "ok" },
  trace,
  usage: { input: 0, output: 0, cached: 0 },
  ...extra,
});

describe("a run's steps", () => {
  it("are its trace events in order, then its outcome", () => {
    const steps = stepsOf(
      result([
        { type: "skill-loaded", skill: "refunds" },
        { type: "section-read", skill: "refunds", section: "Checks" },
        { type: "script-ran", skill: "refunds", script: "scripts/a.py", exitCode: 1 },
        { type: "tool-call", name: "read_file", ok: false, detail: "no such file" },
      ]),
    );
    expect(steps).toEqual([
      "load_skill refunds",
      "read refunds#Checks",
      "run refunds/scripts/a.py (exit 1)",
      "tool read_file failed: no such file",
      'answer: {"verdict":"ok"}',
    ]);
    expect(stepsOf(result([], { error: "timed out" }))).toEqual(["error: timed out"]);
  });

  it("are bounded: long steps are cut and a long trajectory keeps its start and its outcome, saying what it left out", () => {
    const trace = Array.from({ length: 100 }, (_, i) => ({
      type: "note" as const,
      text: `${i} ${"x".repeat(300)}`,
    }));
    const steps = stepsOf(result(trace));
    expect(steps).toHaveLength(MAX_STEPS);
    expect(steps[0]!.length).toBeLessThanOrEqual(160);
    expect(steps[0]!.endsWith("…")).toBe(true);
    expect(steps[MAX_STEPS - 2]).toBe(`… ${101 - (MAX_STEPS - 1)} steps left out`);
    expect(steps[MAX_STEPS - 1]).toBe('answer: {"verdict":"ok"}');
  });
});

describe("aligned trajectories", () => {
  it("mark the first step the runs do not share", () => {
    const t = alignTrajectories(
      ["load_skill a", "read a#Checks", "answer: yes"],
      ["load_skill a", "load_skill b", "answer: no"],
    );
    expect(t.divergence).toBe(1);
    expect(t.steps[0]).toEqual({ side: "both", step: "load_skill a" });
    expect(renderTrajectory(t).split("\n")[0]).toBe(
      "They part after shared step 1: the best run next took `read a#Checks`, the worst run `load_skill b`.",
    );
    expect(alignTrajectories(["x"], ["x"]).divergence).toBeUndefined();
  });

  it("property: the aligned steps are both runs' steps, in order, and the divergence is the first unshared one", () => {
    const steps = fc.array(
      fc.constantFrom("load_skill a", "load_skill b", "read a#X", "read b#Y", "answer: 1"),
      {
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(steps, steps, (best, worst) => {
        const t = alignTrajectories(best, worst);
        expect(t.steps.filter((s) => s.side !== "worst").map((s) => s.step)).toEqual(best);
        expect(t.steps.filter((s) => s.side !== "best").map((s) => s.step)).toEqual(worst);
        const first = t.steps.findIndex((s) => s.side !== "both");
        expect(t.divergence).toBe(first < 0 ? undefined : first);
      }),
      { numRuns: 300 },
    );
  });

  it("are shown bounded, from just before the divergence, with markers for what was left out", () => {
    const shared = Array.from({ length: 20 }, (_, i) => `note: shared ${i}`);
    const tail = (who: string) => Array.from({ length: 40 }, (_, i) => `note: ${who} ${i}`);
    const t = alignTrajectories([...shared, ...tail("best")], [...shared, ...tail("worst")]);
    const lines = renderTrajectory(t).split("\n");
    expect(lines).toContain("… 17 shared step(s) before");
    expect(lines.filter((l) => /^[=+-] /.test(l))).toHaveLength(MAX_ALIGNED_LINES);
    expect(lines.at(-1)).toBe(
      `… ${t.steps.length - 17 - MAX_ALIGNED_LINES} more aligned step(s) left out (truncated)`,
    );
    // The simulated diagnoser reads back exactly the lines shown, nothing that was cut.
    const read = readTrajectory({ label: `${TRAJECTORY_LABEL} c1`, text: lines.join("\n") })!;
    expect(read.id).toBe("c1");
    expect(read.trajectory.steps).toEqual(t.steps.slice(17, 17 + MAX_ALIGNED_LINES));
    expect(read.trajectory.divergence).toBe(3);
  });
});

describe("the contrast of an evolver run", () => {
  it("aligns the parent's best and worst run of a mixed case, and the diagnoser prompt quotes it as data", async () => {
    const world = generateWorld({ seed: 4, rules: 10 });
    const strategies = FALLBACK_STRATEGIES;
    const m = await measureWorld(world, withStrategies(createSimAgent(world), strategies), 4);
    const mixed = m.results.filter((r) => r.successes > 0 && r.successes < r.runs);
    expect(mixed.length).toBeGreaterThan(0);
    for (const r of mixed) {
      const c = contrastOf(r, strategies)!;
      const best = r.runDetails.find((d) => d.runIndex === c.best.runIndex)!;
      const worst = r.runDetails.find((d) => d.runIndex === c.worst.runIndex)!;
      expect(c.trajectory!.steps.filter((s) => s.side !== "worst").map((s) => s.step)).toEqual(best.steps);
      expect(c.trajectory!.steps.filter((s) => s.side !== "best").map((s) => s.step)).toEqual(worst.steps);
      expect(c.trajectory!.divergence).toBeDefined(); // a pass and a fail never end alike
      const text = renderDiagnoserPrompt({
        skills: [],
        cases: [{ id: r.id, category: r.category, diagnosis: "d", contrast: c }],
      })[1]!.content as string;
      const block = readQuotedBlocks(text).find((b) => b.label === `${TRAJECTORY_LABEL} ${r.id}`)!;
      expect(block.text).toBe(renderTrajectory(c.trajectory!));
      expect(readTrajectory(block)!.trajectory.divergence).toBe(
        c.trajectory!.divergence! - Math.max(0, c.trajectory!.divergence! - 3),
      );
    }
    // Runs of a runner that does not keep trajectories have none, and their contrast has no trajectory.
    const one = worldInputs(world).cases.filter((c) => c.id === mixed[0]!.id);
    const plain = await measureWorld(world, createSimAgent(world), 4, one);
    expect(plain.results[0]!.runDetails.every((d) => d.steps === undefined)).toBe(true);
  });
});

describe("the simulated diagnoser reading the divergence", () => {
  it("when two rules fit the contrast, picks the one at the skill where the shown trajectories part, and no other", () => {
    const world = generateWorld({ seed: 4, rules: 10 });
    const [r1, r2] = world.rules;
    const parent = [
      { name: "d1", source: `Holds ${r1!.decoy}.` },
      { name: "d2", source: `Holds ${r2!.decoy}.` },
      ...[...new Set([r1!.skill, r2!.skill])].map((name) => ({ name, source: "Plain." })),
    ];
    const homes = [...new Set([r1!.skill, r2!.skill])];
    const sketch = (runIndex: number, passed: boolean, extra: string[]) => ({
      runIndex,
      passed,
      skillsLoaded: [...homes, ...extra],
      sectionsRead: [],
    });
    const contrast: Contrast = { best: sketch(0, true, []), worst: sketch(1, false, ["d1", "d2"]) };
    expect(contrastFix(world, parent, undefined, contrast)).toBeUndefined(); // two rules fit, nothing tells them apart
    const shared = homes.map((h) => `load_skill ${h}`);
    const parted = (first: string) =>
      alignTrajectories(
        [...shared, "answer: pass"],
        [...shared, `load_skill ${first}`, `load_skill ${first === "d1" ? "d2" : "d1"}`, "answer: fail"],
      );
    expect(contrastFix(world, parent, undefined, { ...contrast, trajectory: parted("d2") })).toMatchObject({
      skill: "d2",
      edit: { op: "REMOVE", rule: r2!.id },
    });
    expect(contrastFix(world, parent, undefined, { ...contrast, trajectory: parted("d1") })).toMatchObject({
      skill: "d1",
      edit: { op: "REMOVE", rule: r1!.id },
    });
    // Read back from the prompt's block as the endpoint does: the same decision.
    const block = { label: `${TRAJECTORY_LABEL} c`, text: renderTrajectory(parted("d2")) };
    const read = readTrajectory(block)!.trajectory;
    expect(contrastFix(world, parent, undefined, { ...contrast, trajectory: read })?.skill).toBe("d2");
  });
});
