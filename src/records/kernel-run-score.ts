// One kernel run's score, from its execution record (kernel-scoring.ts says how kernel cases are
// scored); apart from kernel-scoring.ts, which the eval record itself imports.
import type { ExecutionRecord } from "./eval-record.js";

/** A run's score: the kernel item's (0 when it failed before the harness judged it). */
export function runScore(run: Pick<ExecutionRecord, "error" | "items">): number {
  // Correctness covers the whole rubric: a run that fails any other item scores 0.
  if (run.error !== undefined || run.items.some((i) => !i.kernel && !i.pass)) return 0;
  const scores = run.items.flatMap((i) => (i.kernel?.score !== undefined ? [i.kernel.score] : []));
  return scores.length ? Math.min(...scores) : 0;
}
