// SkillNEO's deployment acceptance (Appendix B): the generation's best fully measured child c
// against the incumbent h. S is the official score (mean pass rate on the evolution cases, 0–100),
// A the auxiliary one (rubric items passed, 0–100, when both were judged on the same items;
// otherwise S). With ΔS = S(c) − S(h) and ΔA = A(c) − A(h), the child is accepted when
//   (ΔS > δ_off, or ΔS = 0 and ΔA > δ_aux), and, under the strict floor, S(c) > F,
// F the larger pooled official score of the root and the incumbent. Both margins are strict so the
// incumbent wins an exact tie, as the paper says. Anything else is a Hold: the incumbent stays.
import type { CaseResult } from "../../../records/eval-record.js";
import type { NeoScores } from "../../../records/neo-deploy-record.js";

/** Scores closer than this are a tie (means of fractions are not exact in floating point). */
const TIE = 1e-9;

export interface AcceptanceKnobs {
  deltaOfficial: number;
  deltaAux: number;
  strictFloor: boolean;
}

export interface Acceptance {
  verdict: "accept" | "hold";
  reason: string;
}

/** S: the mean pass rate (pass@k per case) on the scale 0–100; 0 for no results. */
export function officialScore(results: readonly CaseResult[]): number {
  if (results.length === 0) return 0;
  return (100 * results.reduce((s, r) => s + r.passAtK, 0)) / results.length;
}

/** Items passed over items judged in every run, 0–100; undefined when no run was judged by items. */
function itemScore(results: readonly CaseResult[]): number | undefined {
  let passed = 0;
  let judged = 0;
  for (const r of results)
    for (const run of r.runDetails) {
      judged += run.items.length;
      passed += run.items.filter((i) => i.pass).length;
    }
  return judged === 0 ? undefined : (100 * passed) / judged;
}

/** One evaluation's own S and A (A from its items, or S without any): the comma selection's ranking. */
export function ownScores(results: readonly CaseResult[]): NeoScores {
  const official = officialScore(results);
  return { official, aux: itemScore(results) ?? official };
}

/** Each case's rubric (its first run's item types), to tell whether two evaluations have compatible test coverage. */
function coverageOf(results: readonly CaseResult[]): string {
  return [...results]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => `${r.id}:${(r.runDetails[0]?.items ?? []).map((i) => i.type).join(",")}`)
    .join("|");
}

/** S and A of a child and the incumbent, A from items only when both cover the same items. */
export function comparedScores(
  child: readonly CaseResult[],
  incumbent: readonly CaseResult[],
): { child: NeoScores; incumbent: NeoScores } {
  const [sc, sh] = [officialScore(child), officialScore(incumbent)];
  const [ic, ih] = [itemScore(child), itemScore(incumbent)];
  const compatible = ic !== undefined && ih !== undefined && coverageOf(child) === coverageOf(incumbent);
  return {
    child: { official: sc, aux: compatible ? ic : sc },
    incumbent: { official: sh, aux: compatible ? ih : sh },
  };
}

/** The acceptance rule; `floor` is F (ignored when the strict floor is off). */
export function acceptChild(
  child: NeoScores,
  incumbent: NeoScores,
  floor: number,
  knobs: AcceptanceKnobs,
): Acceptance {
  const dS = child.official - incumbent.official;
  const dA = child.aux - incumbent.aux;
  const tie = Math.abs(dS) <= TIE;
  const fmt = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(1)}`;
  const gain = !tie && dS > knobs.deltaOfficial + TIE;
  const auxGain = tie && dA > knobs.deltaAux + TIE;
  if (!gain && !auxGain) {
    const why = tie
      ? `an official tie with ΔA ${fmt(dA)} pp, not above δ_aux = ${knobs.deltaAux}`
      : `ΔS ${fmt(dS)} pp, not above δ_off = ${knobs.deltaOfficial}`;
    return { verdict: "hold", reason: why };
  }
  if (knobs.strictFloor && !(child.official > floor + TIE))
    return {
      verdict: "hold",
      reason: `S ${child.official.toFixed(1)} not above the strict floor ${floor.toFixed(1)} (root and incumbent pooled)`,
    };
  const by = gain
    ? `ΔS ${fmt(dS)} pp > δ_off = ${knobs.deltaOfficial}`
    : `official tie, ΔA ${fmt(dA)} pp > δ_aux = ${knobs.deltaAux}`;
  return { verdict: "accept", reason: by };
}
