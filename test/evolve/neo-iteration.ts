// Synthetic iteration records and members for the SkillNEO selection and lineage tests, and the PR
// localisation section test.
import type { MemberState } from "../../src/core/evolve/checkpoint.js";
import type { CaseResult } from "../../src/records/eval-record.js";
import type { Iteration } from "../../src/records/run-record.js";

/** A member whose results pass `passed` of `of` cases (pass@k 1 or 0). */
export const member = (id: string, born: number, passed = 0, of = 0): MemberState => ({
  id,
  born,
  sources: {},
  changes: [],
  results: Array.from(
    { length: of },
    (_, i) => ({ id: `c${i}`, passAtK: i < passed ? 1 : 0, runDetails: [] }) as unknown as CaseResult,
  ),
});

/** An iteration record of t whose child `child` the gate admitted (or refused), improving `parent`. */
export function iteration(
  t: number,
  child: string | undefined,
  admitted: boolean,
  parent = "root",
): Iteration {
  return {
    t,
    parent,
    batches: 1,
    proposals: [],
    vote: { mode: "section", threshold: 0.4, kept: [], dropped: [] },
    plan: [],
    rewrites: [],
    gate: { admitted, reasons: [] },
    entered: admitted,
    removed: [],
    frontierAfter: [],
    tokens: {},
    ...(child
      ? {
          child: {
            candidate: child,
            sample: [],
            measured: {
              passRate: 0,
              perCategory: {},
              cost: { input: 0, output: 0, cached: 0 },
              cases: 0,
              complete: true,
            },
          },
        }
      : {}),
  } as Iteration;
}
