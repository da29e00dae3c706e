// The paired comparison as a gate reason records it (docs/run-record.md `gate.reasons[].paired`).
import { z } from "zod";

/**
 * The child against P₀ case by case on the cases both were measured on (the evolution cases): mean
 * pass@k difference child − P₀ with its 95% paired-bootstrap interval, pairs, and pairs identical in
 * both; `upper` (gateTest `paired` only) is the one-sided 95% upper bound of observed − floor the
 * paired gate decided on.
 */
export const PairedRecord = z.strictObject({
  // Within [−1, 1] for pass rates; a kernel category's scores (speedups) may differ by more.
  delta: z.number(),
  lo: z.number(),
  hi: z.number(),
  n: z.number().int().nonnegative(),
  identical: z.number().int().nonnegative(),
  upper: z.number().optional(),
});
export type PairedRecord = z.infer<typeof PairedRecord>;
