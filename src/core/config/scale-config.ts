// The `evolve:` keys for runs past one runner (docs/workflows.md "Sharded evaluation" and "Runs that
// outlive a job"): how many matrix jobs evaluate each measurement, and how long one job may run
// before it hands the run on to a continuation. They shape the workflow, never a decision, so they
// are not part of the run config a checkpoint compares.
import { z } from "zod";

export const SCALE_KEYS = {
  shards: z
    .number()
    .int()
    .min(1)
    .max(256)
    .default(1)
    .describe(
      "Matrix jobs that evaluate each measurement (the baseline and pool sample before the loop, then each iteration's child): 1 evaluates in the evolve job itself. Decisions are the same for every value.",
    ),
  jobBudgetMinutes: z
    .number()
    .min(0)
    .default(330)
    .describe(
      "Minutes one evolve job may run: past this (counting the slowest iteration so far) it finishes its iteration, writes its checkpoint and exits 3 for a continuation job to resume. GitHub-hosted jobs stop at 360.",
    ),
};

export type ScaleKnobs = { shards: number; jobBudgetMinutes: number };
