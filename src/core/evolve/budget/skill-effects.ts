// Each skill's effect on the pass rate, and each pair's interaction, from masked evaluation runs
// (SkillSmith §3, the skill ecosystem). A linear model in ±1 coding (x = +1 shown, −1 hidden):
//   y = b + Σ βᵢ xᵢ + Σ_{i<j} γᵢⱼ xᵢ xⱼ
// with independent normal priors βᵢ ~ N(0, τ²_main), γᵢⱼ ~ N(0, τ²_pair) and noise N(0, σ²). The
// posterior mean is ridge regression; it is computed in its dual form, (K + σ²I)α = y − ȳ with
// K = XΛXᵀ, because there are far fewer runs than pairs, and K has a closed form: for runs r, s with
// d = Σᵢ x_ri x_si, K_rs = τ²_main·d + τ²_pair·(d² − S)/2. An interaction that the runs do not
// support stays near its prior mean 0 (shrinkage). Pure core.

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

/** masks[r][i]: whether skill i was shown in run r; outcomes[r]: that run's pass rate. */
export function estimateSkillEffects(
  masks: readonly (readonly boolean[])[],
  outcomes: readonly number[],
  priors: EffectPriors = {},
): SkillEffects {
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
  const K = X.map((xr, r) =>
    X.map((xs, s) => {
      const d = xr.reduce((sum, v, i) => sum + v * xs[i]!, 0);
      return p.main * d + (p.pair * (d * d - S)) / 2 + (r === s ? p.noise : 0);
    }),
  );
  const alpha = solveSpd(
    K,
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
  return { intercept, main, pair };
}

/** The gain from showing skill i when each skill j is shown with probability shown[j]. */
export function gainOf(effects: SkillEffects, i: number, shown: readonly number[]): number {
  const row = effects.pair[i]!;
  return effects.main[i]! + 2 * row.reduce((s, g, j) => s + g * (2 * shown[j]! - 1), 0);
}

/** Solves A·x = b for a symmetric positive definite A (Cholesky). */
function solveSpd(A: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const L = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = A[i]![j]!;
      for (let k = 0; k < j; k++) sum -= L[i]![k]! * L[j]![k]!;
      if (i === j) {
        if (sum <= 0) throw new Error("skill effects: the run covariance is not positive definite");
        L[i]![i] = Math.sqrt(sum);
      } else L[i]![j] = sum / L[j]![j]!;
    }
  const z = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= L[i]![k]! * z[k]!;
    z[i] = sum / L[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = z[i]!;
    for (let k = i + 1; k < n; k++) sum -= L[k]![i]! * x[k]!;
    x[i] = sum / L[i]![i]!;
  }
  return x;
}
