// Ochiai suspiciousness over a spectrum (SkillSmith; Abreu et al.): for a component touched by ef
// failing and ep passing runs, out of F failing runs in all, ef / sqrt(F · (ef + ep)). 1 means every
// failing run and no passing run went through it; 0 means no failing run did. The ranking is a pure
// function of the multiset of rows: run order never changes it.
import type { SpectrumRow } from "./spectrum.js";
import type { Suspect } from "../../../records/suspect.js";

export function ochiai(ef: number, ep: number, failing: number): number {
  return ef === 0 ? 0 : ef / Math.sqrt(failing * (ef + ep));
}

/**
 * Every touched component, most suspicious first; ties go to more failing runs, then to a section
 * before its skill (the narrower place), then by id, so the order is total.
 */
export function rankSuspects(rows: readonly SpectrumRow[]): Suspect[] {
  const failing = rows.filter((r) => !r.passed).length;
  const tally = new Map<string, { ef: number; ep: number; byCase: Map<string, number> }>();
  for (const row of rows)
    for (const c of row.touched) {
      const t = tally.get(c) ?? { ef: 0, ep: 0, byCase: new Map<string, number>() };
      if (row.passed) t.ep++;
      else {
        t.ef++;
        t.byCase.set(row.case, (t.byCase.get(row.case) ?? 0) + 1);
      }
      tally.set(c, t);
    }
  const suspects = [...tally].map(([component, t]) => ({
    component,
    score: ochiai(t.ef, t.ep, failing),
    ef: t.ef,
    ep: t.ep,
    failing,
    cases: [...t.byCase].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([id]) => id),
  }));
  return suspects.sort(
    (a, b) =>
      b.score - a.score ||
      b.ef - a.ef ||
      Number(b.component.includes("#")) - Number(a.component.includes("#")) ||
      (a.component < b.component ? -1 : a.component > b.component ? 1 : 0),
  );
}
