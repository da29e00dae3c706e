// SkillEvolver's contrastive update: the parent's best and worst run of a case, side by side, for a
// case it passes on some runs and fails on others (a case with one outcome has nothing to contrast).
// Read from the parent's stored results, so a resumed run shows the diagnosers the same contrast.
import type { CaseResult, ExecutionRecord } from "../../../records/eval-record.js";
import type { Contrast, RunSketch } from "../../llm/prompts/contrast-block.js";
import { strategyOf } from "../../llm/prompts/exploration-strategies.js";
import type { WrittenStrategy } from "../../../records/written-strategy.js";
import { alignTrajectories } from "./trajectory-contrast.js";

const passedItems = (r: ExecutionRecord) => r.items.filter((i) => i.pass).length;

/** `strategies`: the run's written strategies (SkillEvolver), whose names the sketches carry; [] = none. */
export function contrastOf(
  result: CaseResult | undefined,
  strategies: readonly WrittenStrategy[],
): Contrast | undefined {
  const runs = [...(result?.runDetails ?? [])].sort((a, b) => a.runIndex - b.runIndex);
  const passing = runs.filter((r) => r.pass);
  const failing = runs.filter((r) => !r.pass);
  if (passing.length === 0 || failing.length === 0) return undefined;
  // Best: the passing run with most items passed; worst: the failing run with fewest (ties: first run).
  const best = passing.reduce((a, b) => (passedItems(b) > passedItems(a) ? b : a));
  const worst = failing.reduce((a, b) => (passedItems(b) < passedItems(a) ? b : a));
  const trajectory =
    best.steps && worst.steps ? { trajectory: alignTrajectories(best.steps, worst.steps) } : {};
  return { best: sketchOf(best, strategies), worst: sketchOf(worst, strategies), ...trajectory };
}

function sketchOf(r: ExecutionRecord, strategies: readonly WrittenStrategy[]): RunSketch {
  const strategy = strategyOf(strategies, r.runIndex);
  return {
    runIndex: r.runIndex,
    passed: r.pass,
    ...(strategy ? { hint: strategy.name } : {}),
    skillsLoaded: [...r.skillsLoaded],
    sectionsRead: (r.sectionsRead ?? []).map((s) => `${s.skill}#${s.section}`),
    ...(r.error ? { error: r.error } : {}),
  };
}
