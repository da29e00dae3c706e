// From masking runs to an exposure list (docs/engine.md "Context budget"): estimate the effects,
// leave out the skills retired by earlier allocations, run the configured dynamics (replicator;
// SkillSmith's Hedge step on the posterior mean; or on a posterior draw each round, Thompson
// sampling), and, with `retireAfter`, count strikes against the skills the posterior says do not
// pay; a skill retired now is left out and the dynamics rerun without it. Pure core: draws come
// from the seeded Rng the caller derives, so the same runs give the same list.
import type { AllocationDynamics } from "../../../records/context-allocation.js";
import type { Rng } from "../../../vocabulary/rng.js";
import { allocateBudget, type Allocation } from "./allocation.js";
import { effectPosterior, type EffectPosterior } from "./effect-posterior.js";
import { retire, type Retirement } from "./retirement.js";
import { estimateSkillEffects, type SkillEffects } from "./skill-effects.js";

export interface EcosystemInput {
  skills: readonly { name: string; tokens: number }[];
  masks: readonly (readonly boolean[])[];
  outcomes: readonly number[];
  budget: number;
  dynamics: AllocationDynamics;
  /** Strikes in a row before a skill is retired; absent = no retirement. */
  retireAfter?: number;
  /** ε of retirement (retirement.ts); absent = RETIRE_BELOW. */
  retireBelow?: number;
  /** The run's retirement state before this allocation. */
  previous?: Retirement;
  /** The draws of `thompson`. */
  rng: () => Rng;
}

export interface Ecosystem {
  effects: SkillEffects;
  allocation: Allocation;
  retirement?: Retirement;
}

export function runEcosystem(input: EcosystemInput): Ecosystem {
  const { skills, masks, outcomes, dynamics } = input;
  const plain = dynamics === "replicator" && input.retireAfter === undefined;
  // The default path computes exactly what it always did (no posterior beyond the mean).
  if (plain) {
    const effects = estimateSkillEffects(masks, outcomes);
    return { effects, allocation: allocateBudget({ skills, effects, budget: input.budget }) };
  }
  const post = effectPosterior(masks, outcomes);
  const allocateWithout = (retired: ReadonlySet<string>) => {
    const keep = skills.flatMap((s, i) => (retired.has(s.name) ? [] : [i]));
    const rng = input.rng();
    return allocateBudget({
      skills: keep.map((i) => skills[i]!),
      effects: subset(post.mean, keep),
      budget: input.budget,
      ...(dynamics === "replicator" ? {} : { dynamics: "hedge" as const }),
      ...(dynamics === "thompson" ? { effectsAt: () => subset(mainDraw(post, rng), keep) } : {}),
    });
  };
  const before = new Set(input.previous?.retired ?? []);
  let allocation = allocateWithout(before);
  if (input.retireAfter === undefined) return { effects: post.mean, allocation };
  const shown = skills.map((s) => allocation.shown[s.name] ?? 0);
  const names = skills.map((s) => s.name);
  const retirement = retire(post, names, shown, input.retireAfter, input.previous, input.retireBelow);
  const now = new Set(retirement.retired);
  if (now.size > before.size) allocation = allocateWithout(now);
  return { effects: post.mean, allocation, retirement };
}

/**
 * A posterior draw of the main effects, interactions at their posterior mean. A joint draw of all
 * S(S−1)/2 interactions adds their prior spread to every gain away from p = ½ (4τ²ₚ·Σⱼ(2pⱼ − 1)²,
 * an sd near 0.4 for 40 skills against main effects near 0.05), which drowns the skills' own
 * signal (measured: docs/engine.md "Context budget").
 */
function mainDraw(post: EffectPosterior, rng: Rng): SkillEffects {
  return { ...post.sample(rng), pair: post.mean.pair };
}

/** The effects of the skills at `keep` (indices), in that order. */
function subset(e: SkillEffects, keep: readonly number[]): SkillEffects {
  return {
    intercept: e.intercept,
    main: keep.map((i) => e.main[i]!),
    pair: keep.map((i) => keep.map((j) => e.pair[i]![j]!)),
  };
}
