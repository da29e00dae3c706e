// One evolution run, as FRAMES Algorithm 1 reads: retrieve the scope P₀, anchor the baseline E₀,
// then iterate (parent → partition → diagnose → consolidate → rewrite → evaluate → gate → Pareto)
// until patience, T, or the budget; select P* and record R*. Randomness and time are passed in.
import { kernelBasisField } from "../../records/kernel-summary.js";
import type { SkillBank } from "../bank/skill.js";
import { anchorBaseline } from "./gate/baseline.js";
import { allocateContext, needsAllocation } from "./budget/context-budget.js";
import { bankOf, spent, type EvolveDeps, type EvolveInputs, type RunContext } from "./context.js";
import { runProgress, type ProgressMark } from "./run-progress.js";
import { buildRecord } from "./finish.js";
import { confirmMembers } from "./confirm.js";
import { iterate } from "./iterate.js";
import { JobBudgetReached, jobTimer } from "./job-budget.js";
import type { RunRecord, StarBudget } from "../../records/run-record.js";
import { memberTokens } from "./budget/allocation-parent.js";
import { resolvedCases } from "./select.js";
import { selectStarInBudget } from "./budget/budget-star.js";
import { saveCheckpoint } from "./snapshot.js";
import { strategyFor } from "./strategies/strategies.js";
import { prepareRun, resumeRun } from "./start.js";
import { budgetSpentBefore, countImprovement, membership, shouldStop } from "./stop.js";
import { retrieveScope } from "./working-scope.js";
import { widenScope } from "./widen-scope.js";

export interface EvolveResult {
  record: RunRecord;
  /** Each final frontier member's whole bank, by full candidate hash. */
  banks: Map<string, SkillBank>;
  /** The bank the run was evolved from (its input): publishing deletes what a member removed from it. */
  start: SkillBank;
}

export async function evolve(inputs: EvolveInputs, deps: EvolveDeps): Promise<EvolveResult> {
  const setup = prepareRun(inputs, deps);
  const strategy = strategyFor(inputs.config);
  const timer = jobTimer(deps.jobBudget, deps.now);
  timer.begin();
  // SkillEvolver's strategies are written (or read back) before anything runs (strategy.prepare).
  const ctx = deps.resume
    ? await resumed(resumeRun(setup, deps.resume), strategy.prepare)
    : await anchorBaseline(setup, await retrieveScope(setup), strategy.prepare); // lines 2–4
  if (!deps.resume) timer.end();
  const atStart = ctx.state.stopped ? undefined : strategy.stopBefore(ctx, ctx.state.t + 1);
  if (atStart) ctx.state.stopped = atStart; // SkillNEO: a perfect root has nothing to improve
  const start = markOf(ctx); // the progress estimate times this job's iterations from here
  for (let t = ctx.state.t + 1; t <= inputs.config.maxIterations && !ctx.state.stopped; t++) {
    const spent = budgetSpentBefore(ctx, t);
    if (spent) {
      ctx.state.stopped = spent;
      break;
    }
    // The checkpoint holds iteration t − 1: a continuation job resumes there (job-budget.ts).
    if (!timer.mayStartIteration()) throw new JobBudgetReached(ctx.state.runId, t - 1);
    timer.begin();
    const before = membership(ctx);
    // An iteration is a context budget allocation when a member's skills do not fit (docs/engine.md).
    await (needsAllocation(ctx, t) ? allocateContext(ctx, t) : iterate(ctx, t)); // lines 6–14
    await strategy.afterIteration(ctx, t); // SkillNEO: the generation's top m screened children
    ctx.state.t = t;
    countImprovement(ctx, before);
    // The retrieved scope could not explain the failures: widen it and re-anchor E₀ (widen-scope.ts).
    await widenScope(ctx, t);
    reportIteration(ctx, t, start);
    const stop = shouldStop(ctx, t) ?? strategy.stopBefore(ctx, t + 1); // line 15; SkillNEO's holds
    if (stop) ctx.state.stopped = stop;
    await saveCheckpoint(ctx);
    timer.end();
  }
  // SkillNEO: a generation the run stopped in still promotes its top m; no screened child is dropped.
  if (await strategy.settleAtStop(ctx)) await saveCheckpoint(ctx);
  // Line 18; under a context budget, among the members that fit it (budget-star.ts). SkillNEO ships
  // its incumbent instead (neo-star.ts), the FRAMES pick recorded beside it.
  const pick = selectStarInBudget(ctx, inputs.config.operatingPoint);
  const { star, rule } = strategy.shipped(ctx, pick.star.id);
  const budget = pick.budget && star !== pick.star.id ? shippedBudget(ctx, star, pick.budget) : pick.budget;
  const resolved = new Map(ctx.state.frontier.map((m) => [m.id, resolvedCases(m)])); // line 19, per member
  const banks = new Map(ctx.state.frontier.map((m) => [m.id, bankOf(ctx, m)]));
  // After selection, never before: the confirmation set is measured for the PR's test only (confirm.ts).
  const confirmation = await confirmMembers(ctx);
  return {
    record: buildRecord(ctx, {
      star,
      ...(rule ? { rule } : {}),
      resolved,
      finishedAt: deps.now(),
      ...(budget ? { budget } : {}),
      ...(confirmation ? { confirmation } : {}),
    }),
    banks,
    start: ctx.in.bank,
  };
}

async function resumed(ctx: RunContext, prepare: (ctx: RunContext) => Promise<void>): Promise<RunContext> {
  await prepare(ctx);
  return ctx;
}

function markOf(ctx: RunContext): ProgressMark {
  return { ms: ctx.deps.now().getTime(), t: ctx.state.t, tokens: spent(ctx) };
}

function reportIteration(ctx: RunContext, t: number, start: ProgressMark): void {
  const last = ctx.state.iterations[ctx.state.iterations.length - 1];
  const { maxIterations, budgetTokens } = ctx.in.config;
  ctx.deps.onProgress?.({
    type: "iteration",
    t,
    admitted: last?.gate.admitted ?? false,
    entered: last?.entered ?? false,
    ...(last?.child ? { passRate: last.child.measured.passRate } : {}),
    ...kernelBasisField(ctx.state.baselineResults),
    ...(last?.note ? { note: last.note } : {}),
    frontier: ctx.state.frontier.length,
    ...(last ? { record: last } : {}),
    progress: runProgress({
      start,
      now: markOf(ctx),
      of: maxIterations,
      ...(budgetTokens !== undefined ? { budgetTokens } : {}),
      simulated: ctx.in.simulated,
    }),
  });
}

/** The context budget line for a shipped member other than the FRAMES pick (it fits: neo-star.ts checked). */
function shippedBudget(ctx: RunContext, star: string, pick: StarBudget): StarBudget {
  const member = ctx.state.frontier.find((m) => m.id === star)!;
  return { ...pick, exposed: memberTokens(ctx, member), fits: true };
}
