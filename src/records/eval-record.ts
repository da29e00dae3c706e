// The evaluation record: what `skillops eval --json` prints and what the engine's gate and frontier
// read. Documented field by field in docs/eval-record.md.
import { z } from "zod";
import { RateWithInterval } from "./rate-with-interval.js";
import { Tokens } from "./tokens.js";
import { KernelScoreBasis } from "./kernel-scoring.js";

export const ItemVerdict = z.strictObject({
  type: z.string(),
  pass: z.boolean(),
  /** Why: the judge's reasoning, the mismatch, the command's output tail. */
  reason: z.string(),
  /** A specific failure that is not a plain "wrong answer". */
  failure: z
    .enum([
      "path-not-found",
      "no-judge",
      "judge-failed",
      "no-command-runner",
      "command-failed",
      "command-timeout",
      "bad-output",
      "bad-rubric",
    ])
    .optional(),
  /** A `kernel` item's harness figures, so the gate and the reports need not parse `reason`. */
  kernel: z
    .strictObject({
      status: z.string(),
      /** Which clock timed it: CUDA events on a GPU, wall clock on CPU (a CPU ratio is no speedup). */
      timing: z.enum(["CUDA", "CPU"]).optional(),
      /** Reference time / solution time, when the solution was correct and timed. */
      ratio: z.number().nullable().optional(),
      /** The device the harness ran on, e.g. `NVIDIA H200` or `cpu`. */
      device: z.string().optional(),
      /** correctness × speedup: 0 when not correct, else the harness's reward (kernel-scoring.ts). */
      score: z.number().nonnegative().optional(),
      /** What `score` measures: CUDA speedup, correctness alone (CPU), or the simulated world's speedup. */
      basis: KernelScoreBasis.optional(),
    })
    .optional(),
});
export type ItemVerdict = z.infer<typeof ItemVerdict>;

export const ExecutionRecord = z.strictObject({
  runIndex: z.number().int().nonnegative(),
  pass: z.boolean(),
  cached: z.boolean(),
  tokens: Tokens,
  /** The part of `tokens` served from the model-call memo (no model call was paid for it). */
  reused: Tokens.optional(),
  /**
   * What the run's earlier attempts paid before an infrastructure failure had it run again
   * (TRANSIENT_RERUNS): spent, never part of `tokens` (the cost). With the memo the next attempt
   * reuses those calls, so without this the spend would shrink whenever a call failed (a busy
   * machine's timeouts). Absent when no attempt failed or none paid anything.
   */
  failedAttempts: Tokens.optional(),
  /** Command runner only: tokens counted by the recording proxy, or self-reported by the agent. */
  usageSource: z.enum(["proxy", "self-reported"]).optional(),
  /** With `usageSource: self-reported`: the recording proxy's count of the same run, for comparison. */
  proxyTokens: Tokens.optional(),
  /** Model requests the recording proxy answered for the run (agents behind the proxy); absent otherwise. */
  modelCalls: z.number().int().nonnegative().optional(),
  /** Model turns the agent reported; absent when it reports none. */
  turns: z.number().int().nonnegative().optional(),
  /** The agent's own estimate of the run's price in dollars (Claude Code); absent otherwise. */
  costUsd: z.number().nonnegative().optional(),
  /** Skills the agent saw beside the candidate bank (its bundled ones it could not turn off); absent when none. */
  otherSkills: z.array(z.string()).optional(),
  error: z.string().optional(),
  transient: z.boolean().optional(),
  /** The agent declined to answer: its refusal text (the run fails; never cached). */
  refusal: z.string().optional(),
  /** Skills the agent loaded (from the trace), for detecting silently bypassed skills. */
  skillsLoaded: z.array(z.string()),
  /** Skill scripts the run ran, as `<skill>/<path>` (from the trace); absent when it ran none. */
  scriptsRun: z.array(z.string()).optional(),
  /**
   * The `##` sections of loaded skills the agent read (from the trace), for fault localisation;
   * absent when the runner reports no section reads.
   */
  sectionsRead: z.array(z.strictObject({ skill: z.string(), section: z.string() })).optional(),
  items: z.array(ItemVerdict),
  /**
   * The run's trajectory as short steps (trace events, then the outcome), bounded; kept only for a
   * runner that asks (SkillEvolver's whole-trajectory contrast), absent otherwise.
   */
  steps: z.array(z.string()).optional(),
});
export type ExecutionRecord = z.infer<typeof ExecutionRecord>;

export const CaseResult = z.strictObject({
  id: z.string(),
  category: z.string(),
  /** Runs planned (n). */
  planned: z.number().int().positive(),
  /** Runs that happened (executed or served by the cache); fewer than `planned` after an early stop. */
  runs: z.number().int().nonnegative(),
  successes: z.number().int().nonnegative(),
  passAtK: z.number().min(0).max(1),
  /**
   * A kernel case under `evaluate.kernel.score: speedup`: score@k, the expected best run score of k
   * runs drawn from the n (pass@k with scores in place of 0/1; docs/kernel.md). Absent otherwise.
   */
  score: z.number().nonnegative().optional(),
  /** Mean tokens per execution of this case (over the runs that executed or came from the cache). */
  tokens: Tokens,
  executed: z.number().int().nonnegative(),
  savedByCache: z.number().int().nonnegative(),
  savedByEarlyStop: z.number().int().nonnegative(),
  /** Tokens the judge spent scoring this case (not part of the agent's cost). */
  scoringTokens: Tokens,
  runDetails: z.array(ExecutionRecord),
});
export type CaseResult = z.infer<typeof CaseResult>;

export const EvalRecord = z.strictObject({
  k: z.number().int().positive(),
  n: z.number().int().positive(),
  bootstrap: z.strictObject({ B: z.number().int().positive(), seed: z.number().int(), alpha: z.number() }),
  cases: z.array(CaseResult),
  perCategory: z.record(z.string(), RateWithInterval),
  total: RateWithInterval,
  /** Mean agent tokens per case: each case's mean over its runs, averaged over cases. */
  cost: Tokens.extend({
    /** Mean dollars per case, present only when the runner's model has a price. */
    dollars: z.number().nonnegative().optional(),
  }),
  executions: z.strictObject({
    run: z.number().int().nonnegative(),
    savedByCache: z.number().int().nonnegative(),
    savedByEarlyStop: z.number().int().nonnegative(),
    /** What a naive evaluation runs: cases × n. */
    naive: z.number().int().nonnegative(),
    /** Runs that failed for reasons unrelated to the skills (rate limit, 5xx, endpoint timeout). */
    transientFailures: z.number().int().nonnegative(),
  }),
  scoringTokens: Tokens,
  /** Set when any figure comes from the simulated world. */
  simulated: z.boolean().optional(),
  /** What the model client warned about (usage the endpoint misreported, charged as an estimate). */
  warnings: z.array(z.string()).optional(),
});
export type EvalRecord = z.infer<typeof EvalRecord>;
