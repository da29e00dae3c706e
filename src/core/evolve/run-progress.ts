// How far a run has come, as the loop reports it after each iteration: iteration t of T, the share
// of the token budget spent, and an estimate of the minutes left. The estimate times only the
// iterations this job ran (from the injected clock), so a continuation job does not count the
// queue time between jobs, and it takes whichever ends the run first: T or the budget.
export interface RunProgress {
  /** Iterations done. */
  t: number;
  /** The run's most iterations, T. */
  of: number;
  /** Share of the token budget spent (may pass 1 within the last iteration); absent without a budget. */
  budgetUsed?: number;
  /** Estimated minutes until the run ends; absent until this job has timed an iteration. */
  minutesLeft?: number;
  simulated: boolean;
  /** When this was measured, by the run's clock (ISO 8601). */
  at: string;
}

/** A point the estimate measures from: the time (ms), iterations done and tokens spent then. */
export interface ProgressMark {
  ms: number;
  t: number;
  tokens: number;
}

export interface ProgressInput {
  /** Where this job's iterations began. */
  start: ProgressMark;
  now: ProgressMark;
  of: number;
  budgetTokens?: number;
  simulated: boolean;
}

/** Iterations left before T, or before the budget runs out at this job's rate of spending. */
function iterationsLeft(p: ProgressInput, done: number): number {
  const byT = Math.max(0, p.of - p.now.t);
  const perIteration = (p.now.tokens - p.start.tokens) / done;
  if (p.budgetTokens === undefined || perIteration <= 0) return byT;
  const byBudget = Math.ceil(Math.max(0, p.budgetTokens - p.now.tokens) / perIteration);
  return Math.min(byT, byBudget);
}

export function runProgress(p: ProgressInput): RunProgress {
  const done = p.now.t - p.start.t;
  const msPerIteration = done > 0 ? Math.max(0, p.now.ms - p.start.ms) / done : undefined;
  return {
    t: p.now.t,
    of: p.of,
    ...(p.budgetTokens !== undefined && p.budgetTokens > 0
      ? { budgetUsed: p.now.tokens / p.budgetTokens }
      : {}),
    ...(msPerIteration !== undefined
      ? { minutesLeft: (iterationsLeft(p, done) * msPerIteration) / 60_000 }
      : {}),
    simulated: p.simulated,
    at: new Date(p.now.ms).toISOString(),
  };
}
