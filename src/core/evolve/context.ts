// What one run carries through its iterations: inputs, the injected dependencies, and helpers
// that turn stored member state back into banks. Built once by loop.ts.
import type { ExplorationRecord } from "../../records/exploration-record.js";
import type { SpendEvent } from "../../records/spend-event.js";
import type { KernelScoreBasis } from "../../records/kernel-scoring.js";
import type { ScriptParse } from "../audit/audit-input.js";
import { replaceSkillSource } from "../bank/bank.js";
import { exposedSkills, withExposure } from "../bank/exposure.js";
import { hashBank } from "../bank/hash.js";
import type { Skill, SkillBank } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import type { EvalCache } from "../evaluate/cache.js";
import type { Limiter } from "../evaluate/evaluate.js";
import type { Runner } from "../evaluate/runner.js";
import type { Auditor } from "./audit/auditor.js";
import type { CommandScorer } from "../evaluate/scorers/score-rubric.js";
import type { UsageLedger } from "../llm/ledger.js";
import type { Model } from "../llm/model.js";
import { addTokens, type Tokens } from "../../records/tokens.js";
import type { Checkpoint, Inputs, LoopState, MemberState } from "./checkpoint.js";
import type { Nogood } from "../../records/nogood.js";
import type { ParentSelector } from "./strategies/parent-selector.js";
import type { Embeddings } from "./retrieve.js";
import type { Clock } from "../../vocabulary/clock.js";
import type { Roles } from "../llm/roles.js";
import type { PoolCases } from "./pool-cases.js";
import type { HeldBack } from "./hold-back.js";
import { applyBundle } from "./tools/tool-bundle.js";
import {
  EVALUATION_DEFAULTS,
  type Iteration,
  type RunConfig,
  type RoleTokens,
} from "../../records/run-record.js";
import { sameBytes } from "../bank/same-bytes.js";
import type { JobBudget } from "./job-budget.js";
import type { FanOut } from "./fan-out.js";
import type { RunProgress } from "./run-progress.js";

export interface EvolveInputs {
  bank: SkillBank;
  /** Accepted cases ℱ (in a run's context: those selection sees, the held-back ones taken out). */
  cases: readonly Case[];
  /** Regression pool ℛ: every case, or a pool read on demand (the CLI's; pool-cases.ts). */
  pool: readonly Case[] | PoolCases;
  categories: readonly string[];
  config: RunConfig;
  /** Content hashes of what was read; a resume compares them. */
  inputs: Inputs;
  simulated: boolean;
  embeddings?: Embeddings;
  /**
   * Policy files that the bank's `metadata.policy` names, path → text (read by the CLI): the audit
   * does not count a literal the policy holds as leaked, and checks the policy anchors.
   */
  policies?: Readonly<Record<string, string>>;
  /**
   * Nogoods read before the run (`.skillops/nogoods/`, rollbacks, closed PRs): a child that repeats
   * an active one is vetoed unevaluated (nogood-step.ts).
   */
  nogoods?: readonly Nogood[];
  /** A named working scope (config `scopes`): retrieval only considers these skills. */
  restrictTo?: { name: string; skills: readonly string[] };
  /** false: no retrieval links for unlinked pool cases (retrieval-links.ts; benchmarks measure without). */
  retrievalLinks?: boolean;
}

export type ProgressEvent =
  | {
      type: "baseline";
      passRate: number;
      perCategory: Record<string, number>;
      scope: string[];
      /** Kernel runs under speedup scoring: what the rates (mean scores) measure (kernel-summary.ts). */
      kernelBasis?: KernelScoreBasis;
    }
  | {
      type: "iteration";
      t: number;
      admitted: boolean;
      entered: boolean;
      passRate?: number;
      kernelBasis?: KernelScoreBasis;
      note?: string;
      frontier: number;
      /** The iteration's whole record (vote, rewrites and their drops, gate, role failures). */
      record?: Iteration;
      /** How far the run has come: t of T, budget used, minutes left (run-progress.ts). */
      progress: RunProgress;
    };

export interface EvolveDeps {
  roles: Roles;
  runner: Runner;
  /**
   * Scores `judge` rubric items, as in `skillops eval` (a model asked in the role `judge`). A run whose
   * cases or pool have judge items is refused without one (start.ts).
   */
  judge?: Model;
  /** Scores `command` rubric items (io/runners/command-scorer.ts); required like `judge` when a case has them. */
  runCommand?: CommandScorer;
  /**
   * The run's usage ledger, when its models keep one: the run record's `tokens` takes each role's
   * `calls` (model requests) from it, and lists roles the engine does not see (embedding, converter).
   */
  ledger?: Pick<UsageLedger, "byRole">;
  cache?: EvalCache;
  limit?: Limiter;
  now: Clock;
  /** Called after the baseline and after every iteration with the whole state. */
  checkpoint?: (cp: Checkpoint) => Promise<void>;
  /** A checkpoint to continue from. */
  resume?: Checkpoint;
  onProgress?: (e: ProgressEvent) => void;
  /** How each iteration picks its parent (Algorithm 1, line 6); FRAMES round-robin by default. */
  parents?: ParentSelector;
  /**
   * An embedding function for hybrid retrieval (FRAMES §3.3: semantic + lexical); used only when
   * `inputs.embeddings` is absent. One vector per text, in order.
   */
  embed?: (texts: readonly string[]) => Promise<number[][]>;
  /**
   * Parses a child's changed scripts for the audit (`python3 -m py_compile`, `node --check`,
   * `bash -n`); the CLI passes it. Without it the audit skips script parsing and its record says so.
   */
  checkScripts?: (
    bank: SkillBank,
    scripts: readonly { skill: string; file: string }[],
  ) => Promise<ScriptParse[]>;
  /**
   * Runs a skill's own script tests (`scripts/test_*`, docs/bank.md) after a tool operation; a test
   * that exits non-zero drops the bundle. Without it, tool bundles are applied untested (recorded).
   */
  runScriptTests?: (
    bank: SkillBank,
    tests: readonly { skill: string; file: string }[],
  ) => Promise<ScriptParse[]>;
  /** Input files of a case that keeps them beside its case file (the CLI resolves them from disk). */
  resolveFiles?: (c: Case) => Promise<Record<string, string>>;
  /** The model-backed auditor (model-audit.ts); used only when the run config has `auditModel`. */
  auditor?: Auditor;
  /** This job's time budget: past it the loop stops between iterations (job-budget.ts). */
  jobBudget?: JobBudget;
  /** Sees each measurement before it runs, to evaluate it in shards (fan-out.ts). */
  fanOut?: FanOut;
  /** Told what each measurement paid, by phase (spend-phase.ts): accounting for benches. */
  onSpend?: (e: SpendEvent) => void;
}

/** The config's evaluation knobs with their defaults resolved, once per run (start.ts, run.ts). */
export interface RunSettings {
  savings: boolean;
  parallelCases: number;
  bootstrap: number;
  /**
   * Members' early-stopped runs are all run before they join the frontier (cost/exact-cost.ts): unless
   * `exactCost: false`, and always under a strategy that forces it (SkillEvolver, whose contrast reads every run).
   */
  exactCost: boolean;
}

/** `strategy` is the configured search strategy's object (strategies/strategies.ts). */
export function settingsOf(
  config: Pick<RunConfig, "savings" | "parallelCases" | "bootstrap" | "exactCost">,
  strategy: { readonly forcesExactCost: boolean },
): RunSettings {
  return {
    savings: config.savings ?? EVALUATION_DEFAULTS.savings,
    parallelCases: config.parallelCases ?? EVALUATION_DEFAULTS.parallelCases,
    bootstrap: config.bootstrap ?? EVALUATION_DEFAULTS.bootstrap,
    exactCost: (config.exactCost ?? EVALUATION_DEFAULTS.exactCost) || strategy.forcesExactCost,
  };
}

export interface RunContext {
  in: EvolveInputs;
  deps: EvolveDeps;
  settings: RunSettings;
  parents: ParentSelector;
  caseIds: ReadonlySet<string>;
  /** Configured categories with no accepted case (not gated). */
  ungated: readonly string[];
  /**
   * SkillEvolver's runner with the written strategies' hints (written-strategies.ts): exploration runs
   * only (the contrast). Every deciding measurement runs `deps.runner`, the agent as deployed.
   */
  explorer?: Runner;
  /** SkillEvolver: this iteration's exploration, until the iteration's record takes it (evolver.ts). */
  explored?: ExplorationRecord;
  /** The pool selection sees: the held-back cases are not in it (hold-back.ts). */
  pool: PoolCases;
  /** The confirmation set, kept from selection and measured once P* is chosen (confirm.ts). */
  heldBack: HeldBack;
  /** The whole pool, held-back cases included: only confirm.ts reads it, after selection. */
  fullPool: PoolCases;
  state: LoopState;
}

/** The run before its loop state exists: what start.ts checks and resolves from the inputs. */
export type RunSetup = Omit<RunContext, "state">;

export function bankOf(
  ctx: RunContext,
  member: Pick<MemberState, "sources" | "files" | "exposure">,
): SkillBank {
  let bank = ctx.in.bank;
  for (const [name, source] of Object.entries(member.sources).sort(([a], [b]) => (a < b ? -1 : 1)))
    bank = replaceSkillSource(bank, name, source);
  const files = Object.entries(member.files ?? {}).map(([path, content]) => ({ path, content }));
  const withFiles = files.length ? applyBundle(bank, files) : bank;
  return member.exposure ? withExposure(withFiles, member.exposure) : withFiles;
}

/** Files other than SKILL.md that differ from the input bank (scripts a tool operation changed); null = deleted. */
export function filesOf(ctx: RunContext, bank: SkillBank): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const isSkillMd = (p: string) => p.endsWith("/SKILL.md");
  const now = new Map(bank.files.map((f) => [f.path, f.bytes]));
  for (const f of ctx.in.bank.files) if (!isSkillMd(f.path) && !now.has(f.path)) out[f.path] = null;
  const input = new Map(ctx.in.bank.files.map((f) => [f.path, f.bytes]));
  for (const f of bank.files) {
    const before = input.get(f.path);
    if (isSkillMd(f.path) || (before && sameBytes(before, f.bytes))) continue;
    out[f.path] = new TextDecoder().decode(f.bytes);
  }
  return out;
}

export function scopeSkills(bank: SkillBank, scope: readonly string[]): Skill[] {
  return scope.map((n) => bank.skills.find((s) => s.name === n)).filter((s): s is Skill => s !== undefined);
}

/**
 * The skills the agent is shown when a candidate is measured: every skill bank.yml exposes, in the
 * bank's own order, as the deployed agent sees it. Not the working scope (what the run may edit):
 * that is retrieved for this run's cases, so the next run, with other feedback, would show the same
 * bank as another set of skills, which is another prompt and so another execution (the cache key
 * follows what is shown, cache.ts), and a merged member measured by the last run would run again
 * (issue 45; docs/engine.md "What the agent sees").
 */
export function shownSkills(bank: SkillBank): Skill[] {
  return exposedSkills(bank, bank.skills);
}

/** SKILL.md sources that differ from the input bank. */
export function sourcesOf(ctx: RunContext, bank: SkillBank): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of bank.skills) {
    const before = ctx.in.bank.skills.find((b) => b.name === s.name);
    if (!before || before.source !== s.source) out[s.name] = s.source;
  }
  return out;
}

export function candidateHash(bank: SkillBank): string {
  return hashBank(bank.files);
}

export function spend(ctx: RunContext, role: string, usage: Tokens, into?: Record<string, RoleTokens>): void {
  for (const target of into ? [ctx.state.tokens, into] : [ctx.state.tokens]) {
    const before = target[role] ?? { input: 0, output: 0, cached: 0 };
    // `calls` (from the ledger, carried over a resume) survives the sum.
    target[role] = { ...before, ...addTokens(before, usage) };
  }
}

export function spent(ctx: RunContext): number {
  return Object.values(ctx.state.tokens).reduce((s, u) => s + u.input + u.output, 0);
}

/** Which of the run's budgets is spent ("execution" or "token"), for the notes that say so. */
export function spentBudget(ctx: RunContext): "execution" | "token" {
  const { budgetExecutions } = ctx.in.config;
  return budgetExecutions !== undefined && ctx.state.executions.run >= budgetExecutions
    ? "execution"
    : "token";
}

/**
 * `pending`: tokens spent by work not yet accounted (an evaluation in progress); `pendingExecutions`:
 * that work's agent executions, against `budgetExecutions`.
 */
export function withinBudget(ctx: RunContext, pending = 0, pendingExecutions = 0): boolean {
  const { budgetTokens, budgetExecutions } = ctx.in.config;
  if (budgetTokens !== undefined && spent(ctx) + pending >= budgetTokens) return false;
  return budgetExecutions === undefined || ctx.state.executions.run + pendingExecutions < budgetExecutions;
}
