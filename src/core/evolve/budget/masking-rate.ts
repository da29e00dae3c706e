// The masking rate (docs/engine.md "Context budget"). SkillSmith (App. A.3) masks at ρ = ½, which
// maximises the information on an effect, and notes that a smaller ρ keeps more of the bank
// working during the runs. `adaptive` trades the two per skill: after a warm-up at ½, each run
// hides skill i with ρᵢ = ρ_min + (½ − ρ_min)·exp(−zᵢ²/2), zᵢ = |mean gain| / posterior sd, so a
// skill whose effect is still ambiguous keeps being masked at ½ while a settled one (clearly
// useful or clearly idle) is hidden less, down to ρ_min = 0.2 (the paper's example rate). The
// rates depend only on the runs so far, so a seeded run draws the same masks again. Pure core.
import { effectPosterior } from "./effect-posterior.js";
import type { MaskingRate } from "../../../records/context-allocation.js";

export const RHO_FLOOR = 0.2;

/** Runs masked at ½ before the adaptive rate starts (a quarter of them, at least 4). */
export function warmupRuns(runs: number): number {
  return Math.max(4, Math.ceil(runs / 4));
}

/** Per skill, the chance run r hides it, given the masks and outcomes of runs 0..r−1. */
export function maskingRates(
  rate: MaskingRate,
  skills: number,
  runs: number,
  past: { masks: readonly (readonly boolean[])[]; outcomes: readonly number[] },
): number[] {
  if (rate !== "adaptive") return new Array<number>(skills).fill(rate);
  if (past.masks.length < warmupRuns(runs)) return new Array<number>(skills).fill(0.5);
  const post = effectPosterior(past.masks, past.outcomes);
  const half = new Array<number>(skills).fill(0.5);
  return post.mean.main.map((m, i) => {
    const sd = Math.sqrt(post.gainVariance(i, half));
    const z = sd > 0 ? Math.abs(m) / sd : 0;
    return RHO_FLOOR + (0.5 - RHO_FLOOR) * Math.exp(-(z * z) / 2);
  });
}
