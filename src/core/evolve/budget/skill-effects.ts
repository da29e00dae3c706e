// Each skill's effect on the pass rate, and each pair's interaction, from masked evaluation runs
// (SkillSmith §3, the skill ecosystem). A linear model in ±1 coding (x = +1 shown, −1 hidden):
//   y = b + Σ βᵢ xᵢ + Σ_{i<j} γᵢⱼ xᵢ xⱼ
// with independent normal priors βᵢ ~ N(0, τ²_main), γᵢⱼ ~ N(0, τ²_pair) and noise N(0, σ²). The
// posterior mean is ridge regression; it is computed in its dual form, (K + σ²I)α = y − ȳ with
// K = XΛXᵀ, because there are far fewer runs than pairs, and K has a closed form: for runs r, s with
// d = Σᵢ x_ri x_si, K_rs = τ²_main·d + τ²_pair·(d² − S)/2. An interaction that the runs do not
// support stays near its prior mean 0 (shrinkage). Pure core.
import { cholesky, choleskySolve } from "./cholesky.js";

export interface EffectPriors {
  /** Prior variance of a main effect βᵢ (default 0.01: an sd of 0.1 in pass rate). */
  main?: number;
  /** Prior variance of an interaction γᵢⱼ (default 0.001: interactions are expected to be rarer). */
  pair?: number;
  /** Noise variance of one run's outcome (default 0.01). */
  noise?: number;
}

export interface SkillEffects {
  /** Mean outcome over the runs. */
  intercept: number;
  /** Per skill: 2βᵢ, the pass-rate gain from showing it when the others are shown at random (ρ = ½). */
  main: number[];
  /** γᵢⱼ (symmetric, zero diagonal): showing i gains 2γᵢⱼ more when j is shown, 2γᵢⱼ less when hidden. */
  pair: number[][];
}

export const DEFAULT_PRIORS: Required<EffectPriors> = { main: 0.01, pair: 0.001, noise: 0.01 };

/** The model fitted to masked runs: the mean, and what its posterior (effect-posterior.ts) reuses. */
export interface SkillEffectFit {
  effects: SkillEffects;
  /** The runs in ±1 coding. */
  X: number[][];
  /** Cholesky factor of the run kernel K + σ²I (runKernel), factored once per fit. */
  L: number[][];
  priors: Required<EffectPriors>;
}

/** masks[r][i]: whether skill i was shown in run r; outcomes[r]: that run's pass rate. */
export function estimateSkillEffects(
  masks: readonly (readonly boolean[])[],
  outcomes: readonly number[],
  priors: EffectPriors = {},
): SkillEffects {
  return fitSkillEffects(masks, outcomes, priors).effects;
}

export function fitSkillEffects(
  masks: readonly (readonly boolean[])[],
  outcomes: readonly number[],
  priors: EffectPriors = {},
): SkillEffectFit {
  const p = { ...DEFAULT_PRIORS, ...priors };
  if (masks.length !== outcomes.length)
    throw new Error(`skill effects: ${masks.length} masks but ${outcomes.length} outcomes`);
  const S = masks[0]?.length ?? 0;
  if (masks.some((m) => m.length !== S)) throw new Error("skill effects: masks differ in length");
  if (!(p.main > 0 && p.pair >= 0 && p.noise > 0))
    throw new Error("skill effects: prior variances must be positive (pair may be 0)");
  const R = masks.length;
  const X = masks.map((m) => m.map((shown) => (shown ? 1 : -1)));
  const intercept = R ? outcomes.reduce((s, y) => s + y, 0) / R : 0;
  const L = cholesky(runKernel(X, p));
  const alpha = choleskySolve(
    L,
    outcomes.map((y) => y - intercept),
  );
  const main = Array.from(
    { length: S },
    (_, i) => 2 * p.main * X.reduce((s, x, r) => s + x[i]! * alpha[r]!, 0),
  );
  const pair = Array.from({ length: S }, () => new Array<number>(S).fill(0));
  for (let i = 0; i < S; i++)
    for (let j = i + 1; j < S; j++) {
      const g = p.pair * X.reduce((s, x, r) => s + x[i]! * x[j]! * alpha[r]!, 0);
      pair[i]![j] = g;
      pair[j]![i] = g;
    }
  return { effects: { intercept, main, pair }, X, L, priors: p };
}

/** (K + σ²I) over runs in ±1 coding: K_rs = τ²ₘ·d + τ²ₚ·(d² − S)/2, d = the runs' agreement. */
export function runKernel(X: readonly (readonly number[])[], p: Required<EffectPriors>): number[][] {
  const S = X[0]?.length ?? 0;
  return X.map((xr, r) =>
    X.map((xs, s) => {
      const d = xr.reduce((sum, v, i) => sum + v * xs[i]!, 0);
      return p.main * d + (p.pair * (d * d - S)) / 2 + (r === s ? p.noise : 0);
    }),
  );
}

/** The gain from showing skill i when each skill j is shown with probability shown[j]. */
export function gainOf(effects: SkillEffects, i: number, shown: readonly number[]): number {
  const row = effects.pair[i]!;
  return effects.main[i]! + 2 * row.reduce((s, g, j) => s + g * (2 * shown[j]! - 1), 0);
}
