// The three evolution roles as interfaces (docs/architecture.md, "Principles"). The loop
// depends only on these; src/core/evolve/model-roles.ts asks a model, src/sim/ answers without one.
//
// Contracts every role shares (each method below adds its own):
// - Failure is a value. A role that cannot answer (model error, an answer that fails its schema, a
//   refusal) returns `{ ok: false, failure, usage }`; the loop records the failure in the iteration
//   and carries on. A role should throw only for what is not its answer (a bug, the process being
//   killed): the exception ends the run, and a restart resumes from the last completed iteration's
//   checkpoint, with redone agent work served from the cache.
// - `usage` is always reported, also with a failure, so the budget counts what was spent.
// - Deterministic for a given input: any randomness comes from `seed` (derived from the run seed,
//   the iteration and the role's index), never from Math.random or the clock. Model-backed roles
//   are as deterministic as the model behind them; the simulated roles are exactly so, which is
//   what makes "same seed, same run record" testable.
// - Roles never see or edit anything outside the working scope P₀ (`parent` holds only its skills).
//   A plan that names another skill is not an error: the loop drops it, with the reason recorded.
import type { AuxiliaryFile } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import type { Tokens } from "../../records/tokens.js";
import type { Contrast } from "./prompts/contrast-block.js";
import type { TriedEdit } from "./prompts/diagnoser.js";
import type { Suspect } from "../../records/suspect.js";
import type { SkillPlan } from "../../records/run-record.js";
import type { ToolBundle, ToolOp } from "../../records/tool-op.js";
import type { WeakSpot } from "../../records/weak-spot.js";
import type { WrittenStrategy } from "../../records/written-strategy.js";

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
  /** SkillEvolver's contrastive update: the parent's best and worst run of this case (strategies/contrast.ts). */
  contrast?: Contrast;
}

/** δ = (targets, root cause, plans): what one diagnoser proposes. */
export interface Proposal {
  targets: string[];
  rootCause: string;
  plans: SkillPlan[];
}

export type RoleResult<T> =
  { ok: true; value: T; usage: Tokens } | { ok: false; failure: string; usage: Tokens };

export interface DiagnoseInput {
  parent: readonly SkillView[];
  batch: readonly CaseView[];
  /** Which diagnoser of the iteration (0-based). */
  index: number;
  /** Active nogoods on the skills in view, as "already tried, failed because …" (docs/nogoods.md). */
  tried?: readonly TriedEdit[];
  /** A seed for roles that draw (the simulated world); derived from the run seed, t and index. */
  seed: number;
  /**
   * Where the parent's failing runs went (localise.ts): the most suspicious skills and sections,
   * each with the failing cases of this batch that touched it. Absent when nothing failed.
   */
  localisation?: readonly Suspect[];
  /** SkillEvolver: the written strategies the parent's runs followed (shown as data); absent = none. */
  strategies?: readonly WrittenStrategy[];
}

export interface Diagnoser {
  /**
   * δᵢ for one batch Bᵢ: the skills to blame, the root cause, one plan per skill to edit.
   * - Called in parallel, once per batch; must not depend on the other diagnosers' calls.
   * - Plans should name skills of `parent`; the vote filter drops any other with "outside the
   *   working scope". A failure counts as a diagnoser that proposed nothing (the vote's N is the
   *   number of batches).
   */
  diagnose(input: DiagnoseInput): Promise<RoleResult<Proposal>>;
}

export interface MergeInput {
  parent: readonly SkillView[];
  /** The proposals after the vote filter, holding only plans for the skills that survived it. */
  proposals: readonly Proposal[];
  seed: number;
}

export interface Consolidator {
  /**
   * One merged plan δ̂: at most one plan per skill.
   * - Called once per iteration, and only when some proposal survived the vote.
   * - Plans stay within the skills the vote kept: a plan for any other skill, or a second plan for
   *   the same skill, is discarded (consolidate.ts). An empty plan ends the iteration ("no skill
   *   edit survived the vote"); a failure ends it with "the consolidator failed: …".
   */
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
  /** Each script's interface line (script-interface.ts), path relative to the skill; absent = none read. */
  interfaces?: readonly { path: string; signature: string }[];
  /**
   * A repair round (docs/audit.md): the audit's error findings on this skill's previous rewrite, which
   * was reverted; `skill` is the parent's version again. The rewriter applies the plan without
   * repeating them. Absent on a first rewrite.
   */
  auditFindings?: readonly AuditFindingView[];
  /** Fault localisation's repair sites in this skill (localise.ts), typed and checked; absent when off or none. */
  sites?: readonly Suspect[];
  /** SkillEvolver: the written strategies the agent's runs follow (shown as data); absent = none. */
  strategies?: readonly WrittenStrategy[];
  seed: number;
}

/** An audit finding as the rewriter is shown it: the check, the line of the refused rewrite, why. */
export interface AuditFindingView {
  check: string;
  line: number;
  evidence: string;
}

export interface RewriteOutput {
  /** The complete new SKILL.md. */
  source: string;
  /** One paragraph, plain language: what changed and why. */
  summary: string;
}

/** A section a SkillNEO graft donor offers the child: the donor version, the skill, the `##` section, its text. */
export interface GraftOffer {
  /** The donor's short candidate id. */
  donor: string;
  skill: string;
  section: string;
  text: string;
}

export interface GraftChoiceInput {
  /** What the donors offer, numbered from 1 in this order. */
  offers: readonly GraftOffer[];
  /** The parent's evolution cases it does not always pass, as the diagnosers see them. */
  failing: readonly { id: string; category: string; diagnosis: string }[];
  /** What the child's rewrite already changed, per skill. */
  changed: readonly { skill: string; summary: string }[];
  seed: number;
}

export interface GraftChoice {
  /** The chosen offer's number (1-based); absent = graft nothing. */
  offer?: number;
  reason: string;
}

export interface Rewriter {
  /**
   * SkillNEO's graft (strategies/graft.ts): which donor section, if any, the child should take.
   * Optional: a rewriter without it makes no graft. A number outside the offers is a failure.
   */
  chooseDonor?(input: GraftChoiceInput): Promise<RoleResult<GraftChoice>>;
  /**
   * The new SKILL.md of one skill of the merged plan (once per planned skill of the scope, in plan
   * order, while the budget lasts).
   * - Only `skill` is rewritten, and it keeps its name (a rename is a new skill): a rewrite that
   *   renames it or fails strict validation is dropped with its reason and never reaches a child.
   * - Returning the source unchanged is allowed (recorded as "unchanged"); a failure drops only this
   *   skill's rewrite, the others still make the child.
   */
  rewrite(input: RewriteInput): Promise<RoleResult<RewriteOutput>>;
}

export interface ToolSmithInput {
  /** The tool's bank path (the plan's target). */
  tool: string;
  plan: string;
  /** The typed operation, when the plan carries one; else the tool-smith chooses. */
  op?: ToolOp;
  /** The tool's text; absent when an extract creates it. */
  source?: string;
  /** The files in scope that call the tool, or (for an extract) the skills it would shrink. */
  callers: readonly { path: string; text: string }[];
  seed: number;
}

export interface ToolSmith {
  /**
   * One typed tool operation carried out as a bundle of whole files (docs/engine.md, "Tool
   * co-evolution"). The bundle is checked (tool-bundle.ts, parse, the script's own tests) before
   * the child is evaluated; an invalid one is dropped with its reason, the rest of the plan goes on.
   */
  carryOut(input: ToolSmithInput): Promise<RoleResult<ToolBundle>>;
}

export interface StrategistInput {
  /** How many strategies to write (SkillEvolver's K). */
  k: number;
  skills: readonly { name: string; description: string }[];
  /** Some of the run's task prompts (from an iteration on, the failing cases' first). */
  tasks: readonly string[];
  seed: number;
  /** Where the member being explored fails now; absent before the run (the decision axes alone). */
  weakSpots?: readonly WeakSpot[];
  /** Why the previous answer was refused (the diversity check), when this is a redraw. */
  refused?: string;
}

export interface Strategist {
  /**
   * SkillEvolver's K written exploration strategies: before the baseline is measured, then again
   * every iteration from the explored member's weak spots. The answer is checked
   * (strategist-answer.ts): K of them, valid names, no two near-duplicates; a refused answer is
   * redrawn, and a failure falls back to the fixed strategies, with the reason recorded.
   */
  write(input: StrategistInput): Promise<RoleResult<WrittenStrategy[]>>;
}

export interface Roles {
  diagnoser: Diagnoser;
  consolidator: Consolidator;
  rewriter: Rewriter;
  /** Carries out the plan's tool operations; without one, a plan that targets a tool is dropped. */
  toolSmith?: ToolSmith;
  /** Writes SkillEvolver's strategies; without one, an evolver run follows the fixed ones. */
  strategist?: Strategist;
}
