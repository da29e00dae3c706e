// The Gaussian posterior of the skill-effect model (skill-effects.ts), beyond its mean: the variance
// of a skill's gain, for retirement (SkillSmith: retire when Pr(fᵢ > 0 | data) < ε) and the adaptive
// masking rate, and posterior draws for Thompson sampling. Everything stays in the dual (run) space,
// since there are far fewer runs than pairs: with K = XΛXᵀ + σ²I and L its Cholesky factor,
//   Var(aᵀw | y) = aᵀΛa − ‖L⁻¹XΛa‖²,
// and a draw is Matheron's update of a prior draw w₀ ~ N(0, Λ), e ~ N(0, σ²I):
//   w = w₀ + ΛXᵀK⁻¹(y − ȳ − Xw₀ − e).
// Pure core; draws come from the caller's seeded Rng.
import type { Rng } from "../../../vocabulary/rng.js";
import { choleskySolve, forwardSolve } from "./cholesky.js";
import { fitSkillEffects, gainOf, type EffectPriors, type SkillEffects } from "./skill-effects.js";

export interface EffectPosterior {
  /** The posterior mean (estimateSkillEffects). */
  mean: SkillEffects;
  /** Posterior variance of skill i's gain when each skill j is shown with probability shown[j]. */
  gainVariance(i: number, shown: readonly number[]): number;
  /** One draw of the effects from the posterior. */
  sample(rng: Rng): SkillEffects;
}

export function effectPosterior(
  masks: readonly (readonly boolean[])[],
  outcomes: readonly number[],
  priors: EffectPriors = {},
): EffectPosterior {
  // The fit's factor of K + σ²I serves the mean, the variances and the draws alike.
  const { effects: mean, X, L, priors: p } = fitSkillEffects(masks, outcomes, priors);
  const S = masks[0]?.length ?? 0;
  const centred = outcomes.map((y) => y - mean.intercept);
  return {
    mean,
    gainVariance(i, shown) {
      const c = shown.map((q, j) => (j === i ? 0 : 2 * q - 1));
      const prior = 4 * p.main + 4 * p.pair * c.reduce((s, x) => s + x * x, 0);
      if (X.length === 0) return prior;
      const v = X.map((x) => 2 * x[i]! * (p.main + p.pair * x.reduce((s, xj, j) => s + c[j]! * xj, 0)));
      const z = forwardSolve(L, v);
      return Math.max(0, prior - z.reduce((s, x) => s + x * x, 0));
    },
    sample(rng) {
      const normal = gaussian(rng);
      const beta = Array.from({ length: S }, () => Math.sqrt(p.main) * normal());
      const gamma = Array.from({ length: S }, () => new Array<number>(S).fill(0));
      for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) gamma[i]![j] = Math.sqrt(p.pair) * normal();
      if (X.length > 0) {
        const resid = X.map((x, r) => centred[r]! - predict(x, beta, gamma) - Math.sqrt(p.noise) * normal());
        const a = choleskySolve(L, resid);
        for (let i = 0; i < S; i++) {
          beta[i] = beta[i]! + p.main * X.reduce((s, x, r) => s + x[i]! * a[r]!, 0);
          for (let j = i + 1; j < S; j++)
            gamma[i]![j] = gamma[i]![j]! + p.pair * X.reduce((s, x, r) => s + x[i]! * x[j]! * a[r]!, 0);
        }
      }
      for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) gamma[j]![i] = gamma[i]![j]!;
      return { intercept: mean.intercept, main: beta.map((b) => 2 * b), pair: gamma };
    },
  };
}

/** Pr(gain of skill i > 0 | data) at propensities `shown`, from the Gaussian posterior. */
export function chancePositive(post: EffectPosterior, i: number, shown: readonly number[]): number {
  const m = gainOf(post.mean, i, shown);
  const sd = Math.sqrt(post.gainVariance(i, shown));
  return sd > 0 ? normalCdf(m / sd) : m > 0 ? 1 : 0;
}

function predict(
  x: readonly number[],
  beta: readonly number[],
  gamma: readonly (readonly number[])[],
): number {
  let y = 0;
  for (let i = 0; i < x.length; i++) {
    y += x[i]! * beta[i]!;
    for (let j = i + 1; j < x.length; j++) y += x[i]! * x[j]! * gamma[i]![j]!;
  }
  return y;
}

/** Standard normal draws (Box–Muller) from a uniform Rng. */
function gaussian(rng: Rng): () => number {
  return () => {
    const u = 1 - rng.next(); // in (0, 1], so the log is finite
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  };
}

/** Φ(x), by the Abramowitz–Stegun 7.1.26 erf approximation (error < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
