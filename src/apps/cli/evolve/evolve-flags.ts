// The engine knobs of `skillops evolve`: the config file's `evolve:` values, overridden by flags,
// checked here so a bad value is a usage error (exit 2) before anything runs (evolve-options.ts
// declares them).
import { KernelScoring } from "../../../records/kernel-scoring.js";
import type { Config } from "../../../core/config/config.js";
import { runConfigOf } from "../../../core/evolve/run.js";
import type { RunConfig } from "../../../records/run-record.js";
import { UsageError } from "../context.js";
import { DEFAULT_REPAIR_ROUNDS } from "../../../records/run-config.js";
import { OperatingPoint } from "../../../records/operating-point.js";
import { SearchStrategy } from "../../../records/search-strategy.js";
import type { NeoKnobs } from "../../../records/neo-knobs.js";
import { AllocationDynamics, MaskingRate } from "../../../records/context-allocation.js";
import { ParentSelection } from "../../../records/parent-selection.js";
import { MAX_EVOLVER_STRATEGIES } from "../../../records/evolver-settings.js";
import { parentSelectionProblem } from "../../../core/evolve/strategies/strategies.js";

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
  confirmSites?: string;
  exactCost?: boolean;
  gateTest?: string;
  kernelScore?: string;
  /** commander's `--no-ddmin`: false when given. */
  ddmin?: boolean;
  neoPromote?: string;
  neoDeltaOff?: string;
  neoDeltaAux?: string;
  /** commander's `--no-neo-strict-floor`: false when given. */
  neoStrictFloor?: boolean;
  neoHoldPatience?: string;
  neoParentCap?: string;
  allocation?: string;
  maskingRate?: string;
  retireAfter?: string;
  retireBelow?: string;
  extractionRule?: boolean;
  parentSelection?: string;
  evolverK?: string;
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
  set("confirmSites", num("confirm-sites", f.confirmSites, { int: true, min: 0 }));
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
  if (f.localisation !== undefined) e.localisation = f.localisation;
  if (f.exactCost !== undefined) e.exactCost = f.exactCost;
  if (f.gateTest !== undefined) {
    if (f.gateTest !== "floor" && f.gateTest !== "paired")
      throw new UsageError(`--gate-test must be floor or paired, got "${f.gateTest}"`);
    e.gateTest = f.gateTest;
  }
  if (f.ddmin === false) e.ddmin = false;
  localisationAndNeoKnobs(e, f);
  budgetFlags(e, f);
  searchKnobs(e, f);
  if (e.k > e.n) throw new UsageError(`--k (${e.k}) cannot exceed --n (${e.n})`);
  const budget = num("budget-tokens", f.budgetTokens, { int: true, min: 1 }) ?? config.models.budget.tokens;
  // Only `--no-memo` and `--no-savings` are recorded: absent means on (RunConfig.memo, .savings).
  const off = {
    ...(f.memo === false ? { memo: false } : {}),
    ...(f.savings === false ? { savings: false } : {}),
  };
  return { ...runConfigOf(e, budget), ...auditKnobs(config), ...off, ...kernelScoreKnob(config, f) };
}

/** `--confirm-sites` needs localisation; SkillNEO's knobs, the file's overridden by flags. */
function localisationAndNeoKnobs(e: Config["evolve"], f: EvolveFlags): void {
  if ((e.confirmSites ?? 0) > 0 && e.localisation === false)
    throw new UsageError(
      "--confirm-sites (evolve.confirmSites) checks the sites fault localisation finds, which is off here: drop --no-localisation (evolve.localisation: false), or set --confirm-sites 0",
    );
  // An empty `evolve.neo` records nothing, like an absent one (so its checkpoints resume alike).
  const neo = { ...e.neo, ...neoFlags(f) };
  if (Object.keys(neo).length > 0) e.neo = neo;
  else delete e.neo;
}

/** `--kernel-score`, else `evaluate.kernel.score`; only `threshold` is recorded (absent = `speedup`). */
function kernelScoreKnob(config: Config, f: EvolveFlags): Pick<RunConfig, "kernelScore"> {
  const chosen = f.kernelScore ?? config.evaluate.kernel.score;
  const parsed = KernelScoring.safeParse(chosen);
  if (!parsed.success)
    throw new UsageError(`--kernel-score must be speedup or threshold, got "${f.kernelScore}"`);
  return parsed.data === "threshold" ? { kernelScore: "threshold" } : {};
}

/** SkillNEO's knobs the flags set (each overrides `evolve.neo`'s key). */
function neoFlags(f: EvolveFlags): NeoKnobs {
  const out: NeoKnobs = {};
  const put = <K extends keyof NeoKnobs>(key: K, value: NeoKnobs[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  put("deltaOfficial", num("neo-delta-off", f.neoDeltaOff, { min: 0, max: 100 }));
  put("deltaAux", num("neo-delta-aux", f.neoDeltaAux, { min: 0, max: 100 }));
  put("holdPatience", num("neo-hold-patience", f.neoHoldPatience, { int: true, min: 1 }));
  put("parentCap", num("neo-parent-cap", f.neoParentCap, { int: true, min: 1 }));
  if (f.neoStrictFloor === false) out.strictFloor = false;
  return out;
}

/** The context budget's and the tool step's flags (docs/engine.md "Context budget", "Tool co-evolution"). */
function budgetFlags(e: Config["evolve"], f: EvolveFlags): void {
  if (f.allocation !== undefined) {
    const a = AllocationDynamics.safeParse(f.allocation);
    if (!a.success)
      throw new UsageError(`--allocation must be replicator, hedge or thompson, got "${f.allocation}"`);
    e.allocation = a.data;
  }
  if (f.maskingRate !== undefined) {
    const rate = MaskingRate.safeParse(f.maskingRate === "adaptive" ? "adaptive" : Number(f.maskingRate));
    if (!rate.success)
      throw new UsageError(
        `--masking-rate must be adaptive or a number strictly between 0 and 1, got "${f.maskingRate}"`,
      );
    e.maskingRate = rate.data;
  }
  const retire = num("retire-after", f.retireAfter, { int: true, min: 1 });
  if (retire !== undefined) e.retireAfter = retire;
  const below = num("retire-below", f.retireBelow, { min: 0.001, max: 0.999 });
  if (below !== undefined) e.retireBelow = below;
  if (e.retireBelow !== undefined && e.retireAfter === undefined)
    throw new UsageError("--retire-below (evolve.retireBelow) needs --retire-after (evolve.retireAfter)");
  if (f.extractionRule) e.extractionRule = true;
}

/** `--parent-selection` and `--evolver-k` over the file's values, and whether they fit the strategy. */
function searchKnobs(e: Config["evolve"], f: EvolveFlags): void {
  if (f.parentSelection !== undefined) {
    const selection = ParentSelection.safeParse(f.parentSelection);
    if (!selection.success)
      throw new UsageError(
        `--parent-selection must be round-robin or pareto-instance, got "${f.parentSelection}"`,
      );
    e.parentSelection = selection.data;
  }
  const k = num("evolver-k", f.evolverK, { int: true, min: 1, max: MAX_EVOLVER_STRATEGIES });
  if (k !== undefined) e.evolver = { ...e.evolver, strategies: k };
  const problem = parentSelectionProblem(e);
  if (problem) throw new UsageError(problem);
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
