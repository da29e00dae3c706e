// The run record's working scope (docs/run-record.md): the skills the run evolved, retrieval's
// ranking, and each widening of the scope the run made when the retrieved skills could not explain
// its failures (core/evolve/widen-scope.ts).
import { z } from "zod";

export const ScopeWidening = z.strictObject({
  /** The iteration after which the scope was widened (the next iteration sees the wider scope). */
  afterIteration: z.number().int().nonnegative(),
  /** Skills added to the scope, in the order they were added. */
  added: z.array(z.string()),
  /** Why, in words: what showed the scope could not explain the failures. */
  reason: z.string(),
  /** E₀'s pass rate before and after it was re-measured on the wider scope (the floors follow it). */
  baselineBefore: z.number().min(0),
  baselineAfter: z.number().min(0),
});
export type ScopeWidening = z.infer<typeof ScopeWidening>;

export const RunScope = z.strictObject({
  /** The configured working scope this run was restricted to (`--scope`), if any. */
  name: z.string().optional(),
  /** The scope at the end of the run: the retrieved top-K, then any skills widening added. */
  skills: z.array(z.string()),
  relevance: z.array(z.strictObject({ skill: z.string(), score: z.number() })),
  /** Each widening, in order; absent when the run kept the retrieved scope. */
  widenings: z.array(ScopeWidening).optional(),
});
export type RunScope = z.infer<typeof RunScope>;
