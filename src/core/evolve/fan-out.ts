// Sharded evaluation (`evolve.shards`, docs/workflows.md "Sharded evaluation"): every measurement of
// a candidate is shown to the fan-out before it runs. The CLI's step mode stops the run at the first
// one whose executions are not all at hand and hands it to N shard jobs; each shard replays the run
// to the same measurement and evaluates its slice of the cases into its own cache; the next step job
// merges those caches and measures again, now from them. The measurement itself is never changed, so
// every decision is the one the unsharded run makes (the cache is exact).
// measure-candidate.ts plans each measurement (planMeasurement) and shows it here.
import type { Case } from "../../records/case.js";

export interface PlannedMeasurement {
  /** The same for the same candidate, cases and runs, in whichever process replays the run. */
  id: string;
  runId: string;
  /** The last completed iteration (what the checkpoint holds). */
  t: number;
  candidate: string;
  cases: readonly Case[];
  n: number;
  /** The cache key of every run the measurement can read: n per case. */
  keys(): Promise<string[]>;
  /**
   * Evaluates these cases as a shard: the runs early stop reaches (all n for P₀ under exactCost, whose
   * remaining runs follow anyway), with no rejection and no budget, into the run's cache.
   */
  evaluate(cases: readonly Case[]): Promise<void>;
}

export interface FanOut {
  /** Resolves to let the measurement run here; throws to stop the run before it (step mode). */
  before(m: PlannedMeasurement): Promise<void>;
}
