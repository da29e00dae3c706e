// The three evolution roles as interfaces (architecture.md "Every role is an interface"). The loop
// depends only on these; src/evolve/model-roles.ts asks a model, src/sim/ answers without one.
import type { AuxiliaryFile } from "../bank/skill.js";
import type { Case } from "../cases/case.js";
import type { Usage } from "../llm/model.js";
import type { SkillPlan } from "./run-record.js";

/** A skill of the parent as the roles see it. */
export interface SkillView {
  name: string;
  description: string;
  /** The whole SKILL.md text. */
  source: string;
}

/** One accepted case as a diagnoser sees it: the failure record m_i, plus how the parent did on it. */
export interface CaseView {
  id: string;
  category: string;
  diagnosis: string;
  skills: readonly string[];
  /** pass@k of the parent on this case when the loop measured it; absent when unknown. */
  parentPassed?: boolean;
}

/** δ = (targets, root cause, plans): what one diagnoser proposes. */
export interface Proposal {
  targets: string[];
  rootCause: string;
  plans: SkillPlan[];
}

export type RoleResult<T> =
  { ok: true; value: T; usage: Usage } | { ok: false; failure: string; usage: Usage };

export interface DiagnoseInput {
  parent: readonly SkillView[];
  batch: readonly CaseView[];
  /** Which diagnoser of the iteration (0-based). */
  index: number;
  /** A seed for roles that draw (the simulated world); derived from the run seed, t and index. */
  seed: number;
}

export interface Diagnoser {
  diagnose(input: DiagnoseInput): Promise<RoleResult<Proposal>>;
}

export interface MergeInput {
  parent: readonly SkillView[];
  /** The proposals after the vote filter, holding only plans for the skills that survived it. */
  proposals: readonly Proposal[];
  seed: number;
}

export interface Consolidator {
  /** One merged plan δ̂: at most one plan per skill. */
  merge(input: MergeInput): Promise<RoleResult<SkillPlan[]>>;
}

export interface RewriteInput {
  skill: SkillView;
  plan: string;
  /** Regression-pool cases whose resolution depends on this skill: behavioural constraints. */
  anchors: readonly Case[];
  /** The other skills of the parent, one line each. */
  siblings: readonly { name: string; summary: string }[];
  auxiliary: readonly AuxiliaryFile[];
  seed: number;
}

export interface RewriteOutput {
  /** The complete new SKILL.md. */
  source: string;
  /** One paragraph, plain language: what changed and why. */
  summary: string;
}

export interface Rewriter {
  rewrite(input: RewriteInput): Promise<RoleResult<RewriteOutput>>;
}

export interface Roles {
  diagnoser: Diagnoser;
  consolidator: Consolidator;
  rewriter: Rewriter;
}
