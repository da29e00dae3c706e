// What a frontier pull request's body is rendered from (pr-body.ts): plain views of the run record, so
// the renderer stays pure and the record's shape can change without touching the text.
import type { NogoodsView } from "./nogoods-section.js";
import type { OperatingPoint } from "../../../records/operating-point.js";
import type { RateWithInterval } from "../../../records/rate-with-interval.js";
import type { KernelSummary } from "../../../records/kernel-summary.js";
import type { AuditView } from "./audit-section.js";
import type { LocalisationStep } from "./localisation-section.js";
import type { CategoryRate, GateView } from "./gates-table.js";
import type { EvaluationSpend } from "./spend-line.js";
import type { ExposureView } from "./exposure-section.js";
import type { CostEstimate } from "../../../records/cost-estimate.js";
import type { Tokens } from "../../../records/tokens.js";
import type { BaselineComparison } from "../../../records/baseline-comparison.js";
import type { ConfirmationSet, HeldOutComparison } from "../../../records/held-out-comparison.js";
import type { ScriptDiff, SkillChangeText } from "../../report/change-texts.js";

/** Mean tokens per case over all runs; dollars only when the config prices the model. */
export interface CaseCost extends Tokens {
  dollars?: number;
  /** Present when early stop left runs unrun: the figures are then estimates (cost-estimate.ts). */
  estimate?: CostEstimate;
}

export interface Metrics {
  /** Over every evolution case; its n is the number of cases. */
  total: RateWithInterval;
  perCategory: CategoryRate[];
  cost: CaseCost;
}

export interface MemberView extends Metrics {
  candidate: string;
  operatingPoint: OperatingPoint;
  /** What the gate judged when it admitted this member; absent when the record does not hold it. */
  gate?: GateView;
  /** The audit that ran on it before the gate; absent when the record holds none (the baseline). */
  audit?: AuditView;
  /** Kernel runs only: geometric-mean time ratio, clock and device (kernel-section.ts). */
  kernel?: KernelSummary;
  /** The fault localisation of the iterations that made it, oldest first; absent when none was recorded. */
  localisation?: LocalisationStep[];
  /** The sibling's PR number, once it has one. */
  pullRequest?: number;
  /** The member against the deployed bank: the held-out test and the selection figures (run record). */
  vsDeployed?: VsDeployedView;
}

/** Run record `heldOutTest` and `vsBaseline` of a member, with the run's `confirmationSet`. */
export interface VsDeployedView {
  vsBaseline?: BaselineComparison;
  heldOutTest?: HeldOutComparison;
  set?: ConfirmationSet;
}

/**
 * One changed skill: what its diff against the deployed bank shows (report/change-texts.ts, shared
 * with the reports), with the unified diff of its files other than scripts (their diffs are in
 * `scripts`, always shown).
 */
export interface SkillChangeView extends SkillChangeText {
  diff: string;
}

export interface FeedbackCaseView {
  id: string;
  category: string;
  issue?: number;
  /** The feedback issue's title (untrusted, quoted). */
  title?: string;
  /** Kinds of secret redacted from the case's source text (`provenance.redacted`). */
  redacted?: string[];
}

export interface PrBodyInput {
  /** skillops version, for the marker and the footer. */
  version: string;
  /**
   * `feedbackCases`: evolution cases from a feedback issue; `regressionCases`: the other evolution
   * cases. `scope`: the configured working scope the run was restricted to, when config splits the bank.
   */
  run: {
    id: string;
    url?: string;
    simulated: boolean;
    /** Where spawned code ran; `none` puts the unsandboxed warning at the top. */
    sandbox?: "bwrap" | "none";
    feedbackCases: number;
    regressionCases: number;
    scope?: string;
    /** Model tokens the run paid to evaluate vs naive FRAMES evaluation (run record `executions.modelTokens`). */
    evaluationSpend?: EvaluationSpend;
  };
  repo: { defaultBranch: string; baseSha: string };
  member: MemberView;
  /** The other frontier members that have (or will have) their own PR. */
  siblings: MemberView[];
  deployed: Metrics & { candidate?: string; kernel?: KernelSummary };
  /** The gate's relative tolerance: floor_c = (1 − ε) · deployed_c. */
  epsilon: number;
  skills: SkillChangeView[];
  /** Changed files of the bank outside every skill (bank.yml); absent when none. */
  otherFiles?: { sentences: string[]; scripts: ScriptDiff[] };
  fixed: FeedbackCaseView[];
  stillFailing: FeedbackCaseView[];
  /** The run's nogoods (run record `nogoods`); absent when it read and learned none. */
  nogoods?: NogoodsView;
  /** Set when someone other than the app pushed to the branch: the app stops pushing. */
  foreignCommitters?: string[];
  /** Repository paths the run deleted but a person changed on the default branch since: kept. */
  keptFiles?: string[];
  /** The member's exposure list against the deployed one; absent when neither has one. */
  exposure?: ExposureView;
  /** skillops's docs/glossary.md at the skillops ref in use (docs-ref.ts); absent: named in words. */
  glossaryUrl?: string;
}
