// Sharded evaluation (`evolve.shards`, docs/workflows.md "Sharded evaluation"): every measurement of
// a candidate is shown to the fan-out before it runs. The CLI's step mode stops the run at the first
// one whose executions are not all at hand and hands its spec (below) to N shard jobs; each shard
// evaluates its slice of the cases from the spec alone (shard-slice.ts), asking no role anything, into
// its own cache; the next step job merges those caches and measures again, now from them. The
// measurement itself is never changed, so every decision is the one the unsharded run makes (the
// cache is exact), whatever the role model would answer in another process.
// measure-candidate.ts plans each measurement (planMeasurement) and shows it here.
import type { BankFile } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import type { KernelScoring } from "../../records/kernel-scoring.js";
import type { WrittenStrategy } from "../../records/written-strategy.js";

/**
 * Everything a shard needs to evaluate a measurement's cases exactly as the step job will look them
 * up: the candidate's files, the skills its agent sees, the cases with their input files, the runs,
 * and the cache keys' digest to check its own runner against.
 */
export interface MeasurementSpec {
  /** The candidate's bank hash (hashBank of `bank`). */
  candidate: string;
  bank: BankFile[];
  /** The skills the agent sees, by name (the scope's, less what the bank does not expose). */
  skills: string[];
  cases: Case[];
  /** Input files of the cases whose files are not all inline (case id → path → content). */
  caseFiles: Record<string, Record<string, string>>;
  /** The cases that are accepted feedback (the others are pool cases): their command items run from another folder. */
  accepted: string[];
  categories: string[];
  n: number;
  k: number;
  /** Whether a shard stops a case's runs once pass@k is certain (off for P₀ under exactCost). */
  earlyStop: boolean;
  kernelScore?: KernelScoring;
  /** SkillEvolver's written strategies, which the runner follows (written-strategies.ts). */
  strategies?: WrittenStrategy[];
  /** The runner's settings key, strategies included: a shard's runner must have the same. */
  settingsKey: string;
  /** sha256 of every cache key the measurement can read, n per case in order. */
  keys: string;
}

export interface PlannedMeasurement {
  /** The same for the same candidate, cases and runs, in whichever process plans it. */
  id: string;
  runId: string;
  /** The last completed iteration (what the checkpoint holds). */
  t: number;
  candidate: string;
  cases: readonly Case[];
  n: number;
  /** The cache key of every run the measurement can read: n per case. */
  keys(): Promise<string[]>;
  /** What a shard job needs to evaluate its slice without this run (written to pending.json). */
  spec(): Promise<MeasurementSpec>;
}

export interface FanOut {
  /** Resolves to let the measurement run here; throws to stop the run before it (step mode). */
  before(m: PlannedMeasurement): Promise<void>;
}
