// A frontier member against the deployed bank in plain words (FRAMES §A.7.2), shared by the PR body,
// the gates check and the reports so all say the same. The verdict is the held-out test's
// (`heldOutTest`, on cases selection never saw, Holm-corrected across the run's members):
// "significant" only when its adjusted p < 0.05. The in-sample comparison follows, labelled as the
// selection figures, with no verdict: selection alone produces small p-values there.
import type { BaselineComparison } from "../../records/baseline-comparison.js";
import {
  SIGNIFICANCE_LEVEL,
  type ConfirmationSet,
  type HeldOutComparison,
} from "../../records/held-out-comparison.js";
import { points } from "../render/pr-body/format.js";

export { SIGNIFICANCE_LEVEL };

export type BaselineVerdict =
  "significantly better" | "significantly worse" | "not yet significant" | "no case differs";

export function baselineVerdict(c: BaselineComparison): BaselineVerdict {
  if (c.better + c.worse === 0) return "no case differs";
  if (c.p >= SIGNIFICANCE_LEVEL) return "not yet significant";
  return c.better > c.worse ? "significantly better" : "significantly worse";
}

/**
 * Two significant digits ("0.063", "0.0026"), "< 0.001" below that; never rounded across 0.05, so a
 * printed p and its verdict cannot disagree.
 */
export function pValueText(p: number): string {
  if (p < 0.001) return "p < 0.001";
  for (const digits of [2, 3, 4]) {
    const shown = Number(p.toPrecision(digits));
    if (shown < SIGNIFICANCE_LEVEL === p < SIGNIFICANCE_LEVEL) return `p = ${shown}`;
  }
  return `p = ${p}`;
}

const cases = (n: number) => `${n} case${n === 1 ? "" : "s"}`;

/** The held-out verdict: McNemar's p after Holm's correction across the run's members. */
export function heldOutVerdict(c: HeldOutComparison): BaselineVerdict {
  return baselineVerdict({ ...c, p: c.holmP });
}

const counts = (c: BaselineComparison) =>
  `better than the deployed bank on ${cases(c.better)}, worse on ${c.worse}, the same on ${c.cases - c.better - c.worse} of ${c.cases}`;
const interval = (c: BaselineComparison) =>
  `pass-rate difference ${points(c.difference)}, 95% interval ${points(c.lo)} to ${points(c.hi)} (paired bootstrap)`;

/** Ids shown in the sentence at most; past that the run record's `confirmationSet` lists them. */
const IDS_SHOWN = 8;

/** Which cases the held-out test used and how many. */
function heldOutCases(c: HeldOutComparison, set: ConfirmationSet | undefined): string {
  const pool = c.cases - c.evolutionCases;
  const ids = set ? [...set.cases, ...set.pool] : [];
  const listed =
    ids.length > 0 && ids.length <= IDS_SHOWN
      ? `: ${ids.join(", ")}`
      : ", listed in the run record's confirmationSet";
  return `${cases(c.cases)} held back from selection (${c.evolutionCases} evolution, ${pool} regression-pool${listed})`;
}

/**
 * The PR's test, figures and words only (nothing to escape in Markdown or HTML). With too few held-back
 * cases for any outcome to reach the level, it says so and gives no p-value.
 */
export function heldOutSentence(c: HeldOutComparison, set?: ConfirmationSet): string {
  if (c.cases === 0)
    return `Not enough held-out cases to test: the run's share${set ? ` (${set.share} of each category)` : ""} drew ${set?.drawn ?? 0}, fewer than the 6 any test needs, so none were held back and selection used every case.`;
  const used = heldOutCases(c, set);
  if (!c.tested)
    return `Not enough held-out cases to test: ${used}; even all of them better would not reach the 5% level across the run's ${c.members} member${c.members === 1 ? "" : "s"}.`;
  const verdict = heldOutVerdict(c);
  const test =
    verdict === "no case differs"
      ? "no case differs, so there is no evidence either way"
      : `${pValueText(c.holmP)} after Holm's correction across the run's ${c.members} member${c.members === 1 ? "" : "s"}: ${verdict} (McNemar's exact test, 5% level)`;
  return `On the ${used}: ${counts(c)}; ${test}. The ${interval(c)}.`;
}

/** The in-sample comparison, labelled as what it is; no verdict, since selection produces small p. */
export function selectionSentence(c: BaselineComparison): string {
  return `Selection figures (the evolution cases it was chosen on, so not evidence): ${counts(c)}, McNemar ${pValueText(c.p)}; ${interval(c)}.`;
}

/** Everything a surface says about one member against the deployed bank; empty when the record holds nothing. */
export function vsDeployedSentences(
  m: { vsBaseline?: BaselineComparison; heldOutTest?: HeldOutComparison },
  set?: ConfirmationSet,
): string[] {
  if (!m.vsBaseline && !m.heldOutTest) return [];
  const test = m.heldOutTest
    ? heldOutSentence(m.heldOutTest, set)
    : "No held-out test: this run held no cases back from selection (evolve.holdBack 0, or a record from before it).";
  return [test, ...(m.vsBaseline ? [selectionSentence(m.vsBaseline)] : [])];
}

/** How a case is counted, for the line that introduces the sentences. */
export const BASELINE_PASS_NOTE =
  "Each member against the deployed bank on the same cases: a case counts as passed when its pass@k is 1 (the cases it fixes), McNemar's exact test weighs the cases only one of the two passes, and the paired bootstrap gives the interval of the pass-rate difference. The verdict is McNemar's on the cases held back from selection, corrected (Holm) for the run's several members; the selection figures are on the cases the member was chosen on, where selection alone produces small p-values.";
