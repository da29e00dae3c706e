// Which skills fit a context budget (SkillSmith §3): shares follow replicator dynamics by marginal
// utility per token, xᵢ ← xᵢ·fᵢ/f̄. A share is the fraction of the budget a skill holds, so skill j
// is shown with propensity pⱼ = xⱼ·B/tⱼ, and a share never exceeds tⱼ/B (a skill cannot use more
// of the budget than its own size; the excess goes to the others in proportion). Fitness is the
// marginal utility per token, fᵢ = max(0, gainᵢ(p))/tᵢ + ε, where gainᵢ is its estimated pass-rate
// gain given the others' propensities (skill-effects.ts). So shares settle near a fractional
// knapsack by utility per token: the best skills fill up to their size, the rest fade. The exposure list then takes skills by propensity
// (share per own size), largest first, while they fit; a skill whose gain is negative is left out.
// It never exceeds the budget. A scope that fits is exposed whole. `dynamics: "hedge"` moves the
// shares by SkillSmith's Hedge step instead (hedge.ts); the list is built the same way. Pure core.
import { gainOf, type SkillEffects } from "./skill-effects.js";
import { hedgeShares } from "./hedge.js";

export interface AllocationInput {
  /** The scope's skills and their token sizes (SKILL.md estimate), in the order of `effects`. */
  skills: readonly { name: string; tokens: number }[];
  effects: SkillEffects;
  /** Tokens the exposed skills may take together. */
  budget: number;
  /** Rounds of the dynamics (default 200). */
  rounds?: number;
  /** `replicator` (default) or SkillSmith's Hedge step (hedge.ts) on the effects of each round. */
  dynamics?: "replicator" | "hedge";
  /** The Hedge step's effects at each round (a posterior draw: Thompson sampling); absent = `effects`. */
  effectsAt?: (round: number) => SkillEffects;
}

export interface Allocation {
  /** The exposed skills, by propensity (largest first). */
  exposure: string[];
  /** Their tokens together (≤ budget). */
  tokens: number;
  /** Each skill's final share (replicator: sums to 1; Hedge: the null type holds the rest), by name. */
  shares: Record<string, number>;
  /** Each skill's final propensity to be shown, by name. */
  shown: Record<string, number>;
}

/** Keeps every fitness positive, so a useless skill's share decays instead of vanishing at once. */
const EPSILON = 1e-9;

export function allocateBudget(input: AllocationInput): Allocation {
  const { skills, effects, budget } = input;
  if (!(budget > 0)) throw new Error(`context budget must be a positive number of tokens, not ${budget}`);
  const bad = skills.find((s) => !(s.tokens > 0));
  if (bad) throw new Error(`skill ${bad.name}: token size must be positive, not ${bad.tokens}`);
  if (effects.main.length !== skills.length)
    throw new Error(`allocation: ${skills.length} skills but ${effects.main.length} effects`);
  const total = skills.reduce((s, k) => s + k.tokens, 0);
  if (total <= budget) {
    const share = 1 / Math.max(1, skills.length);
    return {
      exposure: skills.map((s) => s.name),
      tokens: total,
      shares: Object.fromEntries(skills.map((s) => [s.name, share])),
      shown: Object.fromEntries(skills.map((s) => [s.name, 1])),
    };
  }
  const rounds = input.rounds ?? 200;
  const { x, shown } =
    input.dynamics === "hedge"
      ? hedgeOf(input, rounds)
      : (() => {
          const r = replicate(skills, effects, budget, rounds);
          return { x: r, shown: propensities(r, skills, budget) };
        })();
  const order = skills
    .map((s, i) => ({
      i,
      name: s.name,
      share: x[i]!,
      p: shown[i]!,
      value: gainOf(effects, i, shown) / s.tokens,
    }))
    .sort((a, b) => b.p - a.p || b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const exposure: string[] = [];
  let tokens = 0;
  for (const { i, name } of order) {
    if (gainOf(effects, i, shown) < 0) continue;
    if (tokens + skills[i]!.tokens > budget) continue;
    exposure.push(name);
    tokens += skills[i]!.tokens;
  }
  return {
    exposure,
    tokens,
    shares: Object.fromEntries(order.map((o) => [o.name, o.share])),
    shown: Object.fromEntries(order.map((o) => [o.name, o.p])),
  };
}

function hedgeOf(input: AllocationInput, rounds: number): { x: number[]; shown: number[] } {
  const h = hedgeShares(
    input.skills.map((s) => s.tokens),
    input.budget,
    rounds,
    input.effectsAt ?? (() => input.effects),
  );
  return { x: h.shares, shown: h.shown };
}

function replicate(
  skills: AllocationInput["skills"],
  effects: SkillEffects,
  budget: number,
  rounds: number,
): number[] {
  let x = skills.map(() => 1 / skills.length);
  for (let round = 0; round < rounds; round++) {
    const shown = propensities(x, skills, budget);
    const f = skills.map((s, i) => Math.max(0, gainOf(effects, i, shown)) / s.tokens + EPSILON);
    const mean = x.reduce((s, xi, i) => s + xi * f[i]!, 0);
    x = capShares(
      x.map((xi, i) => (xi * f[i]!) / mean),
      skills.map((s) => s.tokens / budget),
    );
  }
  return x;
}

/** Shares capped at each skill's size; the excess is spread over the uncapped in proportion. */
function capShares(x: number[], caps: readonly number[]): number[] {
  const out = [...x];
  for (let pass = 0; pass < caps.length; pass++) {
    let excess = 0;
    let free = 0;
    for (let i = 0; i < out.length; i++) {
      if (out[i]! > caps[i]!) {
        excess += out[i]! - caps[i]!;
        out[i] = caps[i]!;
      } else if (out[i]! < caps[i]!) free += out[i]!;
    }
    if (excess <= 1e-15 || free <= 0) break;
    for (let i = 0; i < out.length; i++) if (out[i]! < caps[i]!) out[i] = out[i]! * (1 + excess / free);
  }
  return out;
}

function propensities(x: readonly number[], skills: AllocationInput["skills"], budget: number): number[] {
  return x.map((xi, i) => Math.min(1, (xi * budget) / skills[i]!.tokens));
}
