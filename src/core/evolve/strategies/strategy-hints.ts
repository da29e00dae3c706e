// SkillEvolver's strategy-diversified exploration: run i of a case's n runs carries hint i mod 3, a
// short line added to the agent's prompt, so the n runs explore different ways of using the skills
// instead of n samples of one. The hint is a function of the run index, so the cache key (which
// holds the run index and the runner's settings key) still determines the execution.
import type { Runner } from "../../evaluate/runner.js";
import { hintFor } from "../../llm/prompts/strategy-hints.js";

/** `runner` with each run's hint in its input (and in its settings key, so hinted runs cache apart). */
export function withStrategyHints(runner: Runner): Runner {
  return {
    ...runner,
    settingsKey: `${runner.settingsKey}|strategy-hints:v1`,
    run: (input) => runner.run({ ...input, hint: hintFor(input.runIndex).text }),
  };
}
