// What one measurement of an evolve run paid, by phase (core/evolve/spend-phase.ts reports it;
// bench/lossless.ts prints the breakdown). Its own file so the run context can name the callback's
// type without importing the reporter.
/** What a measurement was for; the baseline is whatever is measured before P₀ joins the frontier. */
export type SpendPhase =
  | "baseline"
  | "child"
  | "screen"
  | "nogood"
  | "localise"
  | "context budget"
  | "exact cost P₀"
  | "exact cost member"
  | "confirmation"
  | "exploration";

export interface SpendEvent {
  phase: SpendPhase;
  cases: "evolution" | "pool";
  /** Agent and judge tokens paid (cache and memo hits are not paid). */
  tokens: number;
  /** Agent executions run (not served by the cache). */
  executions: number;
  /** The measured candidate's hash (a measurement's events; absent for exact-cost completions). */
  candidate?: string;
}
