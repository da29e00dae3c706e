// What a run did with nogoods, kept in the loop state (so a resume keeps it) and copied into the run
// record's `nogoods` (docs/run-record.md).
import { z } from "zod";
import { Nogood } from "./nogood.js";

export const NogoodTally = z.strictObject({
  /** Nogoods the run read at its start (`.skillops/nogoods/`, rollbacks, closed PRs). */
  loaded: z.number().int().nonnegative(),
  /** Of those, how many no longer apply to the input bank: a skill they edit has changed since. */
  retired: z.number().int().nonnegative(),
  /** Nogoods this run learned (the gate's refusals, minimised with ddmin). */
  created: z.array(Nogood),
  /** Ids of the nogoods (loaded or created) that vetoed at least one child. */
  applied: z.array(z.string()),
  /** Children vetoed before evaluation. */
  vetoes: z.number().int().nonnegative(),
  /** Child evaluations not run because of a veto (one per veto). */
  evaluationsSaved: z.number().int().nonnegative(),
  /** Extra evaluations ddmin ran to minimise refused children (the cache serves repeats). */
  minimisations: z.number().int().nonnegative(),
});
export type NogoodTally = z.infer<typeof NogoodTally>;

/** The iteration's part: the veto that stopped its child, or the nogood its refusal taught. */
export const IterationNogoods = z.strictObject({
  vetoedBy: z.string().optional(),
  created: z.string().optional(),
  /** Why a refusal taught no nogood (its failing edits are script changes only); absent otherwise. */
  notLearned: z.string().optional(),
  /** ddmin over the refused child's units (section edits; a tool bundle counts as one): edits before → after, tests run, 1-minimal or not. */
  ddmin: z
    .strictObject({
      edits: z.number().int().positive(),
      kept: z.number().int().positive(),
      tests: z.number().int().nonnegative(),
      minimal: z.boolean(),
    })
    .optional(),
});
export type IterationNogoods = z.infer<typeof IterationNogoods>;
