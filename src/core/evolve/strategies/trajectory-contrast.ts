// SkillEvolver's contrastive update over whole trajectories (§3.2.2: τ⁺ against τ⁻): the best and
// worst run's steps (trajectory-steps.ts) aligned by their longest common subsequence, and the
// first step they do not share marked as the point of divergence.
import { diffArrays } from "diff";
import type { AlignedStep, AlignedTrajectory } from "../../llm/prompts/trajectory-block.js";

export function alignTrajectories(best: readonly string[], worst: readonly string[]): AlignedTrajectory {
  const steps: AlignedStep[] = [];
  for (const part of diffArrays([...worst], [...best])) {
    const side = part.added ? "best" : part.removed ? "worst" : "both";
    for (const step of part.value) steps.push({ side, step });
  }
  const divergence = steps.findIndex((s) => s.side !== "both");
  return divergence < 0 ? { steps } : { steps, divergence };
}
