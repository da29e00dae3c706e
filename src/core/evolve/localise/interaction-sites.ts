// Interaction sites (SkillSmith's `interaction` repair type): a fault in how two skills combine, not in
// either alone. Each pair of skills a run loaded together is a component `a+b` of the spectrum, scored
// by Ochiai like any other. A pair is a site when its score is above both of its skills' own: runs
// fail when both are loaded more than when either is, so what fails them is where the two meet (one
// overrides the other, or they disagree). A pair that scores no better than a skill is that skill's
// fault and is left to it. Pure; the pair's p_i is both skills' propensities multiplied (sites.ts).
import type { Suspect } from "../../../records/suspect.js";
import { rankSuspects } from "./ochiai.js";
import { isScriptComponent, type SpectrumRow } from "./spectrum.js";

/** The pair's component id, names in order. */
export function pairId(a: string, b: string): string {
  return a < b ? `${a}+${b}` : `${b}+${a}`;
}

export function isPairComponent(component: string): boolean {
  return component.includes("+") && !component.includes("#") && !isScriptComponent(component);
}

/** The pairs of skills a run loaded together. */
function pairsOf(row: SpectrumRow): string[] {
  const skills = [...new Set(row.touched.filter((c) => !c.includes("#") && !isScriptComponent(c)))].sort();
  return skills.flatMap((a, i) => skills.slice(i + 1).map((b) => pairId(a, b)));
}

/**
 * Interaction sites from the spectrum, given the singletons' ranking: the pairs ranked as components
 * of the same rows (so weights and F are counted as for any component, in case order), kept when
 * they score above both of their skills.
 */
export function interactionSites(rows: readonly SpectrumRow[], ranked: readonly Suspect[]): Suspect[] {
  const single = new Map(ranked.map((s) => [s.component, s.score]));
  return rankSuspects(rows.map((r) => ({ ...r, touched: pairsOf(r) })))
    .filter((p) => {
      const [a, b] = p.component.split("+") as [string, string];
      return p.score > 0 && p.score > (single.get(a) ?? 0) && p.score > (single.get(b) ?? 0);
    })
    .map((p) => ({ ...p, kind: "interaction" as const }));
}
