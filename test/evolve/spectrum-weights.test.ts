// Early stop must not bias fault localisation (docs/engine.md "Fault localisation"): a passing case
// stops at its first passing run, so without weights its passing runs are under-counted and every
// component those cases touch looks more suspicious than the complete measurement says. Each row
// stands for planned / rows runs of its case; these tests check that an early-stopped measurement
// then ranks as the complete one would.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CaseResult, ExecutionRecord } from "../../src/records/eval-record.js";
import { rankSuspects } from "../../src/core/evolve/localise/ochiai.js";
import { spectrumOf } from "../../src/core/evolve/localise/spectrum.js";

const run = (runIndex: number, pass: boolean, skillsLoaded: string[]): ExecutionRecord => ({
  runIndex,
  pass,
  cached: false,
  tokens: { input: 0, output: 0, cached: 0 },
  skillsLoaded,
  items: [],
});

function result(id: string, runDetails: ExecutionRecord[], planned = 3): CaseResult {
  const successes = runDetails.filter((d) => d.pass).length;
  return {
    id,
    category: "general",
    planned,
    runs: runDetails.length,
    successes,
    passAtK: successes > 0 ? 1 : 0,
    tokens: { input: 0, output: 0, cached: 0 },
    executed: runDetails.length,
    savedByCache: 0,
    savedByEarlyStop: planned - runDetails.length,
    scoringTokens: { input: 0, output: 0, cached: 0 },
    runDetails,
  };
}

/** What early stop at n = k keeps of a case: its runs up to and including the first pass. */
function earlyStopped(r: CaseResult): CaseResult {
  const first = r.runDetails.findIndex((d) => d.pass);
  return first < 0 ? r : result(r.id, r.runDetails.slice(0, first + 1), r.planned);
}

const unweighted = (rs: CaseResult[]) => spectrumOf(rs).map(({ weight: _w, ...row }) => row);
const order = (rs: ReturnType<typeof rankSuspects>) => rs.map((s) => s.component);

describe("a spectrum from an early-stopped measurement (constructed example)", () => {
  // x: 3 failing runs (c1) and a passing case of 3 runs (c2) that early stop cuts to 1.
  // y: 3 failing runs (c4) and two cases whose third run passes through it (c5, c6: not cut).
  const complete = [
    result("c1", [run(0, false, ["x"]), run(1, false, ["x"]), run(2, false, ["x"])]),
    result("c2", [run(0, true, ["x"]), run(1, true, ["x"]), run(2, true, ["x"])]),
    result("c4", [run(0, false, ["y"]), run(1, false, ["y"]), run(2, false, ["y"])]),
    result("c5", [run(0, false, []), run(1, false, []), run(2, true, ["y"])]),
    result("c6", [run(0, false, []), run(1, false, []), run(2, true, ["y"])]),
  ];
  const stopped = complete.map(earlyStopped);

  it("early stop cut only c2, to one run", () => {
    expect(stopped.map((r) => r.runs)).toEqual([3, 1, 3, 3, 3]);
  });

  it("ranks as the complete measurement, with the same scores", () => {
    const full = rankSuspects(spectrumOf(complete));
    const weighted = rankSuspects(spectrumOf(stopped));
    expect(order(full)).toEqual(["y", "x"]);
    expect(order(weighted)).toEqual(order(full));
    for (const [i, s] of weighted.entries()) {
      expect(s.score).toBeCloseTo(full[i]!.score, 12);
      expect([s.ef, s.ep, s.failing]).toEqual([full[i]!.ef, full[i]!.ep, full[i]!.failing]);
    }
  });

  it("counted unweighted, it would put x first: the bias the weights remove", () => {
    expect(order(rankSuspects(unweighted(stopped)))).toEqual(["x", "y"]);
  });
});

describe("early stop and weights (property)", () => {
  const component = fc.constantFrom("a", "b", "c", "a#Checks", "b/scripts/check.py");
  // A case whose runs all behave alike (same outcome, same components): early stop's one run of a
  // passing case is then a faithful sample of its planned runs.
  const homogeneousCase = fc.record({
    pass: fc.boolean(),
    touched: fc.uniqueArray(component, { minLength: 1, maxLength: 3 }),
    planned: fc.integer({ min: 1, max: 5 }),
  });

  /** Every planned run of each case, all alike. */
  const measured = (cases: { pass: boolean; touched: string[]; planned: number }[]) =>
    cases.map((c, i) =>
      result(
        `c${i}`,
        Array.from({ length: c.planned }, (_, j) => run(j, c.pass, c.touched)),
        c.planned,
      ),
    );
  const measurements = fc.array(homogeneousCase, { minLength: 1, maxLength: 8 });

  it("a measurement of homogeneous cases ranks the same whether early stop cut it or not", () => {
    fc.assert(
      fc.property(measurements, (cases) => {
        const complete = measured(cases);
        const full = rankSuspects(spectrumOf(complete));
        const weighted = rankSuspects(spectrumOf(complete.map(earlyStopped)));
        expect(order(weighted)).toEqual(order(full));
        for (const [i, s] of weighted.entries()) expect(s.score).toBeCloseTo(full[i]!.score, 9);
      }),
    );
  });

  it("with every planned run present, weights are 1 and counts are whole runs", () => {
    fc.assert(
      fc.property(measurements, (cases) => {
        const complete = measured(cases);
        const rows = spectrumOf(complete);
        expect(rows.every((r) => r.weight === 1)).toBe(true);
        for (const s of rankSuspects(rows))
          expect(Number.isInteger(s.ef) && Number.isInteger(s.ep)).toBe(true);
      }),
    );
  });
});
