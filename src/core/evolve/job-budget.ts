// Runs that outlive a job (`evolve.jobBudgetMinutes`, docs/workflows.md "Runs that outlive a job"):
// before each iteration the loop asks whether this job could still finish one more in its budget,
// judging by the slowest iteration it has run. When it could not, the run stops there — its
// checkpoint already holds the last completed iteration — and the caller hands it to a continuation,
// which resumes from the checkpoint and decides exactly as one long job would have.
import type { Clock } from "../../vocabulary/clock.js";

export interface JobBudget {
  minutes: number;
  /** When this job started (the CLI reads its clock once at start). */
  startedAt: Date;
}

/** Thrown by the loop when the job's budget is reached; the checkpoint holds iteration `t`. */
export class JobBudgetReached extends Error {
  constructor(
    readonly runId: string,
    readonly t: number,
  ) {
    super(`the job's time budget is reached after iteration ${t}: continue run ${runId} from its checkpoint`);
  }
}

export interface JobTimer {
  /** Whether another iteration may start in this job. */
  mayStartIteration(): boolean;
  /** Marks an iteration (or the baseline) as begun / finished, for the slowest-iteration estimate. */
  begin(): void;
  end(): void;
}

/**
 * A job always does some work (the baseline or one iteration) before it may hand over, so a
 * continuation chain always moves on; with `minutes: 0` each job does exactly that much.
 */
export function jobTimer(budget: JobBudget | undefined, now: Clock): JobTimer {
  let began: number | undefined;
  let slowest = 0;
  let worked = false;
  return {
    mayStartIteration() {
      if (!budget || !worked) return true;
      const elapsed = now().getTime() - budget.startedAt.getTime();
      return elapsed + slowest < budget.minutes * 60_000;
    },
    begin() {
      began = now().getTime();
    },
    end() {
      if (began !== undefined) slowest = Math.max(slowest, now().getTime() - began);
      worked = true;
    },
  };
}
