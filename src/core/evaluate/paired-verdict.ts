// The verdict of one paired comparison in a table of many (bench/strategies.ts): "wins" or "loses"
// only when the sign test survives Holm's correction over every comparison in the table; otherwise
// "undetermined", with the power the test had, so that "no strategy won" is never read as "they
// are equal" when the test could not have told.
import type { PairedDifferences } from "./paired-differences.js";
import { seedsForPower, signTestPower } from "./sign-test.js";

export interface PairedVerdict {
  outcome: "wins" | "loses" | "undetermined";
  /** Sign-test power at the strictest Holm level (alpha / comparisons) for the seeds compared. */
  power: number;
  /** Seeds that would give 80% power at that level, or undefined past 1000. */
  seedsFor80: number | undefined;
  /** The table's cell: "wins", "loses" or "undetermined (power …)". */
  text: string;
}

export interface VerdictOptions {
  /** Family-wise level; 0.05. */
  alpha: number;
  /** How many comparisons the table corrects over (Holm's m). */
  comparisons: number;
  /** The alternative the power is stated against: the arm wins this share of seeds (e.g. 0.75). */
  winRate: number;
}

/** `holmP`: this comparison's sign-test p after Holm's correction over the table. */
export function pairedVerdict(d: PairedDifferences, holmP: number, opts: VerdictOptions): PairedVerdict {
  const { alpha, comparisons, winRate } = opts;
  if (!Number.isInteger(comparisons) || comparisons < 1)
    throw new RangeError(`pairedVerdict: comparisons must be a positive integer, got ${comparisons}`);
  const level = alpha / comparisons;
  const seeds = d.differences.length;
  const power = signTestPower(seeds, level, winRate);
  const seedsFor80 = seedsForPower(level, winRate, 0.8);
  const significant = holmP <= alpha && d.wins !== d.losses;
  const outcome = !significant ? "undetermined" : d.wins > d.losses ? "wins" : "loses";
  const needs = seedsFor80 === undefined ? "over 1000" : String(seedsFor80);
  const text =
    outcome === "undetermined"
      ? `undetermined (power ${power.toFixed(2)} at ${seeds} seeds for a ${Math.round(winRate * 100)}% win rate; 80% needs ${needs})`
      : outcome;
  return { outcome, power, seedsFor80, text };
}
