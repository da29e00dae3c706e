// The engine knobs a run used (docs/engine.md "Defaults"), recorded in the run record's `config` and
// compared on resume. Its own file so the run record's schema stays readable.
import { z } from "zod";
import { AUDIT_CHECKS } from "./audit-check.js";
import { NeoKnobs } from "./neo-knobs.js";
import { SearchStrategy } from "./search-strategy.js";
import { OperatingPoint } from "./operating-point.js";
import { KernelScoring } from "./kernel-scoring.js";
import { AllocationDynamics, MaskingRate } from "./context-allocation.js";
import { ParentSelection } from "./parent-selection.js";
import { EvolverSettings } from "./evolver-settings.js";

/** The engine knobs the run used (docs/engine.md, "Defaults"), after CLI and config file were merged. */
export const RunConfig = z.strictObject({
  topK: z.number().int().positive(),
  batchSize: z.number().int().positive(),
  maxIterations: z.number().int().nonnegative(),
  patience: z.number().int().positive(),
  frontierCap: z.number().int().positive(),
  consolidation: z.enum(["none", "section", "cluster"]),
  voteThreshold: z.number().min(0).max(1),
  epsilon: z.number().min(0).max(1),
  regressionSample: z.number().min(0),
  anchorsPerSkill: z.number().int().nonnegative(),
  /** Largest share of the regression sample the skill-targeted layer may take (FRAMES §A.9.2); absent = 1. */
  targetedShare: z.number().min(0).max(1).optional(),
  n: z.number().int().positive(),
  k: z.number().int().positive(),
  seed: z.number().int(),
  screening: z.boolean(),
  operatingPoint: OperatingPoint,
  /** Tokens the exposed skills may take together (docs/engine.md "Context budget"); absent = no limit. */
  contextBudget: z.number().int().positive().optional(),
  /** Masking runs when the scope exceeds the context budget; absent = twice the scope's skills. */
  maskingRuns: z.number().int().positive().optional(),
  /** The allocation's dynamics, masking rate and retirement (context-allocation.ts); absent = ALLOCATION_DEFAULTS, no retirement. */
  allocation: AllocationDynamics.optional(),
  maskingRate: MaskingRate.optional(),
  retireAfter: z.number().int().positive().optional(),
  retireBelow: z.number().gt(0).lt(1).optional(),
  /** SkillSmith's extraction-benefit rule on extracts (docs/engine.md "Tool co-evolution"); absent = off. */
  extractionRule: z.boolean().optional(),
  /**
   * Share of each category's evolution cases and regression-pool cases held back from selection for
   * the PR's paired test (docs/engine.md "Held-out confirmation"); absent = 0, nothing held back
   * (records from before the knob).
   */
  holdBack: z.number().min(0).max(0.5).optional(),
  /** Token budget for the whole run (agent and roles together); absent = unbounded. */
  budgetTokens: z.number().int().positive().optional(),
  /**
   * Agent-execution budget for the whole run (every measurement's executed runs); absent = unbounded.
   * No config key: benches set it to compare strategies at equal executions (bench/strategies.ts).
   */
  budgetExecutions: z.number().int().positive().optional(),
  // How the run measures, not what it decides; absent means EVALUATION_DEFAULTS. A resume compares
  // them like every other knob.
  /**
   * Lossless savings (early stop at n = k, sequential rejection, the cache). Off is the naive
   * evaluation, kept so a benchmark can show the decisions do not change.
   */
  savings: z.boolean().optional(),
  /** Cases evaluated at once within a category (measure.ts); the agent's concurrency is the limiter's. */
  parallelCases: z.number().int().positive().optional(),
  /** Bootstrap resamples for the record's intervals. */
  bootstrap: z.number().int().positive().optional(),
  /**
   * Members' costs made exact under early stop (exact-cost.ts); absent = false, the estimate stands
   * with its interval (cost-estimate.ts).
   */
  exactCost: z.boolean().optional(),
  /** Model-call reuse (model-memo.ts); absent = on. `--no-memo` records false. */
  memo: z.boolean().optional(),
  /** The config's `audit.checks` severities for the audit of every child; absent = the checks' own. */
  audit: z.partialRecord(z.enum(AUDIT_CHECKS), z.enum(["error", "warning", "off"])).optional(),
  /** Repair rounds for a child the audit refuses (config `audit.repairRounds`); absent = DEFAULT_REPAIR_ROUNDS. */
  auditRepairRounds: z.number().int().min(0).max(10).optional(),
  /** Scope widening when the retrieved scope cannot explain the failures (widen-scope.ts); absent = on. */
  widenScope: z.boolean().optional(),
  /** Fault localisation for the diagnosers (docs/engine.md); absent = on (false turns it off). */
  localisation: z.boolean().optional(),
  /** Counterfactual confirmation of the top sites (localisation-config.ts); absent = CONFIRM_DEFAULTS.sites; 0 = off. */
  confirmSites: z.number().int().nonnegative().optional(),
  confirmCases: z.number().int().positive().optional(),
  confirmMargin: z.number().min(0).max(1).optional(),
  /** The model-backed auditor (config `audit.model`, enabled); absent = not run. */
  auditModel: z
    .strictObject({ budgetTokens: z.number().int().positive(), severity: z.enum(["advisory", "error"]) })
    .optional(),
  /** The search strategy (docs/engine.md "Search strategies"); absent = `frames`. */
  strategy: SearchStrategy.optional(),
  /** Nogood vetoes and learning (docs/nogoods.md); absent = on, false = off (for ablations). */
  nogoods: z.boolean().optional(),
  /** The gate's test (docs/engine.md "The paired gate"); absent = `floor` (FRAMES Eq. 2). */
  gateTest: z.enum(["floor", "paired"]).optional(),
  /** ddmin of refused children (docs/nogoods.md; absent = on); SkillNEO's promotions (absent = NEO_PROMOTE). */
  ddmin: z.boolean().optional(),
  neoPromote: z.number().int().positive().optional(),
  /** How kernel cases are scored (config `evaluate.kernel.score`); absent = `speedup` (kernel-scoring.ts). */
  kernelScore: KernelScoring.optional(),
  /** SkillNEO's acceptance, stopping and parent-cap knobs (neo-knobs.ts); absent = the paper's values. */
  neo: NeoKnobs.optional(),
  /** Parent selection (docs/engine.md "Instance-level Pareto parents"); absent = the strategy's own. */
  parentSelection: ParentSelection.optional(),
  /** SkillEvolver's K (config `evolve.evolver.strategies`); absent = DEFAULT_EVOLVER_STRATEGIES. */
  evolver: EvolverSettings.optional(),
});
export type RunConfig = z.infer<typeof RunConfig>;

/** Repair rounds of a refused child when the run config names none (SkillEvolver: a failed audit is the next refinement target). */
export const DEFAULT_REPAIR_ROUNDS = 2;

/**
 * What an absent `savings`, `parallelCases`, `bootstrap` or `exactCost` means. `exactCost` is on so the
 * savings are lossless by construction: a member's cost is what naive evaluation measures.
 */
export const EVALUATION_DEFAULTS = {
  savings: true,
  parallelCases: 1,
  bootstrap: 10_000,
  exactCost: true,
} as const;
