// The run record: everything one evolution run decided and measured, as one JSON document
// (`skillops evolve --json`). Frontier PRs (src/github) and run reports (src/report) render from it,
// so this schema is a contract. Documented in docs/run-record.md.
import { CostEstimate } from "./cost-estimate.js";
import { ToolOp, ToolOpRecord } from "./tool-op.js";
import { ContextBudgetRecord } from "./context-budget-record.js";
import { z } from "zod";
import { PairedRecord } from "./paired-record.js";
import { GraftRecord } from "./graft-record.js";
import { ExplorationRecord } from "./exploration-record.js";
import { NeoDeployRecord } from "./neo-deploy-record.js";
import { NeoScreenRecord } from "./neo-screen-record.js";
import { OperatingPoint } from "./operating-point.js";
import { PassRates, RateWithInterval } from "./rate-with-interval.js";
import { IterationNogoods, NogoodTally } from "./nogood-tally.js";
import { KernelSummary } from "./kernel-summary.js";
import { WhatChanged } from "./what-changed.js";
import { Tokens } from "./tokens.js";
import { CaseLinkEvidence } from "./case-link-evidence.js";
import { BaselineComparison } from "./baseline-comparison.js";
import { ShippedRule } from "./shipped-rule.js";
import { Executions } from "./executions.js";
import { ConfirmationSet, HeldOutComparison } from "./held-out-comparison.js";

export const RUN_RECORD_VERSION = 1 as const;

/** A role's tokens over an iteration or the run, with the model requests they took (`calls`). */
export const RoleTokens = Tokens.extend({
  /** Model requests this usage took (absent without a ledger). */
  calls: z.number().int().nonnegative().optional(),
});
export type RoleTokens = z.infer<typeof RoleTokens>;
import { RunConfig } from "./run-config.js";
import { RunScope } from "./run-scope.js";
export { RunConfig, EVALUATION_DEFAULTS } from "./run-config.js";

/** Candidate metrics as measured during the run (on the evolution cases plus the pool sample). */
export const Measured = z.strictObject({
  /** Mean pass@k; a scored kernel case counts its score (docs/kernel.md), which may exceed 1. */
  passRate: z.number().min(0),
  /** category → pass rate (pass@k mean over that category's evaluated cases; kernel: mean score). */
  perCategory: z.record(z.string(), z.number().min(0)),
  cost: Tokens,
  /** Cases evaluated (fewer than planned when sequential rejection stopped early). */
  cases: z.number().int().nonnegative(),
  /** False when sequential rejection stopped the evaluation before every case ran. */
  complete: z.boolean(),
});
export type Measured = z.infer<typeof Measured>;

export const GateReason = z.strictObject({
  category: z.string(),
  /** The category's pass rate, or its mean score when its cases are scored kernel cases (may exceed 1). */
  observed: z.number().min(0),
  floor: z.number().min(0),
  ok: z.boolean(),
  /** True when the category was rejected before all its cases ran (it could no longer reach the floor). */
  early: z.boolean().default(false),
  /** Cases of this category the gate judged (evolution cases plus the pool sample); absent when not counted. */
  n: z.number().int().nonnegative().optional(),
  /** The child against P₀ case by case (paired-record.ts); absent early or when no case pairs. */
  paired: PairedRecord.optional(),
  /** True when `observed` and `floor` are mean kernel scores (docs/kernel.md "Kernels scored by speedup"). */
  scored: z.boolean().optional(),
});
export type GateReason = z.infer<typeof GateReason>;

export const GateVerdict = z.strictObject({
  admitted: z.boolean(),
  /** One line per category, in category order; `ok: false` lines are why a child was refused. */
  reasons: z.array(GateReason),
  /** Kernel runs only: cases with a solution the harness judged incorrect; any refuses the child (kernel-correctness.ts). */
  wrongKernels: z.array(z.string()).optional(),
  /**
   * The child was refused before every case ran (sequential rejection, or cases that waited until the
   * verdict needed them): `category` decided it (the first in the gate's order below its floor). Only
   * categories measured in full keep a line, so no partial rate reads as a total. Absent otherwise.
   */
  stoppedEarly: z.strictObject({ category: z.string() }).optional(),
});
export type GateVerdict = z.infer<typeof GateVerdict>;

export const SkillPlan = z.strictObject({
  skill: z.string(),
  plan: z.string(),
  /** A typed tool operation (tool-op.ts) when `skill` names a tool, `<skill>/scripts/<file>`. */
  op: ToolOp.optional(),
});
export type SkillPlan = z.infer<typeof SkillPlan>;

export const ProposalRecord = z.strictObject({
  diagnoser: z.number().int().nonnegative(),
  /** Case ids in this diagnoser's batch. */
  batch: z.array(z.string()),
  targets: z.array(z.string()),
  rootCause: z.string(),
  plans: z.array(SkillPlan),
  /** Set when the diagnoser produced nothing usable (model failure, budget). */
  failure: z.string().optional(),
});
export type ProposalRecord = z.infer<typeof ProposalRecord>;

export const VoteEntry = z.strictObject({
  skill: z.string(),
  votes: z.number().int().nonnegative(),
  reason: z.string().optional(),
});
export type VoteEntry = z.infer<typeof VoteEntry>;

/** Why one added line of a rewritten SKILL.md is there: the cases behind the plan edit, the skill's policy links. */
export const LineProvenance = z.strictObject({
  /** 1-based, in the child's SKILL.md. */
  line: z.number().int().positive(),
  text: z.string(),
  /**
   * Ids of the cases in the batches whose diagnosers proposed the edit to this skill. Older records
   * wrote them on every line; now they are the rewrite's `provenanceCases`, written once.
   */
  cases: z.array(z.string()).optional(),
  /** The skill's `metadata.policy` back-links (`path#anchor`), when it has any. */
  policy: z.array(z.string()).optional(),
});
export type LineProvenance = z.infer<typeof LineProvenance>;

export const RewriteRecord = z.strictObject({
  skill: z.string(),
  status: z.enum(["rewritten", "unchanged", "dropped"]),
  /** Plain-language summary of what changed and why (shown in the PR). */
  summary: z.string().optional(),
  /** Why a rewrite was dropped (validation errors, out of scope, model failure). */
  reason: z.string().optional(),
  anchors: z.array(z.string()).default([]),
  /** Rewritten skills: each added line with what motivated it (docs/run-record.md); absent until audited. */
  provenance: z.array(LineProvenance).optional(),
  /** The cases behind every line of `provenance` (the same for all of a rewrite's lines, so written once). */
  provenanceCases: z.array(z.string()).optional(),
});
export type RewriteRecord = z.infer<typeof RewriteRecord>;

export { AuditFinding, AuditVerdict } from "./audit-verdict.js";
export { AuditRepair } from "./audit-repair.js";
import { AuditVerdict } from "./audit-verdict.js";
import { AuditRepair } from "./audit-repair.js";

export { LocalisationEntry, SiteConfirmation } from "./repair-site.js";
import { LocalisationEntry, SiteConfirmation } from "./repair-site.js";

export const Iteration = z.strictObject({
  t: z.number().int().positive(),
  /** Full candidate hash of the parent. */
  parent: z.string(),
  batches: z.number().int().nonnegative(),
  proposals: z.array(ProposalRecord),
  vote: z.strictObject({
    mode: z.enum(["none", "section", "cluster"]),
    threshold: z.number(),
    kept: z.array(VoteEntry),
    dropped: z.array(VoteEntry),
  }),
  /** The merged plan δ̂ the rewriter worked under. */
  plan: z.array(SkillPlan),
  rewrites: z.array(RewriteRecord),
  /** The plan's tool operations and what became of each (docs/engine.md "Tool co-evolution"); absent when none. */
  toolOps: z.array(ToolOpRecord).optional(),
  /**
   * Absent when no child was measured (nothing survived the vote, every rewrite dropped, budget, or
   * the audit refused it).
   */
  child: z
    .strictObject({
      candidate: z.string(),
      measured: Measured,
      /** Regression-pool cases evaluated beside the evolution cases. */
      sample: z.array(z.string()),
      /** How many of `sample` the skill-targeted layer drew (FRAMES §A.9.2 layer i); absent in older records. */
      targeted: z.number().int().nonnegative().optional(),
    })
    .optional(),
  /** The audit of the child; absent when no child was produced. */
  audit: AuditVerdict.optional(),
  /**
   * Repair rounds of a child the audit refused (docs/audit.md), in order; `child`, `audit` and `gate`
   * are the last child's. Absent when the audit refused nothing.
   */
  repairs: z.array(AuditRepair).optional(),
  gate: GateVerdict,
  /** Why there is no child or no verdict, in plain words. */
  note: z.string().optional(),
  entered: z.boolean(),
  /** Members the child dominated, plus the one the cap pushed out, if any. */
  removed: z.array(z.string()),
  frontierAfter: z.array(z.string()),
  /**
   * Members whose dominance relation with the child the 95% cost intervals left undecided
   * (cost-sensitivity.ts), so their remaining runs and the child's were run before the frontier
   * compared them (settle-cost.ts). Absent when none, and always with `exactCost`.
   */
  costSettled: z.array(z.string()).optional(),
  /** Tokens the roles spent in this iteration (evolve cost), by role. */
  tokens: z.record(z.string(), RoleTokens),
  /** SkillNEO grafting (graft-record.ts); absent otherwise. */
  graft: GraftRecord.optional(),
  /** SkillEvolver: the strategies the parent's exploration runs followed and how they did; absent otherwise. */
  exploration: ExplorationRecord.optional(),
  /** SkillNEO: the child's screening rank in its generation (neo-screen-record.ts); absent otherwise. */
  neoScreen: NeoScreenRecord.optional(),
  /** SkillNEO: the generation's deployment decision as it concerns this child (neo-deploy-record.ts); absent otherwise. */
  neoDeploy: NeoDeployRecord.optional(),
  /** A nogood veto, or the nogood the gate's refusal created (docs/nogoods.md); absent when neither. */
  nogoods: IterationNogoods.optional(),
  /**
   * The parent's most suspicious components (at most 10) from its runs' traces, as the diagnosers saw
   * them; absent when the parent had no failing run.
   */
  localisation: z.array(LocalisationEntry).optional(),
  /** Counterfactual checks of the top sites before the diagnosers saw them (`confirmSites`); absent when off. */
  confirmations: z.array(SiteConfirmation).optional(),
  /** A context budget allocation (docs/engine.md "Context budget"); absent on ordinary iterations. */
  contextBudget: ContextBudgetRecord.optional(),
});
export type Iteration = z.infer<typeof Iteration>;

/**
 * Exactly what admitted a frontier member: the gate's per-category rates on the set it judged (the
 * evolution cases plus the pool sample), with n, floor and verdict. The member's own `perCategory`
 * is on the evolution cases alone, so the two differ whenever the sample does.
 */
export const GateJudgement = z.strictObject({
  /** The iteration whose gate admitted the member. */
  t: z.number().int().positive(),
  /** Ids of the regression-pool cases sampled beside the evolution cases. */
  sample: z.array(z.string()),
  /** Cases the gate judged in all (evolution cases plus the sample, fewer when it stopped early). */
  cases: z.number().int().nonnegative(),
  reasons: z.array(GateReason),
});
export type GateJudgement = z.infer<typeof GateJudgement>;

export const SkillChange = z.strictObject({
  skill: z.string(),
  summary: z.string(),
  /** Iteration that made the change. */
  t: z.number().int().positive(),
});
export type SkillChange = z.infer<typeof SkillChange>;

/** A member's figures on the evolution cases; `total` is the overall pass@k rate over all of them. */
const memberMetrics = {
  ...PassRates.shape,
  cost: Tokens,
  /** Present when early stop left runs unrun: `cost` is then an estimate, with this interval. */
  costEstimate: CostEstimate.optional(),
};

/** An object holding member metrics beside its own fields. */
const withMemberMetrics = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject({ ...shape, ...memberMetrics });

export const MemberMetrics = withMemberMetrics({});
export type MemberMetrics = z.infer<typeof MemberMetrics>;

export const FrontierMember = withMemberMetrics({
  /** Full content hash of the member's bank (hashBank); branches use its first 8 characters. */
  candidate: z.string(),
  parent: z.string().optional(),
  /** Iteration that produced it; 0 for the baseline P₀. */
  born: z.number().int().nonnegative(),
  operatingPoint: OperatingPoint,
  /** True for P*, the member the run recommends deploying. */
  selected: z.boolean(),
  /** R*: ids of evolution cases this member passes (pass@k = 1). */
  resolved: z.array(z.string()),
  /**
   * The rewriter's (or tool-smith's) own summary of its last edit of each skill it changed: a claim,
   * never the summary of the member (that is `whatChanged`).
   */
  changes: z.array(SkillChange),
  /** Everything the member changed against the run's starting bank, derived from the two banks. */
  whatChanged: WhatChanged,
  /** What the gate judged when it admitted the member; absent when its iteration recorded none (P₀). */
  gate: GateJudgement.optional(),
  /** The audit that let it in (warnings only); absent when its iteration recorded none (P₀). */
  audit: AuditVerdict.optional(),
  /** Kernel runs only: geometric-mean time ratio with the timing clock and device (kernel-summary.ts). */
  kernel: KernelSummary.optional(),
  /** Selection figures: against P₀ on the cases it was chosen on (in-sample); absent for P₀, old records. */
  vsBaseline: BaselineComparison.optional(),
  /**
   * The PR's test: against P₀ on the held-back confirmation set (held-out-comparison.ts), Holm-corrected
   * across the run's members; absent for P₀, runs that held nothing back, and older records.
   */
  heldOutTest: HeldOutComparison.optional(),
});
export type FrontierMember = z.infer<typeof FrontierMember>;

export { StopReason } from "./stop-reason.js";
import { StopReason } from "./stop-reason.js";

/** How P* relates to the context budget (budget-star.ts): its exposed tokens, and how many members fit. */
export const StarBudget = z.strictObject({
  budget: z.number().int().positive(),
  exposed: z.number().int().nonnegative(),
  fits: z.boolean(),
  fitting: z.number().int().nonnegative(),
});
export type StarBudget = z.infer<typeof StarBudget>;

export { Executions } from "./executions.js";

export const RunRecord = z.strictObject({
  version: z.literal(RUN_RECORD_VERSION),
  /** True when any role or the agent was the simulated world; every display must say so. */
  simulated: z.boolean(),
  runId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Hashes of what the run read; a resume refuses different inputs. */
  inputs: z.strictObject({
    bank: z.string(),
    cases: z.string(),
    pool: z.string(),
    world: z.string().optional(),
  }),
  config: RunConfig,
  categories: z.array(z.string()),
  /** What the model client warned about (usage the endpoint misreported, charged as an estimate). */
  warnings: z.array(z.string()).optional(),
  /**
   * Where model-written and case-supplied code ran (evaluate.sandbox, docs/security.md): `none` is
   * warned about in the run, here and in every PR body. Absent when the caller did not say (the library).
   */
  sandbox: z.enum(["bwrap", "none"]).optional(),
  /** Configured categories with no accepted case: nothing anchors their floor, so they are not gated. */
  ungated: z.array(z.strictObject({ category: z.string(), reason: z.string() })).optional(),
  scope: RunScope,
  /** Ids of the evolution cases selection used (the held-back ones are in `confirmationSet`). */
  cases: z.array(z.string()),
  /** The cases held back from selection for the PR's test, and the seed that drew them; absent = none. */
  confirmationSet: ConfirmationSet.optional(),
  baseline: z.strictObject({
    candidate: z.string(),
    total: RateWithInterval,
    /** What anchors the floors: pass rate, or mean score in a kernel category (may exceed 1). */
    perCategory: z.record(z.string(), z.number().min(0)),
    perCategoryDetail: z.record(z.string(), RateWithInterval),
    cost: Tokens,
    costEstimate: CostEstimate.optional(),
    /** The gate's floors: (1 − ε)·PR_c(P₀). */
    floors: z.record(z.string(), z.number()),
    /** Kernel runs only: the baseline's kernel figures, as each member's `kernel`. */
    kernel: KernelSummary.optional(),
  }),
  iterations: z.array(Iteration),
  stop: z.strictObject({
    reason: StopReason,
    afterIteration: z.number().int().nonnegative(),
    note: z.string().optional(),
  }),
  frontier: z.array(FrontierMember),
  /** Full hash of P*. */
  selected: z.string(),
  shipped: ShippedRule.optional(), // when a strategy's own rule chose P* (SkillNEO's incumbent)
  /** With `contextBudget` set: P*'s exposed tokens against it (docs/engine.md "Context budget"). */
  starBudget: StarBudget.optional(),
  heldOut: z // simulated world only: the same figures on the world's held-out cases, per member
    .strictObject({
      cases: z.number().int().nonnegative(),
      baseline: MemberMetrics,
      members: z.array(withMemberMetrics({ candidate: z.string() })),
    })
    .optional(),
  executions: Executions,
  /** Tokens spent by role over the whole run: `agent` is inference (evaluation), the rest evolve cost. */
  tokens: z.record(z.string(), RoleTokens),
  /** Nogoods read, created and applied (docs/nogoods.md); absent when the run had none. */
  nogoods: NogoodTally.optional(),
  /** Evolution cases that named no skill: what linked each to skills (docs/case-format.md "Skill links"); absent when none. */
  caseLinks: z.array(CaseLinkEvidence).optional(),
});
export type RunRecord = z.infer<typeof RunRecord>;
