// SkillEvolver's contrastive update: the parent's best and worst run of a case, side by side, for a
// case it passes on some runs and fails on others (a case with one outcome has nothing to contrast).
// Read from the parent's stored results, so a resumed run shows the diagnosers the same contrast.
import type { CaseResult, ExecutionRecord } from "../../../records/eval-record.js";
import type { Contrast, RunSketch } from "../../llm/prompts/contrast-block.js";
import { hintFor } from "../../llm/prompts/strategy-hints.js";

const passedItems = (r: ExecutionRecord) => r.items.filter((i) => i.pass).length;

export function contrastOf(result: CaseResult | undefined, hinted: boolean): Contrast | undefined {
  const runs = [...(result?.runDetails ?? [])].sort((a, b) => a.runIndex - b.runIndex);
  const passing = runs.filter((r) => r.pass);
  const failing = runs.filter((r) => !r.pass);
  if (passing.length === 0 || failing.length === 0) return undefined;
  // Best: the passing run with most items passed; worst: the failing run with fewest (ties: first run).
  const best = passing.reduce((a, b) => (passedItems(b) > passedItems(a) ? b : a));
  const worst = failing.reduce((a, b) => (passedItems(b) < passedItems(a) ? b : a));
  return { best: sketchOf(best, hinted), worst: sketchOf(worst, hinted) };
}

function sketchOf(r: ExecutionRecord, hinted: boolean): RunSketch {
  return {
    runIndex: r.runIndex,
    passed: r.pass,
    ...(hinted ? { hint: hintFor(r.runIndex).name } : {}),
    skillsLoaded: [...r.skillsLoaded],
    sectionsRead: (r.sectionsRead ?? []).map((s) => `${s.skill}#${s.section}`),
    ...(r.error ? { error: r.error } : {}),
  };
}
