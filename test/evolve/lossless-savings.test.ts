// The savings and the model-call memo are lossless by construction (docs/engine.md "Evaluation
// savings"): over many generated worlds and sizes, a run with them on decides exactly as naive FRAMES
// evaluation does — every iteration's plan, child, gate verdict and canonical refusal, frontier
// entry and nogood, the stop, the frontier with its rates and costs, and P* — and records the same
// figures (run-figures.ts): P₀'s, every admitted child's gate lines, paired counts and rates, the
// frontier's; a child refused early says so, names naive's deciding category and keeps only naive's
// lines. Each world runs on the production path (the simulated endpoint, the real openai client, the
// reference runner).
import { describe, expect, it } from "vitest";
import { firstDifference, runDecisions } from "../../src/core/evolve/run-decisions.js";
import { firstFigureDifference, runFigures } from "../../src/core/evolve/run-figures.js";
import { generateWorld } from "../../src/sim/generate.js";
import { evolveOnEndpoint } from "../support/endpoint-evolution.js";

const SEEDS = Array.from({ length: 20 }, (_, i) => 6100 + 37 * i);
// Sizes cycle so the seeds cover small and larger banks, one and two cases per rule.
const SIZES = [
  { rules: 4, casesPerRule: 1 },
  { rules: 6, casesPerRule: 2 },
  { rules: 9, casesPerRule: 1 },
  { rules: 12, casesPerRule: 2 },
];
const MODES = {
  naive: { savings: false, memo: false },
  savings: { savings: true, memo: false },
  memo: { savings: false, memo: true },
  both: { savings: true, memo: true },
};

async function decide(seed: number, mode: keyof typeof MODES) {
  const size = SIZES[seed % SIZES.length]!;
  const world = generateWorld({ seed, ...size });
  const { savings, memo } = MODES[mode];
  const run = await evolveOnEndpoint(world, {
    knobs: { seed, maxIterations: 4 },
    settings: { bootstrap: 200, savings },
    memo,
  });
  return {
    decisions: runDecisions(run.record),
    figures: runFigures(run.record),
    categories: run.record.categories,
    paid: run.paid,
  };
}

// Every seed compares naive with the default (savings and memo on); every fourth also each alone.
const modesFor = (i: number) => (i % 4 === 0 ? (["both", "savings", "memo"] as const) : (["both"] as const));

describe("savings and memo change no decision and no figure", () => {
  it.each(SEEDS.map((seed, i) => [seed, i]))(
    "world %i: decides and records figures as naive evaluation does",
    async (seed, i) => {
      const naive = await decide(seed, "naive");
      for (const mode of modesFor(i)) {
        const other = await decide(seed, mode);
        expect(firstDifference(naive.decisions, other.decisions), `${mode} vs naive`).toBeUndefined();
        const figures = firstFigureDifference(naive.figures, other.figures, naive.categories);
        expect(figures, `${mode} vs naive: figures`).toBeUndefined();
        expect(other.paid).toBeLessThanOrEqual(naive.paid);
      }
    },
    // Up to four evolutions of one world over HTTP: 20 s on a quiet machine, longer on a busy one.
    120_000,
  );
});
