// What a search strategy (records/search-strategy.ts) plugs into the loop, as one object per
// strategy: frames.ts, greedy.ts, neo.ts, evolver.ts, found by name only in strategies.ts. Whatever
// differs between strategies is a field here, so the loop calls the object and never tests the name.
import type { ShippedRule } from "../../../records/shipped-rule.js";
import type { SkillBank } from "../../bank/skill.js";
import type { Contrast } from "../../llm/prompts/contrast-block.js";
import type { LoopState, MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import type { MeasureChild } from "../gate/evaluate-child.js";
import type { RewriteStep } from "../rewrite.js";
import type { RunConfig } from "../../../records/run-config.js";
import type { Iteration } from "../../../records/run-record.js";
import type { ParentSelector } from "./parent-selector.js";

export interface SearchStrategyPlan {
  /** Algorithm 1, line 6: how iterations pick their parent (unless EvolveDeps.parents overrides it). */
  parentSelector(config: Pick<RunConfig, "operatingPoint" | "neo">): ParentSelector;
  /**
   * Once the run's state exists, before the baseline is measured, and again on a resume: SkillEvolver
   * writes its strategies (or reads them from the checkpoint); its exploration runner and its roles
   * follow them, never the runner of a deciding measurement.
   */
  prepare(ctx: RunContext): Promise<void>;
  /** What the diagnosers see beside each case the parent ran: case id → its best and worst run. */
  contrastsOf(parent: MemberState, ctx: RunContext): Promise<Map<string, Contrast>>;
  /** Line 11: the child's measurement on ℱ ∪ Sample(ℛ), which evaluateAndGate then gates. */
  measureChild: MeasureChild;
  /** The rewritten child as it goes on to the veto and the gate (SkillNEO grafts a donor's section in). */
  graft(
    ctx: RunContext,
    t: number,
    parent: { member: MemberState; bank: SkillBank },
    step: RewriteStep,
    record: Iteration,
  ): Promise<RewriteStep>;
  /** After iteration t's own step (SkillNEO ranks and promotes a generation that ends at t). */
  afterIteration(ctx: RunContext, t: number): Promise<void>;
  /** Checked before iteration `next` (after the loop's own stops): SkillNEO's holds, perfect root, exhaustion. */
  stopBefore(ctx: RunContext, next: number): NonNullable<LoopState["stopped"]> | undefined;
  /** Once the loop has stopped: settles children still waiting; true when the state changed. */
  settleAtStop(ctx: RunContext): Promise<boolean>;
  /**
   * What the run ships, given the FRAMES pick (P* by operating point, budget-star.ts): SkillNEO ships
   * its incumbent (neo-star.ts); the others ship the pick.
   */
  shipped(ctx: RunContext, framesPick: string): Shipped;
  /** Members' early-stopped runs are all run before they join the frontier, whatever `exactCost` says. */
  readonly forcesExactCost: boolean;
}

/** The member a run ships and, when a strategy's own rule chose it, that rule beside the FRAMES pick. */
export interface Shipped {
  star: string;
  rule?: ShippedRule;
}
