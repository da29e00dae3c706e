// Per-seed paired differences (issue 44): arms run on the same generated worlds and run seeds, so
// each seed gives one difference arm − reference, and the comparison is over those differences —
// not over the overlap of two separate intervals, which FRAMES §A.7.2 warns against.
import { pairedBootstrap, type BootstrapOptions, type Interval } from "./metrics.js";
import { signTestP } from "./sign-test.js";

export interface PairedDifferences {
  /** arm − reference, seed by seed, in the input's order. */
  differences: number[];
  /** Mean of the differences. */
  mean: number;
  /** Percentile bootstrap interval of the mean difference, resampling seeds (pairs kept). */
  ci: Interval;
  /** Seeds where the arm scored above, below, or equal to the reference. */
  wins: number;
  losses: number;
  ties: number;
  /** Two-sided exact sign-test p of wins against losses (ties left out). */
  signP: number;
}

/** Differences closer to 0 than this are ties: means of pass@k over cases are sums of fractions. */
const TIE = 1e-9;

/** `arm[i]` and `reference[i]` are the same seed's figures; the lists must align. */
export function pairedDifferences(
  arm: readonly number[],
  reference: readonly number[],
  opts: BootstrapOptions,
): PairedDifferences {
  if (arm.length !== reference.length)
    throw new RangeError(
      `pairedDifferences: ${arm.length} arm seeds vs ${reference.length} reference seeds; each seed needs both`,
    );
  const differences = arm.map((a, i) => a - reference[i]!);
  const wins = differences.filter((d) => d > TIE).length;
  const losses = differences.filter((d) => d < -TIE).length;
  const boot = pairedBootstrap(arm, reference, opts);
  return {
    differences,
    mean: boot.difference,
    ci: boot.ci,
    wins,
    losses,
    ties: differences.length - wins - losses,
    signP: signTestP(wins, losses),
  };
}
