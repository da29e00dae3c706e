// Pure summary of case results into an evaluation record: pass rate per category and in total
// (mean pass@k over cases) with seeded 95% bootstrap intervals over cases, mean token cost per case,
// and the execution accounting. The engine calls it directly when it evaluates category by category.
import type { Price } from "../config/config.js";
import { deriveSeed } from "../../vocabulary/rng.js";
import { dollarsFor } from "../llm/prices.js";
import type { RateWithInterval } from "../../records/rate-with-interval.js";
import type { CaseResult, EvalRecord } from "../../records/eval-record.js";
import { bootstrapInterval, mean } from "./metrics.js";

export interface SummaryOptions {
  k: number;
  /** Runs per case; defaults to the largest `planned` among the cases. */
  n?: number;
  bootstrap: number;
  seed: number;
  alpha?: number;
  price?: Price;
}

function rate(values: readonly number[], B: number, seed: number, alpha: number): RateWithInterval {
  const [low, high] = bootstrapInterval(values, { B, seed, alpha });
  return { rate: mean(values), low, high, n: values.length };
}

export function summarizeEvaluation(cases: readonly CaseResult[], opts: SummaryOptions): EvalRecord {
  const alpha = opts.alpha ?? 0.05;
  const B = opts.bootstrap;
  const byCategory = new Map<string, number[]>();
  for (const c of cases) {
    const list = byCategory.get(c.category) ?? [];
    list.push(c.passAtK);
    byCategory.set(c.category, list);
  }
  const perCategory: Record<string, RateWithInterval> = {};
  for (const cat of [...byCategory.keys()].sort()) {
    // Each category gets its own stream, so adding a category does not move the others' intervals.
    perCategory[cat] = rate(byCategory.get(cat)!, B, deriveSeed(opts.seed, `category:${cat}`), alpha);
  }
  const sum = (f: (c: CaseResult) => number) => cases.reduce((s, c) => s + f(c), 0);
  const cost: EvalRecord["cost"] = {
    input: mean(cases.map((c) => c.tokens.input)),
    output: mean(cases.map((c) => c.tokens.output)),
    cached: mean(cases.map((c) => c.tokens.cached)),
  };
  if (opts.price) cost.dollars = mean(cases.map((c) => dollarsFor(c.tokens, opts.price!)));
  const n = opts.n ?? Math.max(1, ...cases.map((c) => c.planned));
  return {
    k: opts.k,
    n,
    bootstrap: { B, seed: opts.seed, alpha },
    cases: [...cases],
    perCategory,
    total: rate(
      cases.map((c) => c.passAtK),
      B,
      deriveSeed(opts.seed, "total"),
      alpha,
    ),
    cost,
    executions: {
      run: sum((c) => c.executed),
      savedByCache: sum((c) => c.savedByCache),
      savedByEarlyStop: sum((c) => c.savedByEarlyStop),
      naive: sum((c) => c.planned),
      transientFailures: sum((c) => c.runDetails.filter((r) => r.transient).length),
    },
    scoringTokens: {
      input: sum((c) => c.scoringTokens.input),
      output: sum((c) => c.scoringTokens.output),
      cached: sum((c) => c.scoringTokens.cached),
    },
  };
}
