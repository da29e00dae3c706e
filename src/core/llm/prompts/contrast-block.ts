// SkillEvolver's contrastive update in the diagnoser prompt: for a case the current skills pass on
// some runs and fail on others, its best and its worst run side by side (strategy hint, skills
// loaded, sections read, error), so the diagnoser can see what the passing run did differently.
import type { AlignedTrajectory } from "./trajectory-block.js";

export interface RunSketch {
  runIndex: number;
  passed: boolean;
  /** The strategy hint the run carried (SkillEvolver), by name. */
  hint?: string;
  skillsLoaded: readonly string[];
  /** `skill#section` for each `##` section read. */
  sectionsRead: readonly string[];
  error?: string;
}

export interface Contrast {
  best: RunSketch;
  worst: RunSketch;
  /** The two runs' whole trajectories aligned, when their records kept them (trajectory-block.ts). */
  trajectory?: AlignedTrajectory;
}

export const CONTRAST_LABEL = "Best and worst run of";

function sketchLine(label: string, r: RunSketch): string {
  const parts = [
    `${label}: run ${r.runIndex + 1}, ${r.passed ? "passed" : "failed"}`,
    ...(r.hint ? [`strategy ${r.hint}`] : []),
    `loaded ${r.skillsLoaded.join(", ") || "no skill"}`,
    `read ${r.sectionsRead.join(", ") || "no section"}`,
    ...(r.error ? [`error: ${r.error}`] : []),
  ];
  return parts.join("; ");
}

export function renderContrast(c: Contrast): string {
  return [sketchLine("best", c.best), sketchLine("worst", c.worst)].join("\n");
}
