// What the run record keeps of SkillNEO's deployment decision (strategies/neo-deploy.ts) on each
// child of a generation whose screening it passed: `accept` (the generation's best fully measured
// child replaced the incumbent), `hold` (it was compared and the incumbent stayed), or `reject` (it
// was not the one compared: not promoted, refused by the gate on its full evaluation, or ranked
// below the generation's best). Scores are on the paper's 0–100 scale; the incumbent's are from its
// fresh batch, re-measured beside the children (`incumbentBatch`); `floor` is the strict floor
// F = max(P(root), P(incumbent)), each P pooled over all of that version's batches, absent when the
// floor is off.
import { z } from "zod";

export const NeoVerdict = z.enum(["accept", "hold", "reject"]);
export type NeoVerdict = z.infer<typeof NeoVerdict>;

export const NeoScores = z.strictObject({
  /** S: mean pass rate on the evolution cases, 0–100. */
  official: z.number(),
  /** A: rubric items passed, 0–100 (the official score when the two lack compatible items). */
  aux: z.number(),
});
export type NeoScores = z.infer<typeof NeoScores>;

export const NeoDeployRecord = z.strictObject({
  verdict: NeoVerdict,
  reason: z.string(),
  /** 0-based generation the child belongs to. */
  generation: z.number().int().nonnegative(),
  /** The incumbent the generation was compared with (full hash). */
  incumbent: z.string(),
  /** The compared child's and the incumbent's scores; absent on a `reject` that was not compared. */
  child: NeoScores.optional(),
  incumbentScores: NeoScores.optional(),
  /**
   * `fresh`: the incumbent's scores are from its re-measurement in this comparison batch; `stored`:
   * the budget cut that batch short, so its earlier results stood in. Absent on a `reject`.
   */
  incumbentBatch: z.enum(["fresh", "stored"]).optional(),
  floor: z.number().optional(),
  /** The iteration after which the decision was made. */
  decidedAt: z.number().int().positive(),
});
export type NeoDeployRecord = z.infer<typeof NeoDeployRecord>;
