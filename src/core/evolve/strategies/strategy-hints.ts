// SkillEvolver's strategy-diversified exploration: run i of a case's n runs carries hint i mod 3, a
// short line added to the agent's prompt, so the n runs explore different ways of using the skills
// instead of n samples of one. The hint is a function of the run index, so the cache key (which
// holds the run index and the runner's settings key) still determines the execution.
import type { Runner } from "../../evaluate/runner.js";

export const STRATEGY_HINTS = [
  {
    name: "focused",
    text: "Strategy: load only the skill closest to the task and read just the sections that match it.",
  },
  {
    name: "thorough",
    text: "Strategy: read every section of each skill you load before answering.",
  },
  {
    name: "broad",
    text: "Strategy: load every listed skill whose description could apply, not only the closest one.",
  },
] as const;

export type StrategyHintName = (typeof STRATEGY_HINTS)[number]["name"];

export function hintFor(runIndex: number): (typeof STRATEGY_HINTS)[number] {
  return STRATEGY_HINTS[runIndex % STRATEGY_HINTS.length]!;
}

/** `runner` with each run's hint in its input (and in its settings key, so hinted runs cache apart). */
export function withStrategyHints(runner: Runner): Runner {
  return {
    ...runner,
    settingsKey: `${runner.settingsKey}|strategy-hints:v1`,
    run: (input) => runner.run({ ...input, hint: hintFor(input.runIndex).text }),
  };
}
