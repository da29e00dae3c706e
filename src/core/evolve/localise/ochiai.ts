// Ochiai suspiciousness over a spectrum (SkillSmith; Abreu et al.): for a component touched by ef
// failing and ep passing runs, out of F failing runs in all, ef / sqrt(F · (ef + ep)). 1 means every
// failing run and no passing run went through it; 0 means no failing run did. Runs are counted with
// their rows' weights (spectrum.ts: an early-stopped case's rows stand for its planned runs), summed
// per case in case order, so the ranking is a pure function of the multiset of rows: run order never
// changes it, not even in the last bit of a float.
import type { SpectrumRow } from "./spectrum.js";
import type { Suspect } from "../../../records/suspect.js";

export function ochiai(ef: number, ep: number, failing: number): number {
  // min: weighted sums must not round a perfect score past 1.
  return ef === 0 ? 0 : Math.min(1, ef / Math.sqrt(failing * (ef + ep)));
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each case's row weight; rows of one case must agree (spectrumOf gives them one). */
function caseWeights(rows: readonly SpectrumRow[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const r of rows) {
    const w = r.weight ?? 1;
    const seen = weights.get(r.case);
    if (seen !== undefined && seen !== w)
      throw new RangeError(`spectrum: case ${r.case} has rows of different weights (${seen}, ${w})`);
    weights.set(r.case, w);
  }
  return weights;
}

/** Σ over cases, in id order, of count × the case's weight. */
function weighted(counts: ReadonlyMap<string, number>, weights: ReadonlyMap<string, number>): number {
  return [...counts].sort(([a], [b]) => byId(a, b)).reduce((sum, [id, n]) => sum + n * weights.get(id)!, 0);
}

/**
 * Every touched component, most suspicious first; ties go to more failing runs, then to a section
 * before its skill (the narrower place), then by id, so the order is total.
 */
export function rankSuspects(rows: readonly SpectrumRow[]): Suspect[] {
  const weights = caseWeights(rows);
  const failingByCase = new Map<string, number>();
  const tally = new Map<string, { failed: Map<string, number>; passed: Map<string, number> }>();
  for (const row of rows) {
    if (!row.passed) failingByCase.set(row.case, (failingByCase.get(row.case) ?? 0) + 1);
    for (const c of row.touched) {
      const t = tally.get(c) ?? { failed: new Map<string, number>(), passed: new Map<string, number>() };
      const side = row.passed ? t.passed : t.failed;
      side.set(row.case, (side.get(row.case) ?? 0) + 1);
      tally.set(c, t);
    }
  }
  const failing = weighted(failingByCase, weights);
  const suspects = [...tally].map(([component, t]) => {
    const ef = weighted(t.failed, weights);
    const ep = weighted(t.passed, weights);
    return {
      component,
      score: ochiai(ef, ep, failing),
      ef,
      ep,
      failing,
      cases: [...t.failed]
        .map(([id, n]) => [id, n * weights.get(id)!] as const)
        .sort(([a, x], [b, y]) => y - x || byId(a, b))
        .map(([id]) => id),
    };
  });
  return suspects.sort(compareSuspects);
}

/** Most suspicious first; ties to more failing runs, then a section before its skill, then by id. */
export function compareSuspects(a: Suspect, b: Suspect): number {
  return (
    b.score - a.score ||
    b.ef - a.ef ||
    Number(b.component.includes("#")) - Number(a.component.includes("#")) ||
    byId(a.component, b.component)
  );
}
