// A frontier member against the deployed bank in plain words (FRAMES §A.7.2), shared by the PR body,
// the gates check and the reports so all say the same: "better on 7 cases, worse on 1; p = 0.063 …:
// not yet significant". "Significant" only when McNemar's p < 0.05.
import type { BaselineComparison } from "../../records/baseline-comparison.js";
import { points } from "../render/pr-body/format.js";

export const SIGNIFICANCE_LEVEL = 0.05;

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

/**
 * Two sentences, figures and words only (nothing to escape in Markdown or HTML). A case counts as
 * passed when its pass@k is 1, as R* counts it (said where the section introduces it).
 */
export function baselineSentence(c: BaselineComparison): string {
  const same = c.cases - c.better - c.worse;
  const verdict = baselineVerdict(c);
  const test =
    verdict === "no case differs"
      ? "no case differs, so there is no evidence either way"
      : `${pValueText(c.p)}: ${verdict} (McNemar's exact test, 5% level)`;
  return `Better than the deployed bank on ${cases(c.better)}, worse on ${c.worse}, the same on ${same} of ${c.cases}; ${test}. Pass-rate difference ${points(c.difference)}, 95% interval ${points(c.lo)} to ${points(c.hi)} (paired bootstrap).`;
}

/** How a case is counted, for the line that introduces the sentences. */
export const BASELINE_PASS_NOTE =
  "Each member against the deployed bank on the same evolution cases: a case counts as passed when its pass@k is 1 (the cases it fixes), McNemar's exact test weighs the cases only one of the two passes, and the paired bootstrap gives the interval of the pass-rate difference. The verdict is McNemar's: with few cases the bootstrap interval runs narrow and can exclude zero when the test does not.";
