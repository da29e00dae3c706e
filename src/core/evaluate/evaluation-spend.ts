// Evaluation spend beside naive FRAMES evaluation (docs/engine.md "Model-call reuse"): what a
// measurement paid for model calls (agent runs not served by the cache or the memo, plus the judge)
// against what evaluating the same cases n times each with nothing reused would have paid.
import { totalTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import type { CaseResult, ExecutionRecord } from "../../records/eval-record.js";

/**
 * The tokens of one run that a model call was paid for: a memo hit's share excluded, and what the
 * run's failed attempts paid before it was run again included (ExecutionRecord.failedAttempts).
 */
export function paidUsage(d: ExecutionRecord): Tokens {
  const r = d.reused ?? ZERO_TOKENS;
  const f = d.failedAttempts ?? ZERO_TOKENS;
  return {
    input: d.tokens.input - r.input + f.input,
    output: d.tokens.output - r.output + f.output,
    cached: d.tokens.cached - r.cached + f.cached,
  };
}

/** Input + output tokens this run paid (zero for a cache hit). */
export function paidTokens(d: ExecutionRecord): number {
  if (d.cached) return 0;
  const u = paidUsage(d);
  return u.input + u.output;
}

/**
 * Naive counts every planned run: a case's runs at its mean per run (exact when every run happened),
 * a case sequential rejection skipped at the mean of the cases measured, and the judge at its mean
 * per scored run. Without early stop, sequential rejection, the cache and the memo it is exact.
 */
export function evaluationSpend(
  results: readonly CaseResult[],
  plan: { cases: readonly unknown[]; n: number },
  agentPaid: Tokens,
  judgePaid: Tokens,
): { spent: number; naive: number } {
  const spent = totalTokens(agentPaid) + totalTokens(judgePaid);
  if (results.length === 0) return { spent, naive: 0 };
  const perCase = results.map((r) => totalTokens(r.tokens) * plan.n);
  const measured = perCase.reduce((s, x) => s + x, 0);
  const skipped = Math.max(0, plan.cases.length - results.length);
  const runsScored = results.reduce((s, r) => s + r.runs, 0);
  const judgePerRun = runsScored > 0 ? totalTokens(judgePaid) / runsScored : 0;
  const naive = measured + (skipped * measured) / results.length + judgePerRun * plan.cases.length * plan.n;
  return { spent, naive: Math.round(naive) };
}
