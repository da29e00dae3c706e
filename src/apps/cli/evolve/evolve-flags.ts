// The engine knobs of `skillops evolve`: the config file's `evolve:` values, overridden by flags,
// checked here so a bad value is a usage error (exit 2) before anything runs (evolve-options.ts
// declares them).
import type { Config } from "../../../core/config/config.js";
import { runConfigOf } from "../../../core/evolve/run.js";
import type { RunConfig } from "../../../records/run-record.js";
import { UsageError } from "../context.js";
import { DEFAULT_REPAIR_ROUNDS } from "../../../records/run-config.js";
import { OperatingPoint } from "../../../records/operating-point.js";
import { SearchStrategy } from "../../../records/search-strategy.js";

export interface EvolveFlags {
  bank?: string;
  cases?: string;
  pool?: string;
  world?: string;
  model?: string;
  runner?: string;
  seed?: string;
  out: string;
  git?: boolean;
  github?: boolean;
  dryRun?: boolean;
  scope?: string;
  fresh?: boolean;
  config: string;
  topK?: string;
  batchSize?: string;
  maxIterations?: string;
  patience?: string;
  frontierCap?: string;
  consolidation?: string;
  voteThreshold?: string;
  epsilon?: string;
  regressionSample?: string;
  anchors?: string;
  n?: string;
  k?: string;
  screening?: boolean;
  /** commander's `--no-memo`: false when given. */
  memo?: boolean;
  /** commander's `--no-savings`: false when given. */
  savings?: boolean;
  operatingPoint?: string;
  budgetTokens?: string;
  concurrency?: string;
  /** Absent: `.skillops/nogoods` beside the bank, or `<out>/nogoods` for a simulated run. */
  nogoods?: string;
  tracesOut?: string;
  strategy?: string;
  localisation?: boolean;
  exactCost?: boolean;
  gateTest?: string;
  /** commander's `--no-ddmin`: false when given. */
  ddmin?: boolean;
  neoPromote?: string;
  shards?: string;
  shard?: string;
  shardOut?: string;
  jobBudgetMinutes?: string;
  continue?: string;
}

export function num(
  name: string,
  v: string | undefined,
  opts: { int?: boolean; min?: number; max?: number } = {},
): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  const bad =
    !Number.isFinite(x) ||
    (opts.int && !Number.isInteger(x)) ||
    (opts.min !== undefined && x < opts.min) ||
    (opts.max !== undefined && x > opts.max);
  if (bad)
    throw new UsageError(
      `--${name} must be ${opts.int ? "an integer" : "a number"}${opts.min !== undefined ? ` ≥ ${opts.min}` : ""}${opts.max !== undefined ? ` and ≤ ${opts.max}` : ""}, got "${v}"`,
    );
  return x;
}

/** Config file values, overridden by flags. */
export function engineConfig(config: Config, f: EvolveFlags): RunConfig {
  const e = { ...config.evolve };
  const set = <K extends keyof typeof e>(key: K, value: (typeof e)[K] | undefined) => {
    if (value !== undefined) e[key] = value;
  };
  set("topK", num("top-k", f.topK, { int: true, min: 1 }));
  set("batchSize", num("batch-size", f.batchSize, { int: true, min: 1 }));
  set("maxIterations", num("max-iterations", f.maxIterations, { int: true, min: 0 }));
  set("patience", num("patience", f.patience, { int: true, min: 1 }));
  set("frontierCap", num("frontier-cap", f.frontierCap, { int: true, min: 1 }));
  set("voteThreshold", num("vote-threshold", f.voteThreshold, { min: 0, max: 1 }));
  set("epsilon", num("epsilon", f.epsilon, { min: 0, max: 1 }));
  set("regressionSample", num("regression-sample", f.regressionSample, { min: 0 }));
  set("anchorsPerSkill", num("anchors", f.anchors, { int: true, min: 0 }));
  set("n", num("n", f.n, { int: true, min: 1 }));
  set("k", num("k", f.k, { int: true, min: 1 }));
  set("seed", num("seed", f.seed, { int: true }));
  set("neoPromote", num("neo-promote", f.neoPromote, { int: true, min: 1 }));
  if (f.screening) e.screening = true;
  if (f.consolidation !== undefined) {
    if (!["none", "section", "cluster"].includes(f.consolidation))
      throw new UsageError(`--consolidation must be none, section or cluster, got "${f.consolidation}"`);
    e.consolidation = f.consolidation as typeof e.consolidation;
  }
  if (f.operatingPoint !== undefined) {
    const point = OperatingPoint.safeParse(f.operatingPoint);
    if (!point.success)
      throw new UsageError(`--operating-point must be accuracy, balanced or cost, got "${f.operatingPoint}"`);
    e.operatingPoint = point.data;
  }
  if (f.strategy !== undefined) {
    const strategy = SearchStrategy.safeParse(f.strategy);
    if (!strategy.success)
      throw new UsageError(`--strategy must be frames, neo, evolver or greedy, got "${f.strategy}"`);
    e.strategy = strategy.data;
  }
  if (f.localisation) e.localisation = true;
  if (f.exactCost !== undefined) e.exactCost = f.exactCost;
  if (f.gateTest !== undefined) {
    if (f.gateTest !== "floor" && f.gateTest !== "paired")
      throw new UsageError(`--gate-test must be floor or paired, got "${f.gateTest}"`);
    e.gateTest = f.gateTest;
  }
  if (f.ddmin === false) e.ddmin = false;
  if (e.k > e.n) throw new UsageError(`--k (${e.k}) cannot exceed --n (${e.n})`);
  const budget = num("budget-tokens", f.budgetTokens, { int: true, min: 1 }) ?? config.models.budget.tokens;
  // Only `--no-memo` and `--no-savings` are recorded: absent means on (RunConfig.memo, .savings).
  const off = {
    ...(f.memo === false ? { memo: false } : {}),
    ...(f.savings === false ? { savings: false } : {}),
  };
  return { ...runConfigOf(e, budget), ...auditKnobs(config), ...off };
}

/** The run config's audit keys; only what the config sets is recorded (absent = the defaults). */
function auditKnobs(config: Config): Pick<RunConfig, "audit" | "auditRepairRounds" | "auditModel"> {
  const { checks, repairRounds, model } = config.audit;
  return {
    ...(Object.keys(checks).length > 0 ? { audit: checks } : {}),
    ...(repairRounds !== DEFAULT_REPAIR_ROUNDS ? { auditRepairRounds: repairRounds } : {}),
    ...(model.enabled ? { auditModel: { budgetTokens: model.budgetTokens, severity: model.severity } } : {}),
  };
}
