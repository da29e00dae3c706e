// Evaluate a candidate on a set of cases, spending as few agent executions as the decision allows
// (docs/engine.md, "Evaluation savings"): early stop at n = k (inside evaluateCase), the
// content-addressed cache, and sequential rejection — categories run one after another, and once a
// category can no longer reach its floor even if every remaining case passes, the rest is skipped.
import type { BankFile, Skill } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import type { EvalCache } from "../evaluate/cache.js";
import type { CaseResult } from "../../records/eval-record.js";
import { evaluationSpend, paidTokens, paidUsage } from "../evaluate/evaluation-spend.js";
import { evaluateCase, type Limiter } from "../evaluate/evaluate.js";
import type { Runner } from "../evaluate/runner.js";
import type { CommandScorer } from "../evaluate/scorers/score-rubric.js";
import type { Model } from "../llm/model.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { meetsFloor } from "./gate/gate.js";
import { caseScore, scoresKernel } from "../evaluate/kernel-score.js";
import type { KernelScoring } from "../../records/kernel-scoring.js";
import type { Executions } from "../../records/run-record.js";

export interface MeasureOptions {
  skills: readonly Skill[];
  skillFiles?: readonly BankFile[];
  cases: readonly Case[];
  /** Category order for sequential rejection. */
  categories: readonly string[];
  runner: Runner;
  /** Scores judge rubric items exactly as `skillops eval` does (evaluateCase). */
  judge?: Model;
  /** Scores command rubric items. */
  runCommand?: CommandScorer;
  n: number;
  k: number;
  cache?: EvalCache;
  limit?: Limiter;
  /** With floors, sequential rejection is on. */
  floors?: Readonly<Record<string, number>>;
  /**
   * Cases (ids) whose measurement may wait (measure-candidate.ts names them): once a category meets
   * its floor whatever they score, they run only after every other category, and not at all when the
   * candidate is refused by then (a refused candidate's results decide nothing past its refusal).
   */
  deferrable?: ReadonlySet<string>;
  /** Nothing but the gate verdict is read (a nogood's minimisation): deferred cases never run. */
  verdictOnly?: boolean;
  /**
   * Cases evaluated at once within a category (default 1). Sequential rejection is checked after
   * each group, so a larger group can save less but never changes a verdict.
   */
  parallel?: number;
  /** Stop a case's runs once pass@k is certain (default true). */
  earlyStop?: boolean;
  /** How kernel cases are scored (kernel-score.ts); absent = `speedup`. */
  kernelScore?: KernelScoring;
  /** A case's input files (relative path → content) when they live beside the case file. */
  resolveFiles?: (c: Case) => Promise<Record<string, string>>;
  /**
   * Asked before each group of cases with the agent tokens and executions this measurement has spent
   * so far; false stops it (the run's budget is spent).
   */
  mayContinue?: (agentTokensSoFar: number, executionsSoFar: number) => boolean;
}

export interface Measurement {
  results: CaseResult[];
  perCategory: Record<string, number>;
  passRate: number;
  cost: Tokens;
  complete: boolean;
  /** The category sequential rejection refused, with the best rate it could still have reached. */
  rejected?: { category: string; bound: number };
  /**
   * Categories some but not all of whose cases ran, the rejected one aside (deferred cases a refusal
   * left unrun, or the budget): their rates cover part of the category only. Absent when none.
   */
  partial?: string[];
  /** True when the budget stopped the measurement. */
  outOfBudget: boolean;
  executions: Executions;
  /** Tokens the agent actually spent (executed runs only; cache hits cost nothing). */
  agentTokens: Tokens;
  /**
   * Tokens the judge spent scoring (cached outputs are judged again: the cache holds executions, not
   * verdicts). Never part of `cost`, which is what the agent spends in deployment.
   */
  judgeTokens: Tokens;
}

export const NO_EXECUTIONS: Executions = {
  run: 0,
  savedByCache: 0,
  savedByEarlyStop: 0,
  savedBySequentialRejection: 0,
  naive: 0,
};

export function addExecutions(a: Executions, b: Executions): Executions {
  return {
    run: a.run + b.run,
    savedByCache: a.savedByCache + b.savedByCache,
    savedByEarlyStop: a.savedByEarlyStop + b.savedByEarlyStop,
    savedBySequentialRejection: a.savedBySequentialRejection + b.savedBySequentialRejection,
    naive: a.naive + b.naive,
    ...(a.modelTokens || b.modelTokens
      ? {
          modelTokens: {
            spent: (a.modelTokens?.spent ?? 0) + (b.modelTokens?.spent ?? 0),
            naive: (a.modelTokens?.naive ?? 0) + (b.modelTokens?.naive ?? 0),
          },
        }
      : {}),
  };
}

export async function measure(opts: MeasureOptions): Promise<Measurement> {
  const byCategory = groupByCategory(opts.cases, opts.categories);
  const results: CaseResult[] = [];
  const deferred: Case[] = [];
  let rejected: Measurement["rejected"];
  let outOfBudget = false;
  /** A category measured in full below its floor: the gate refuses, so deferred cases need not run. */
  let fails = false;
  let skipped = 0;
  const spent = { tokens: 0, executions: 0 };
  for (const [category, cases] of byCategory) {
    if (rejected || outOfBudget) {
      skipped += cases.length;
      continue;
    }
    // A scored kernel case has no upper bound (a speedup may be any size): no early rejection there.
    const unbounded = cases.some((c) => scoresKernel(c, opts.kernelScore));
    const floor = unbounded ? undefined : opts.floors?.[category];
    const chunk = Math.max(1, opts.parallel ?? 1);
    let sum = 0;
    for (let i = 0; i < cases.length; i += chunk) {
      if (!mayGoOn(opts, spent)) {
        outOfBudget = true;
        skipped += cases.length - i;
        break;
      }
      const batch = await evaluateBatch(opts, cases.slice(i, i + chunk), results, spent);
      sum += batch.reduce((s, r) => s + caseScore(r), 0);
      const rest = cases.slice(i + batch.length);
      if (floor === undefined || rest.length === 0) continue;
      if (!meetsFloor((sum + rest.length) / cases.length, floor)) {
        rejected = { category, bound: (sum + rest.length) / cases.length };
        skipped += rest.length;
        break;
      }
      // The floor is met whatever the rest scores: the rest waits until the verdict needs it.
      if (meetsFloor(sum / cases.length, floor) && rest.every((c) => opts.deferrable?.has(c.id))) {
        deferred.push(...rest);
        break;
      }
    }
    const measured = results.filter((r) => r.category === category).length;
    if (floor !== undefined && measured === cases.length && !meetsFloor(sum / cases.length, floor))
      fails = true;
  }
  const refused = rejected !== undefined || fails || opts.verdictOnly === true;
  const unneeded = refused ? deferred.length : 0;
  if (!refused) {
    const left = outOfBudget ? deferred.length : await runDeferred(opts, deferred, results, spent);
    outOfBudget ||= left > 0;
    skipped += left;
  }
  const order = new Map([...byCategory.values()].flat().map((c, i) => [c.id, i]));
  results.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const partial = partialCategories(byCategory, results, rejected);
  return { ...summarize(results, opts, { rejected, outOfBudget, skipped, unneeded }), ...partial };
}

/** `partial`: the categories measured in part, the rejected one aside (see Measurement.partial). */
function partialCategories(
  byCategory: ReadonlyMap<string, readonly Case[]>,
  results: readonly CaseResult[],
  rejected: Measurement["rejected"],
): { partial?: string[] } {
  const partial = [...byCategory].flatMap(([category, cases]) => {
    const ran = results.filter((r) => r.category === category).length;
    return ran > 0 && ran < cases.length && category !== rejected?.category ? [category] : [];
  });
  return partial.length ? { partial } : {};
}

/** Runs the deferred cases; returns how many the budget left unrun. */
async function runDeferred(
  opts: MeasureOptions,
  deferred: readonly Case[],
  results: CaseResult[],
  spent: { tokens: number; executions: number },
): Promise<number> {
  const chunk = Math.max(1, opts.parallel ?? 1);
  for (let i = 0; i < deferred.length; i += chunk) {
    if (!mayGoOn(opts, spent)) return deferred.length - i;
    await evaluateBatch(opts, deferred.slice(i, i + chunk), results, spent);
  }
  return 0;
}

function mayGoOn(opts: MeasureOptions, spent: { tokens: number; executions: number }): boolean {
  return !opts.mayContinue || opts.mayContinue(spent.tokens, spent.executions);
}

/** Evaluates `cases` at once, appends their results and adds what they paid to `spent`. */
async function evaluateBatch(
  opts: MeasureOptions,
  cases: readonly Case[],
  results: CaseResult[],
  spent: { tokens: number; executions: number },
): Promise<CaseResult[]> {
  const batch = await Promise.all(cases.map((c) => evaluateOne(opts, c)));
  results.push(...batch);
  for (const r of batch) for (const d of r.runDetails) spent.tokens += paidTokens(d);
  for (const r of batch) spent.tokens += r.scoringTokens.input + r.scoringTokens.output;
  for (const r of batch) spent.executions += r.executed;
  return batch;
}

async function evaluateOne(opts: MeasureOptions, c: Case): Promise<CaseResult> {
  const files = opts.resolveFiles ? await opts.resolveFiles(c) : undefined;
  return evaluateCase({
    ...(files ? { files } : {}),
    case: c,
    skills: opts.skills,
    runner: opts.runner,
    n: opts.n,
    k: opts.k,
    earlyStop: opts.earlyStop ?? true,
    ...(opts.kernelScore ? { kernelScore: opts.kernelScore } : {}),
    ...(opts.cache ? { cache: opts.cache } : {}),
    ...(opts.limit ? { limit: opts.limit } : {}),
    ...(opts.skillFiles ? { skillFiles: opts.skillFiles } : {}),
    ...(opts.judge ? { judge: opts.judge } : {}),
    ...(opts.runCommand ? { runCommand: opts.runCommand } : {}),
  });
}

function summarize(
  results: CaseResult[],
  opts: MeasureOptions,
  /** `unneeded`: deferred cases the verdict did not need (the candidate was refused first). */
  end: { rejected: Measurement["rejected"]; outOfBudget: boolean; skipped: number; unneeded: number },
): Measurement {
  const perCategory: Record<string, number> = {};
  for (const c of opts.categories) {
    const rs = results.filter((r) => r.category === c);
    if (rs.length > 0) perCategory[c] = rs.reduce((s, r) => s + caseScore(r), 0) / rs.length;
  }
  if (end.rejected) perCategory[end.rejected.category] = end.rejected.bound;
  const mean = (f: (r: CaseResult) => number) =>
    results.length ? results.reduce((s, r) => s + f(r), 0) / results.length : 0;
  let agentTokens: Tokens = ZERO_TOKENS;
  for (const r of results)
    for (const d of r.runDetails) if (!d.cached) agentTokens = addTokens(agentTokens, paidUsage(d));
  const judgeTokens = results.reduce((u, r) => addTokens(u, r.scoringTokens), ZERO_TOKENS);
  const modelTokens = evaluationSpend(results, opts, agentTokens, judgeTokens);
  const sum = (f: (r: CaseResult) => number) => results.reduce((s, r) => s + f(r), 0);
  return {
    results,
    perCategory,
    passRate: mean(caseScore),
    cost: {
      input: mean((r) => r.tokens.input),
      output: mean((r) => r.tokens.output),
      cached: mean((r) => r.tokens.cached),
    },
    complete: !end.rejected && !end.outOfBudget && end.unneeded === 0,
    ...(end.rejected ? { rejected: end.rejected } : {}),
    outOfBudget: end.outOfBudget,
    executions: {
      run: sum((r) => r.executed),
      savedByCache: sum((r) => r.savedByCache),
      savedByEarlyStop: sum((r) => r.savedByEarlyStop),
      savedBySequentialRejection: ((end.rejected ? end.skipped : 0) + end.unneeded) * opts.n,
      naive: opts.cases.length * opts.n,
      modelTokens,
    },
    agentTokens,
    judgeTokens,
  };
}

/** Cases grouped in the configured category order; unknown categories follow, sorted. */
export function groupByCategory(cases: readonly Case[], categories: readonly string[]): Map<string, Case[]> {
  const out = new Map<string, Case[]>(categories.map((c) => [c, []]));
  for (const c of [...cases].sort((a, b) =>
    a.category < b.category ? -1 : a.category > b.category ? 1 : 0,
  )) {
    const list = out.get(c.category);
    if (list) list.push(c);
    else out.set(c.category, [c]);
  }
  for (const [c, list] of out) if (list.length === 0) out.delete(c);
  return out;
}
