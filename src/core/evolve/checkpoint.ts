// Checkpoint and resume: after every iteration the loop hands its whole state to a writer (the CLI
// appends it to `<out>/checkpoint.jsonl`, checkpoint-log.ts). Started again with the same inputs and config, the run continues
// from the last completed iteration; with different ones it is refused, saying what differs.
import { z } from "zod";
import type { CaseResult } from "../../records/eval-record.js";
import {
  EVALUATION_DEFAULTS,
  Executions,
  Iteration,
  RunConfig,
  SkillChange,
  StopReason,
  RoleTokens,
} from "../../records/run-record.js";
import { NogoodTally } from "../../records/nogood-tally.js";
import { NeoPending } from "../../records/neo-pending-record.js";
import { DEFAULT_STRATEGY } from "../../records/search-strategy.js";
import { WrittenStrategy } from "../../records/written-strategy.js";
import { WeakSpot } from "../../records/weak-spot.js";
import { ScopeWidening } from "../../records/run-scope.js";

export const CHECKPOINT_VERSION = 1 as const;

export const Inputs = z.strictObject({
  bank: z.string(),
  cases: z.string(),
  pool: z.string(),
  world: z.string().optional(),
});
export type Inputs = z.infer<typeof Inputs>;

/** A frontier member, stored as the SKILL.md sources that differ from the input bank. */
export const MemberState = z.strictObject({
  id: z.string(),
  born: z.number().int().nonnegative(),
  parent: z.string().optional(),
  sources: z.record(z.string(), z.string()),
  /** Other files that differ from the input bank (tool operations), path → text, null = deleted; absent when none. */
  files: z.record(z.string(), z.string().nullable()).optional(),
  /** Its exposure list, when it differs from the input bank's (an allocation made or inherited it). */
  exposure: z.array(z.string()).optional(),
  changes: z.array(SkillChange),
  /** Its results on the evolution cases (CaseResult from src/evaluate, stored as data). */
  results: z.array(z.any()),
});
export type MemberState = Omit<z.infer<typeof MemberState>, "results"> & { results: CaseResult[] };

export const LoopState = z.strictObject({
  runId: z.string(),
  startedAt: z.string(),
  scope: z.array(z.string()),
  relevance: z.array(z.strictObject({ skill: z.string(), score: z.number() })),
  /** The scope's widenings so far (widen-scope.ts); absent when none. */
  widenings: z.array(ScopeWidening).optional(),
  baselineId: z.string(),
  /** E₀: the baseline's results on the evolution cases; the gate's floors come from them. */
  baselineResults: z.array(z.any()),
  /** Last completed iteration. */
  t: z.number().int().nonnegative(),
  sinceImprovement: z.number().int().nonnegative(),
  frontier: z.array(MemberState),
  iterations: z.array(Iteration),
  executions: Executions,
  tokens: z.record(z.string(), RoleTokens),
  stopped: z.strictObject({ reason: StopReason, note: z.string().optional() }).optional(),
  nogoods: NogoodTally.optional(),
  /**
   * Admitted members that are not (or no longer) on the frontier, kept only by strategies that draw
   * parents from them (SkillNEO's comma selection and archive revisiting, which also keeps its promoted
   * children the gate refused here, as parents); absent for the others.
   */
  archive: z.array(MemberState).optional(),
  /** SkillNEO's screened children awaiting their generation's ranking (neo-pending.ts); absent when none. */
  neoPending: z.array(NeoPending).optional(),
  /** SkillEvolver's written strategies, run i following i mod K (written-strategies.ts); absent for the others. */
  strategies: z
    .strictObject({
      written: z.array(WrittenStrategy),
      by: z.enum(["strategist", "fallback"]),
      note: z.string().optional(),
      /** The iteration that wrote them; absent = before the run (the paper's S₀). */
      writtenAt: z.number().int().positive().optional(),
      /** Answers the diversity check refused before this one; absent when none. */
      redrawn: z.number().int().positive().optional(),
      /** The weak spots they were aimed at; absent for S₀. */
      weakSpots: z.array(WeakSpot).optional(),
    })
    .optional(),
});
export type LoopState = Omit<z.infer<typeof LoopState>, "frontier" | "baselineResults" | "archive"> & {
  frontier: MemberState[];
  archive?: MemberState[];
  baselineResults: CaseResult[];
};

export const Checkpoint = z.strictObject({
  version: z.literal(CHECKPOINT_VERSION),
  inputs: Inputs,
  config: RunConfig,
  state: LoopState,
});
export type Checkpoint = Omit<z.infer<typeof Checkpoint>, "state"> & { state: LoopState };

export function parseCheckpoint(value: unknown): Checkpoint {
  return Checkpoint.parse(value) as Checkpoint;
}

/** What differs between a checkpoint and the run being started; empty when it may resume. */
export function resumeMismatch(
  cp: Pick<Checkpoint, "inputs" | "config">,
  inputs: Inputs,
  config: RunConfig,
): string[] {
  const out: string[] = [];
  for (const key of ["bank", "cases", "pool", "world"] as const) {
    if (cp.inputs[key] !== inputs[key])
      out.push(`${key}: checkpoint ${short(cp.inputs[key])}, now ${short(inputs[key])}`);
  }
  // An absent knob means its default, so a checkpoint that left one out matches a run that spells the
  // default out (`--strategy frames`).
  const defaults = {
    ...EVALUATION_DEFAULTS,
    strategy: DEFAULT_STRATEGY,
    gateTest: "floor" as const,
    targetedShare: 1,
    kernelScore: "speedup" as const,
  };
  const before: RunConfig = { ...defaults, ...cp.config };
  const now: RunConfig = { ...defaults, ...config };
  const keys = new Set([...Object.keys(before), ...Object.keys(now)]) as Set<keyof RunConfig>;
  // The iteration limit and the budget may grow on resume (that is how a cut-short run is extended).
  for (const key of [...keys].sort()) {
    if (key === "maxIterations" || key === "budgetTokens" || key === "budgetExecutions") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(now[key]))
      out.push(`config.${key}: checkpoint ${JSON.stringify(before[key])}, now ${JSON.stringify(now[key])}`);
  }
  return out;
}

export class ResumeRefused extends Error {
  constructor(readonly differences: string[]) {
    super(
      `cannot resume: the checkpoint was made with different inputs (${differences.join("; ")}); remove the checkpoint or use a new --out`,
    );
  }
}

function short(v: string | undefined): string {
  return v === undefined ? "none" : v.slice(0, 12);
}
