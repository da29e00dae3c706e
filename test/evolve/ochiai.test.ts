import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CaseResult } from "../../src/records/eval-record.js";
import { ochiai, rankSuspects } from "../../src/core/evolve/localise/ochiai.js";
import { spectrumOf, type SpectrumRow } from "../../src/core/evolve/localise/spectrum.js";

const COMPONENTS = ["a", "b", "c", "a#Checks", "b#Rules", "c#Steps"];

const row = fc.record({
  case: fc.constantFrom("c1", "c2", "c3", "c4"),
  passed: fc.boolean(),
  touched: fc.uniqueArray(fc.constantFrom(...COMPONENTS), { maxLength: 4 }),
});
const rows = fc.array(row, { minLength: 1, maxLength: 30 });

describe("Ochiai ranking (property tests)", () => {
  it("a component every failing run and no passing run touched ranks first, with score 1", () => {
    fc.assert(
      fc.property(rows, (rs) => {
        fc.pre(rs.some((r) => !r.passed));
        // "culprit" is touched exactly by the failing runs.
        const marked: SpectrumRow[] = rs.map((r) => ({
          ...r,
          touched: r.passed ? r.touched : [...r.touched, "culprit"],
        }));
        const ranked = rankSuspects(marked);
        const culprit = ranked.find((s) => s.component === "culprit")!;
        expect(culprit.score).toBe(1);
        expect(ranked[0]!.score).toBe(1);
        // Anything tied with it is equally "all failing, no passing" evidence.
        for (const s of ranked.filter((x) => x.score === 1)) {
          expect(s.ep).toBe(0);
          expect(s.ef).toBe(culprit.failing);
        }
      }),
    );
  });

  it("a component no failing run touched scores 0", () => {
    fc.assert(
      fc.property(rows, (rs) => {
        const marked = rs.map((r) => ({ ...r, touched: r.passed ? [...r.touched, "innocent"] : r.touched }));
        const innocent = rankSuspects(marked).find((s) => s.component === "innocent");
        if (innocent) expect(innocent).toMatchObject({ score: 0, ef: 0, cases: [] });
      }),
    );
  });

  it("the ranking does not depend on the order of the runs", () => {
    fc.assert(
      fc.property(
        rows.chain((rs) => fc.tuple(fc.constant(rs), fc.shuffledSubarray(rs, { minLength: rs.length }))),
        ([rs, shuffled]) => {
          expect(rankSuspects(shuffled)).toEqual(rankSuspects(rs));
        },
      ),
    );
  });

  it("scores are ef / sqrt(F · (ef + ep)) and lie in [0, 1]", () => {
    fc.assert(
      fc.property(rows, (rs) => {
        const F = rs.filter((r) => !r.passed).length;
        for (const s of rankSuspects(rs)) {
          const ef = rs.filter((r) => !r.passed && r.touched.includes(s.component)).length;
          const ep = rs.filter((r) => r.passed && r.touched.includes(s.component)).length;
          expect([s.ef, s.ep, s.failing]).toEqual([ef, ep, F]);
          expect(s.score).toBeCloseTo(ef === 0 ? 0 : ef / Math.sqrt(F * (ef + ep)), 12);
          expect(s.score).toBeGreaterThanOrEqual(0);
          expect(s.score).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it("worked example: 2 of 3 failing runs through a#Checks, 1 passing run", () => {
    const ranked = rankSuspects([
      { case: "x", passed: false, touched: ["a", "a#Checks"] },
      { case: "y", passed: false, touched: ["a", "a#Checks"] },
      { case: "y", passed: false, touched: ["b"] },
      { case: "z", passed: true, touched: ["a", "a#Checks", "b"] },
    ]);
    expect(ranked.map((s) => s.component)).toEqual(["a#Checks", "a", "b"]);
    expect(ranked[0]).toMatchObject({ ef: 2, ep: 1, failing: 3, cases: ["x", "y"] });
    expect(ranked[0]!.score).toBeCloseTo(ochiai(2, 1, 3), 12);
    expect(ranked[0]!.score).toBeCloseTo(2 / 3, 12);
  });
});

describe("the spectrum from measured results", () => {
  const run = (pass: boolean, skills: string[], sections?: { skill: string; section: string }[]) => ({
    runIndex: 0,
    pass,
    cached: false,
    tokens: { input: 0, output: 0, cached: 0 },
    skillsLoaded: skills,
    ...(sections ? { sectionsRead: sections } : {}),
    items: [],
  });
  const result = (id: string, runDetails: CaseResult["runDetails"]): CaseResult => ({
    id,
    category: "general",
    planned: runDetails.length,
    runs: runDetails.length,
    successes: runDetails.filter((d) => d.pass).length,
    passAtK: runDetails.some((d) => d.pass) ? 1 : 0,
    tokens: { input: 0, output: 0, cached: 0 },
    executed: runDetails.length,
    savedByCache: 0,
    savedByEarlyStop: 0,
    scoringTokens: { input: 0, output: 0, cached: 0 },
    runDetails,
  });

  it("has one row per run, with skills and skill#section, and leaves transient failures out", () => {
    const rows = spectrumOf([
      result("c1", [
        run(false, ["a"], [{ skill: "a", section: "Checks" }]),
        { ...run(false, ["b"]), transient: true, error: "HTTP 429" },
        run(true, ["a", "b"]),
      ]),
    ]);
    // Two rows stand for the three planned runs: each weighs 3/2.
    expect(rows).toEqual([
      { case: "c1", passed: false, touched: ["a", "a#Checks"], weight: 1.5 },
      { case: "c1", passed: true, touched: ["a", "b"], weight: 1.5 },
    ]);
  });

  it("names the scripts a run ran as components of their own", () => {
    const rows = spectrumOf([
      result("c1", [
        { ...run(false, ["a"]), scriptsRun: ["a/scripts/check.py"] },
        run(true, ["a"], [{ skill: "a", section: "Checks" }]),
      ]),
    ]);
    expect(rows.map((r) => r.touched)).toEqual([
      ["a", "a/scripts/check.py"],
      ["a", "a#Checks"],
    ]);
    const ranked = rankSuspects(rows);
    expect(ranked[0]).toMatchObject({ component: "a/scripts/check.py", score: 1, ef: 1, ep: 0 });
  });
});
