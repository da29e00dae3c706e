// SkillSmith's skill ecosystem (§3.2) as the paper writes it: reserved shares y over the skills and
// a null type 0 (unused context, fitness 0), skill i shown with propensity pᵢ = 1 − exp(−B·yᵢ/tᵢ)
// (reserved tokens Tᵢ = −tᵢ·log(1 − pᵢ) = B·yᵢ, so they never exceed the budget), fitness the
// marginal utility per reserved token fᵢ = B·gᵢ(p)·(1 − pᵢ)/tᵢ, and the Hedge step
//   yᵢ ← yᵢ·exp(η·fᵢ) / Σₖ yₖ·exp(η·fₖ).
// η follows the paper's step bound, log 2 / (3·D_f) with D_f the fitness range of the round, so
// no share moves by more than a factor 2^{1/3} per round. `effectsAt(round)` gives the effects of
// each round: the posterior mean (`hedge`) or a fresh posterior draw (`thompson`). Pure core.
import { gainOf, type SkillEffects } from "./skill-effects.js";

export interface HedgeResult {
  /** Per skill: its propensity to be shown. */
  shown: number[];
  /** Per skill: its reserved share of the budget (the null type holds the rest). */
  shares: number[];
}

export function hedgeShares(
  tokens: readonly number[],
  budget: number,
  rounds: number,
  effectsAt: (round: number) => SkillEffects,
): HedgeResult {
  const n = tokens.length;
  let y = new Array<number>(n + 1).fill(1 / (n + 1)); // y[n] is the null type
  for (let round = 0; round < rounds; round++) {
    const effects = effectsAt(round);
    const p = propensitiesOf(y, tokens, budget);
    const f = tokens.map((t, i) => (budget * gainOf(effects, i, p) * (1 - p[i]!)) / t);
    f.push(0);
    const range = Math.max(...f) - Math.min(...f);
    if (!(range > 1e-12)) continue;
    const eta = Math.LN2 / (3 * range);
    const w = y.map((yi, i) => yi * Math.exp(eta * f[i]!));
    const z = w.reduce((s, x) => s + x, 0);
    y = w.map((x) => x / z);
  }
  return { shown: propensitiesOf(y, tokens, budget), shares: y.slice(0, n) };
}

function propensitiesOf(y: readonly number[], tokens: readonly number[], budget: number): number[] {
  return tokens.map((t, i) => 1 - Math.exp((-budget * y[i]!) / t));
}
