// Evaluates a skill set on cases with n runs each (FRAMES §3, docs/engine.md "Evaluation savings"),
// spending as few agent executions as the numbers allow: a content-addressed cache skips executions
// already done, and a case stops once pass@k can no longer change (with n = k: at its first success).
import pLimit from "p-limit";
import type { BankFile, Skill } from "../bank/skill.js";
import type { Price } from "../config/config.js";
import type { Case } from "../../records/case.js";
import { SystemicError, type Model } from "../llm/model.js";
import { addTokens, ZERO_TOKENS } from "../../records/tokens.js";
import type { EvalCache } from "./cache.js";
import type { CaseResult, EvalRecord, ExecutionRecord } from "../../records/eval-record.js";
import {
  executeRun,
  newTally,
  tokensOf,
  type Execution,
  type Limiter,
  type RunSetting,
} from "./execute-run.js";
import { passAtK, successesForCertainPass } from "./metrics.js";
import { runScore, scoreAtK, scoresKernel } from "./kernel-score.js";
import type { KernelScoring } from "../../records/kernel-scoring.js";
import type { Runner } from "./runner.js";
import type { CommandScorer } from "./scorers/score-rubric.js";
import { summarizeEvaluation } from "./summarize.js";

export { summarizeEvaluation } from "./summarize.js";

export type { Limiter } from "./execute-run.js";

export interface EvaluateCaseOptions {
  case: Case;
  skills: readonly Skill[];
  runner: Runner;
  n: number;
  k: number;
  cache?: EvalCache;
  judge?: Model;
  runCommand?: CommandScorer;
  /** The case's input files, resolved (path → content); defaults to the inline contents. */
  files?: Record<string, string>;
  skillFiles?: readonly BankFile[];
  /** Stop once pass@k is certain (lossless); on by default. */
  earlyStop?: boolean;
  /** How a kernel case is scored (kernel-score.ts); absent = `speedup`. */
  kernelScore?: KernelScoring;
  limit?: Limiter;
  onExecution?: (e: Execution) => void;
}

/** Inline file contents of a case; a file without inline content needs a resolver. */
export function inlineFiles(c: Case): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of c.task.files) {
    if (f.content === undefined) {
      throw new SystemicError(
        `case ${c.id}: input file ${f.path} has no inline content and no file resolver was given`,
        "config",
      );
    }
    out[f.path] = f.content;
  }
  return out;
}

function meanUsage(runs: readonly ExecutionRecord[]) {
  if (runs.length === 0) return { input: 0, output: 0, cached: 0 };
  const sum = runs.reduce((acc, r) => addTokens(acc, r.tokens), ZERO_TOKENS);
  return {
    input: sum.input / runs.length,
    output: sum.output / runs.length,
    cached: sum.cached / runs.length,
  };
}

export async function evaluateCase(opts: EvaluateCaseOptions): Promise<CaseResult> {
  const { case: c, skills, runner, n, k, cache } = opts;
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 1 || k > n)
    throw new SystemicError(`need integers 1 ≤ k ≤ n, got n=${n}, k=${k}`, "config");
  const files = opts.files ?? inlineFiles(c);
  const limit: Limiter = opts.limit ?? ((fn) => fn());
  // A scored kernel case needs every run: a later run may be faster (score@k reads all n).
  const scored = scoresKernel(c, opts.kernelScore);
  const earlyStop = (opts.earlyStop ?? true) && !scored;
  const stopAt = successesForCertainPass(n, k);
  const setting: RunSetting = {
    case: c,
    skills,
    runner,
    files,
    limit,
    cache,
    judge: opts.judge,
    runCommand: opts.runCommand,
    skillFiles: opts.skillFiles,
    onExecution: opts.onExecution,
  };
  const tally = newTally();
  const oneRun = (runIndex: number) => executeRun(setting, runIndex, tally);

  const runs: ExecutionRecord[] = [];
  if (earlyStop) {
    let successes = 0;
    for (let i = 0; i < n && successes < stopAt; i++) {
      const r = await oneRun(i);
      runs.push(r);
      if (r.pass) successes++;
    }
  } else {
    runs.push(...(await Promise.all(Array.from({ length: n }, (_, i) => oneRun(i)))));
  }

  const successes = runs.filter((r) => r.pass).length;
  // After an early stop pass@k is exactly 1; otherwise all n runs happened, and those that ended in
  // an infrastructure failure (transient, after their re-runs) are left out: they are never scored.
  const scoredRuns = n - runs.filter((r) => r.transient).length;
  if (successes < stopAt && scoredRuns === 0) throw unscorable(c, runs);
  const pk = successes >= stopAt ? 1 : passAtK(scoredRuns, successes, Math.min(k, scoredRuns));
  return {
    id: c.id,
    category: c.category,
    planned: n,
    runs: runs.length,
    successes,
    passAtK: pk,
    ...(scored ? { score: scoreAtK(runs.map(runScore), k) } : {}),
    tokens: meanUsage(runs),
    executed: tally.executed,
    savedByCache: tally.savedByCache,
    savedByEarlyStop: n - runs.length,
    scoringTokens: tokensOf(tally.scoring),
    runDetails: runs,
  };
}

/** Every run of the case ended in an infrastructure failure: nothing to score, so the evaluation stops. */
function unscorable(c: Case, runs: readonly ExecutionRecord[]): SystemicError {
  const why = runs.at(-1)?.error ?? "no reason recorded";
  return new SystemicError(
    `case ${c.id}: every run ended in an infrastructure failure, so nothing was scored or cached (last: ${why}); \`skillops doctor\` checks the agent, the sandbox and the model endpoint`,
  );
}

export interface Progress {
  done: number;
  total: number;
  caseId: string;
}

export interface EvaluateOptions {
  skills: readonly Skill[];
  cases: readonly Case[];
  runner: Runner;
  n: number;
  k: number;
  /** Executions at once; shared by every case of this evaluation. */
  concurrency: number;
  cache?: EvalCache;
  judge?: Model;
  runCommand?: CommandScorer;
  /** Resolves a case's input files; defaults to the inline contents. */
  resolveFiles?: (c: Case) => Record<string, string> | Promise<Record<string, string>>;
  skillFiles?: readonly BankFile[];
  earlyStop?: boolean;
  kernelScore?: KernelScoring;
  /** Bootstrap resamples (10,000 by default in config). */
  bootstrap: number;
  seed: number;
  /** Price of the agent's model, for `cost.dollars`. */
  price?: Price;
  onProgress?: (p: Progress) => void;
  /** Every execution with its verdict, as it finishes (`eval --traces-out`). */
  onExecution?: (e: Execution) => void;
}

export async function evaluate(opts: EvaluateOptions): Promise<EvalRecord> {
  const pool = pLimit(Math.max(1, opts.concurrency));
  // After a systemic error no new execution starts; those in flight finish (and reach the cache)
  // before the error is rethrown, so an interrupted evaluation keeps every finished execution.
  let failure: { error: unknown } | undefined;
  const limit: Limiter = (fn) =>
    pool(() => {
      if (failure) throw failure.error;
      return fn();
    });
  let done = 0;
  const settled = await Promise.allSettled(
    opts.cases
      .map(async (c) => {
        const files = opts.resolveFiles ? await opts.resolveFiles(c) : inlineFiles(c);
        const r = await evaluateCase({
          case: c,
          skills: opts.skills,
          runner: opts.runner,
          n: opts.n,
          k: opts.k,
          files,
          limit,
          ...(opts.cache ? { cache: opts.cache } : {}),
          ...(opts.judge ? { judge: opts.judge } : {}),
          ...(opts.runCommand ? { runCommand: opts.runCommand } : {}),
          ...(opts.skillFiles ? { skillFiles: opts.skillFiles } : {}),
          ...(opts.earlyStop !== undefined ? { earlyStop: opts.earlyStop } : {}),
          ...(opts.kernelScore ? { kernelScore: opts.kernelScore } : {}),
          ...(opts.onExecution ? { onExecution: opts.onExecution } : {}),
        });
        done++;
        opts.onProgress?.({ done, total: opts.cases.length, caseId: c.id });
        return r;
      })
      .map((p) =>
        p.catch((error: unknown) => {
          failure ??= { error };
          throw error;
        }),
      ),
  );
  if (failure) throw failure.error;
  const results = settled.map((s) => (s as PromiseFulfilledResult<CaseResult>).value);
  return summarizeEvaluation(results, {
    k: opts.k,
    n: opts.n,
    bootstrap: opts.bootstrap,
    seed: opts.seed,
    ...(opts.price ? { price: opts.price } : {}),
  });
}
