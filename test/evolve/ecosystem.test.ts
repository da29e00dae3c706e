// SkillSmith's skill ecosystem beyond the replicator (pure core): the posterior's variance and
// draws, the Hedge step within the budget, Thompson sampling's seeded draws, retirement of skills
// the posterior says do not pay, and the adaptive masking rate.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateBudget } from "../../src/core/evolve/budget/allocation.js";
import { runEcosystem } from "../../src/core/evolve/budget/ecosystem.js";
import { chancePositive, effectPosterior, normalCdf } from "../../src/core/evolve/budget/effect-posterior.js";
import { hedgeShares } from "../../src/core/evolve/budget/hedge.js";
import { maskingRates, RHO_FLOOR, warmupRuns } from "../../src/core/evolve/budget/masking-rate.js";
import { RETIRE_BELOW } from "../../src/core/evolve/budget/retirement.js";
import { estimateSkillEffects } from "../../src/core/evolve/budget/skill-effects.js";
import { createRng, deriveRng } from "../../src/vocabulary/rng.js";

// Seeded masking runs of a world where skill 0 helps (+0.3), skill 1 hurts (−0.2), the rest do nothing.
const TRUE = [0.3, -0.2, 0, 0, 0, 0];
function runsOf(n: number, seed = 1, rho = 0.5) {
  const rng = createRng(seed);
  const masks = Array.from({ length: n }, () => TRUE.map(() => !rng.chance(rho)));
  const outcomes = masks.map((m) => {
    const y = 0.4 + TRUE.reduce((s, g, i) => s + (m[i] ? g / 2 : -g / 2), 0) + (rng.next() - 0.5) * 0.1;
    return Math.min(1, Math.max(0, y));
  });
  return { masks, outcomes };
}
const half = TRUE.map(() => 0.5);
const skills = TRUE.map((_, i) => ({ name: `s${i}`, tokens: 100 }));

describe("effectPosterior", () => {
  it("has the estimate as its mean, and a variance that falls with more runs", () => {
    const few = runsOf(8);
    const many = runsOf(64);
    expect(effectPosterior(few.masks, few.outcomes).mean).toEqual(
      estimateSkillEffects(few.masks, few.outcomes),
    );
    const vFew = effectPosterior(few.masks, few.outcomes).gainVariance(0, half);
    const vMany = effectPosterior(many.masks, many.outcomes).gainVariance(0, half);
    expect(vMany).toBeLessThan(vFew / 4);
    // With no runs the variance is the prior's: 4·τ²ₘ for the main effect alone.
    expect(effectPosterior([], []).gainVariance(0, [0.5])).toBeCloseTo(0.04, 12);
  });

  it("matches a posterior computed by hand, pair term included", () => {
    // Two skills, the full 2² design: x₀, x₁ and x₀x₁ are orthogonal over the runs, so each
    // coefficient's posterior is its own: precision 1/τ² + 4/σ², mean (Σ x·(y − ȳ)/σ²)/precision.
    // β: 1/0.01 + 4/0.01 = 500; γ: 1/0.001 + 4/0.01 = 1400. ȳ = 0.6, y − ȳ = (0.3, 0, −0.1, −0.2).
    const masks = [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ];
    const post = effectPosterior(masks, [0.9, 0.6, 0.5, 0.4]);
    // β₀ = 0.6/0.01/500 = 0.12, β₁ = 0.4/0.01/500 = 0.08, γ = 0.2/0.01/1400 = 1/70.
    expect(post.mean.main[0]).toBeCloseTo(0.24, 12);
    expect(post.mean.main[1]).toBeCloseTo(0.16, 12);
    expect(post.mean.pair[0]![1]).toBeCloseTo(1 / 70, 12);
    // Gain of skill 0 = 2β₀ + 2γ(2q₁ − 1): variance 4/500 + 4(2q₁ − 1)²/1400.
    expect(post.gainVariance(0, [0.5, 0.5])).toBeCloseTo(4 / 500, 12);
    expect(post.gainVariance(0, [0.5, 1])).toBeCloseTo(4 / 500 + 4 / 1400, 12);
    expect(post.gainVariance(1, [0, 0.5])).toBeCloseTo(4 / 500 + 4 / 1400, 12);
    expect(chancePositive(post, 0, [0.5, 1])).toBeCloseTo(
      normalCdf((0.24 + 2 / 70) / Math.sqrt(4 / 500 + 4 / 1400)),
      12,
    );
  });

  it("draws around the mean, with the posterior's spread", () => {
    const { masks, outcomes } = runsOf(32);
    const post = effectPosterior(masks, outcomes);
    const rng = createRng(9);
    const draws = Array.from({ length: 2000 }, () => post.sample(rng).main[0]!);
    const m = draws.reduce((s, x) => s + x, 0) / draws.length;
    const v = draws.reduce((s, x) => s + (x - m) ** 2, 0) / draws.length;
    expect(m).toBeCloseTo(post.mean.main[0]!, 2);
    expect(v / post.gainVariance(0, half)).toBeGreaterThan(0.85);
    expect(v / post.gainVariance(0, half)).toBeLessThan(1.15);
  });

  it("says a helpful skill pays and a harmful one does not", () => {
    const { masks, outcomes } = runsOf(48);
    const post = effectPosterior(masks, outcomes);
    expect(chancePositive(post, 0, half)).toBeGreaterThan(0.99);
    expect(chancePositive(post, 1, half)).toBeLessThan(RETIRE_BELOW);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
  });
});

describe("the Hedge step", () => {
  it("never reserves more than the budget, and favours the skill that helps", () => {
    const { masks, outcomes } = runsOf(48);
    const effects = estimateSkillEffects(masks, outcomes);
    const h = hedgeShares([100, 100, 100, 100, 100, 100], 250, 200, () => effects);
    const reserved = h.shown.reduce((s, p) => s - 100 * Math.log(1 - p), 0);
    expect(reserved).toBeLessThanOrEqual(250 + 1e-9);
    expect(h.shown[0]).toBe(Math.max(...h.shown));
    expect(h.shown[1]).toBe(Math.min(...h.shown));
  });

  it("keeps every exposure list within the budget", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer(),
        (tokens, budget, seed) => {
          const rng = createRng(seed);
          const main = tokens.map(() => rng.next() * 0.4 - 0.2);
          const pair = tokens.map(() => tokens.map(() => 0));
          const a = allocateBudget({
            skills: tokens.map((t, i) => ({ name: `s${i}`, tokens: t })),
            effects: { intercept: 0.5, main, pair },
            budget,
            dynamics: "hedge",
          });
          expect(a.tokens).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("runEcosystem", () => {
  const base = (knobs: Partial<Parameters<typeof runEcosystem>[0]>) => ({
    skills,
    ...runsOf(48),
    budget: 250,
    dynamics: "thompson" as const,
    rng: () => deriveRng(3, "thompson:1"),
    ...knobs,
  });

  it("gives the same list from the same seed (Thompson draws are seeded)", () => {
    const a = runEcosystem(base({}));
    const b = runEcosystem(base({}));
    expect(a.allocation).toEqual(b.allocation);
    expect(a.allocation.exposure[0]).toBe("s0");
    expect(a.allocation.exposure).not.toContain("s1");
  });

  it("leaves the default path unchanged: the replicator without retirement is allocateBudget", () => {
    const input = base({ dynamics: "replicator" });
    const effects = estimateSkillEffects(input.masks, input.outcomes);
    expect(runEcosystem(input).allocation).toEqual(allocateBudget({ skills, effects, budget: 250 }));
  });

  it("retires after R strikes in a row, and a retired skill is never exposed again", () => {
    const first = runEcosystem(base({ retireAfter: 2 }));
    expect(first.retirement!.flagged).toEqual([expect.objectContaining({ skill: "s1", strikes: 1 })]);
    expect(first.retirement!.retired).toEqual([]);
    const second = runEcosystem(base({ retireAfter: 2, previous: first.retirement! }));
    expect(second.retirement!.flagged[0]).toMatchObject({ skill: "s1", strikes: 2 });
    expect(second.retirement!.retired).toEqual(["s1"]);
    expect(second.allocation.exposure).not.toContain("s1");
    expect(second.allocation.shares).not.toHaveProperty("s1");
    // Once retired it stays so, even when later runs would not flag it.
    const later = runEcosystem(base({ ...runsOf(8, 5), retireAfter: 2, previous: second.retirement! }));
    expect(later.retirement!.retired).toEqual(["s1"]);
    expect(later.allocation.shares).not.toHaveProperty("s1");
  });

  it("resets the strikes of a skill that is not flagged this time", () => {
    const first = runEcosystem(base({ retireAfter: 3 }));
    const quiet = runEcosystem(base({ ...runsOf(4, 8), retireAfter: 3, previous: first.retirement! }));
    expect(quiet.retirement!.flagged.find((f) => f.skill === "s1")).toBeUndefined();
    expect(quiet.retirement!.retired).toEqual([]);
  });
});

describe("maskingRates", () => {
  it("is the fixed rate when one is given", () => {
    expect(maskingRates(0.3, 4, 20, { masks: [], outcomes: [] })).toEqual([0.3, 0.3, 0.3, 0.3]);
  });

  it("adapts after the warm-up: settled skills are hidden less, ambiguous ones near ½", () => {
    expect(warmupRuns(48)).toBe(12);
    const early = runsOf(5);
    expect(maskingRates("adaptive", 6, 48, early)).toEqual(half);
    const rates = maskingRates("adaptive", 6, 48, runsOf(40));
    expect(rates[0]).toBeCloseTo(RHO_FLOOR, 2); // clearly helps
    expect(rates[1]).toBeCloseTo(RHO_FLOOR, 2); // clearly hurts
    for (const r of rates.slice(2)) expect(r).toBeGreaterThan(0.3); // no effect yet told apart from 0
    for (const r of rates) expect(r).toBeGreaterThanOrEqual(RHO_FLOOR);
  });
});
