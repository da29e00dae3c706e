import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PoolEntry } from "../../src/core/cases/pool.js";
import { buildPoolIndex } from "../../src/core/cases/pool.js";
import {
  allocateEqually,
  sampleRegression,
  sampleRegressionLayers,
  selectAnchors,
} from "../../src/core/cases/sample.js";
import { createRng } from "../../src/vocabulary/rng.js";

const CATEGORIES = ["general", "hallucination", "special"];
const SKILLS = ["book", "cancel", "modify", "bags", "comp"];

const entry = (id: string, category: string, skills: string[]): PoolEntry => ({
  id,
  category,
  skills,
  path: `${category}/${id}.yml`,
});

/** An arbitrary pool: unique ids, skewed categories, 0-3 skills per case. */
const pool = fc
  .array(
    fc.record({
      c: fc.constantFrom(...CATEGORIES, "general", "general"),
      s: fc.subarray(SKILLS, { maxLength: 3 }),
    }),
    { minLength: 0, maxLength: 120 },
  )
  .map((rows) => rows.map((r, i) => entry(`case-${i}`, r.c, r.s)));

const request = fc.record({
  evalSetSize: fc.integer({ min: 0, max: 80 }),
  fraction: fc.constantFrom(0.25, 0.5, 1, 2),
  modified: fc.subarray(SKILLS, { maxLength: 2 }),
  excludeEvery: fc.integer({ min: 2, max: 9 }),
  seed: fc.integer(),
});

describe("sampleRegression", () => {
  it("is seeded, without replacement, within budget and never returns an excluded case", () => {
    fc.assert(
      fc.property(pool, request, (entries, r) => {
        const { index } = buildPoolIndex(entries);
        const exclude = entries.filter((_, i) => i % r.excludeEvery === 0).map((e) => e.id);
        const args = {
          index,
          evalSetSize: r.evalSetSize,
          fraction: r.fraction,
          modifiedSkills: r.modified,
          exclude,
        };
        const a = sampleRegression({ ...args, rng: createRng(r.seed) });
        const b = sampleRegression({ ...args, rng: createRng(r.seed) });
        expect(b).toEqual(a); // same seed → same sample
        expect(new Set(a.map((e) => e.id)).size).toBe(a.length); // no replacement
        expect(a.some((e) => exclude.includes(e.id))).toBe(false); // anchors excluded
        const eligible = entries.length - exclude.length;
        expect(a.length).toBe(Math.min(Math.round(r.fraction * r.evalSetSize), eligible)); // exact budget
      }),
      { numRuns: 300 },
    );
  });

  it("does not depend on the order the files were scanned in", () => {
    fc.assert(
      fc.property(pool, request, (entries, r) => {
        const args = { evalSetSize: r.evalSetSize, fraction: r.fraction, modifiedSkills: r.modified };
        const a = sampleRegression({ ...args, index: buildPoolIndex(entries).index, rng: createRng(r.seed) });
        const b = sampleRegression({
          ...args,
          index: buildPoolIndex([...entries].reverse()).index,
          rng: createRng(r.seed),
        });
        expect(b).toEqual(a);
      }),
      { numRuns: 100 },
    );
  });

  it("draws the targeted layer first: no untargeted case while a modified skill's case was left out", () => {
    fc.assert(
      fc.property(pool, request, (entries, r) => {
        const { index } = buildPoolIndex(entries);
        const exclude = entries.filter((_, i) => i % r.excludeEvery === 0).map((e) => e.id);
        const s = sampleRegressionLayers({
          index,
          evalSetSize: r.evalSetSize,
          fraction: r.fraction,
          modifiedSkills: r.modified,
          exclude,
          rng: createRng(r.seed),
        });
        const isTargeted = (e: PoolEntry) => e.skills.some((k) => r.modified.includes(k));
        expect(s.targeted.every(isTargeted)).toBe(true);
        const targetedAvailable = entries.filter((e) => isTargeted(e) && !exclude.includes(e.id)).length;
        expect(s.targeted.length).toBe(Math.min(s.budget, targetedAvailable));
        // The concatenated sample puts the targeted layer first.
        const all = sampleRegression({
          index,
          evalSetSize: r.evalSetSize,
          fraction: r.fraction,
          modifiedSkills: r.modified,
          exclude,
          rng: createRng(r.seed),
        });
        expect(all.slice(0, s.targeted.length)).toEqual(s.targeted);
      }),
      { numRuns: 300 },
    );
  });

  it("spreads the targeted layer across the modified skills", () => {
    const entries = [
      ...Array.from({ length: 100 }, (_, i) => entry(`big-${i}`, "general", ["book"])),
      ...Array.from({ length: 5 }, (_, i) => entry(`small-${i}`, "special", ["comp"])),
    ];
    const { index } = buildPoolIndex(entries);
    const s = sampleRegressionLayers({
      index,
      evalSetSize: 12,
      modifiedSkills: ["book", "comp"],
      rng: createRng(1),
    });
    expect(s.targeted.filter((e) => e.skills.includes("comp"))).toHaveLength(3);
    expect(s.targeted.filter((e) => e.skills.includes("book"))).toHaveLength(3);
  });

  it("stratifies layer (ii): each category gets at least min(its remaining cases, an equal share)", () => {
    fc.assert(
      fc.property(pool, request, (entries, r) => {
        const { index } = buildPoolIndex(entries);
        const s = sampleRegressionLayers({
          index,
          evalSetSize: r.evalSetSize,
          fraction: r.fraction,
          modifiedSkills: r.modified,
          rng: createRng(r.seed),
        });
        const taken = new Set(s.targeted.map((e) => e.id));
        const left = new Map(
          CATEGORIES.map((c) => [c, entries.filter((e) => e.category === c && !taken.has(e.id)).length]),
        );
        const nonEmpty = [...left.values()].filter((n) => n > 0).length;
        const share = nonEmpty === 0 ? 0 : Math.floor(s.stratified.length / nonEmpty);
        for (const c of CATEGORIES) {
          const got = s.stratified.filter((e) => e.category === c).length;
          expect(got).toBeGreaterThanOrEqual(Math.min(left.get(c)!, share));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a minority category represented however large the majority grows", () => {
    const entries = [
      ...Array.from({ length: 20_000 }, (_, i) => entry(`g-${i}`, "general", ["book"])),
      ...Array.from({ length: 20 }, (_, i) => entry(`s-${i}`, "special", ["comp"])),
    ];
    const { index } = buildPoolIndex(entries);
    const sample = sampleRegression({ index, evalSetSize: 40, modifiedSkills: [], rng: createRng(3) });
    expect(sample.filter((e) => e.category === "special")).toHaveLength(10);
    expect(sample).toHaveLength(20);
  });

  it("gives different samples for different seeds and validates its arguments", () => {
    const { index } = buildPoolIndex(
      Array.from({ length: 500 }, (_, i) => entry(`c-${i}`, CATEGORIES[i % 3]!, [])),
    );
    const ids = (seed: number) =>
      sampleRegression({ index, evalSetSize: 20, modifiedSkills: [], rng: createRng(seed) }).map((e) => e.id);
    expect(ids(1)).not.toEqual(ids(2));
    expect(() => sampleRegression({ index, evalSetSize: -1, modifiedSkills: [], rng: createRng(1) })).toThrow(
      /evalSetSize/,
    );
    expect(() =>
      sampleRegression({
        index,
        evalSetSize: 2,
        fraction: Number.NaN,
        modifiedSkills: [],
        rng: createRng(1),
      }),
    ).toThrow(/fraction/);
  });
});

describe("allocateEqually", () => {
  it("water-fills: sums to min(budget, total) and never exceeds availability", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 30 }), { minLength: 1, maxLength: 5 }),
        fc.nat({ max: 100 }),
        fc.integer(),
        (sizes, budget, seed) => {
          const avail = new Map(sizes.map((n, i) => [`c${i}`, n]));
          const alloc = allocateEqually(avail, budget, createRng(seed));
          const total = [...alloc.values()].reduce((a, b) => a + b, 0);
          expect(total).toBe(
            Math.min(
              budget,
              sizes.reduce((a, b) => a + b, 0),
            ),
          );
          for (const [c, n] of alloc) expect(n).toBeLessThanOrEqual(avail.get(c)!);
        },
      ),
    );
  });
});

describe("selectAnchors", () => {
  it("returns cases of the skill only, spread over categories, honouring exclude and the seed", () => {
    fc.assert(
      fc.property(
        pool,
        fc.constantFrom(...SKILLS),
        fc.nat({ max: 6 }),
        fc.integer(),
        (entries, skill, count, seed) => {
          const { index } = buildPoolIndex(entries);
          const exclude = entries.filter((_, i) => i % 4 === 0).map((e) => e.id);
          const a = selectAnchors({ index, skill, count, rng: createRng(seed), exclude });
          expect(selectAnchors({ index, skill, count, rng: createRng(seed), exclude })).toEqual(a);
          expect(a.every((e) => e.skills.includes(skill) && !exclude.includes(e.id))).toBe(true);
          expect(new Set(a.map((e) => e.id)).size).toBe(a.length);
          const available = entries.filter((e) => e.skills.includes(skill) && !exclude.includes(e.id));
          expect(a.length).toBe(Math.min(count, available.length));
          const categories = new Set(available.map((e) => e.category));
          expect(new Set(a.map((e) => e.category)).size).toBe(Math.min(count, categories.size));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("detection under pool growth (FRAMES §A.9.3)", () => {
  // Pools where each of 10 skills owns a fixed share of cases and a fraction α = 0.1 of the cases of
  // the edited skill exhibit the regression. Detection = the sample contains an affected case.
  const detectionRate = (size: number, trials: number) => {
    const entries = Array.from({ length: size }, (_, i) =>
      entry(`c-${i}`, CATEGORIES[i % 3]!, [`s${i % 10}`]),
    );
    const affected = new Set(
      entries.filter((e, i) => e.skills[0] === "s0" && Math.floor(i / 10) % 10 === 0).map((e) => e.id),
    );
    const { index } = buildPoolIndex(entries);
    let hits = 0;
    for (let t = 0; t < trials; t++) {
      const sample = sampleRegression({
        index,
        evalSetSize: 16,
        modifiedSkills: ["s0"],
        rng: createRng(1000 + t),
      });
      if (sample.some((e) => affected.has(e.id))) hits++;
    }
    return { rate: hits / trials, alpha: affected.size / index.bySkill.get("s0")!.length };
  };

  it("does not fall as the pool grows 50-fold, and meets the 1 − (1 − α)^n bound", () => {
    const trials = 400;
    const small = detectionRate(1_000, trials);
    const large = detectionRate(50_000, trials);
    expect(small.alpha).toBeCloseTo(0.1, 2);
    expect(large.alpha).toBeCloseTo(0.1, 2);
    const bound = 1 - (1 - 0.1) ** 8; // budget round(0.5 × 16) = 8, all targeted
    // Binomial standard error at 400 trials is about 0.024; allow 3 of them.
    expect(small.rate).toBeGreaterThan(bound - 0.075);
    expect(large.rate).toBeGreaterThan(bound - 0.075);
    expect(large.rate).toBeGreaterThan(small.rate - 0.075);
  });
});
