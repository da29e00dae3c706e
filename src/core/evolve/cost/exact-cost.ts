// Exact cost under early stop (`evolve.exactCost`, docs/engine.md "Cost under early stop"). Early
// stop ends a case's runs once pass@k is certain, so its pass@k is exact but its cost is the mean of
// the runs it executed. By default that estimate stands, with its interval (cost-estimate.ts). With
// exactCost (`ctx.settings.exactCost`: the config's, or forced by the strategy, as SkillEvolver does) a candidate about to be a frontier member (P₀, or a child the frontier might admit) first
// runs the remaining runs of its early-stopped cases: a member's cost is then exactly what naive
// evaluation would have measured, so no frontier decision can differ from naive's.
// A child is spared that only when a member dominates it whatever its remaining runs cost (the
// remaining runs cost ≥ 0 tokens, so the executed runs give a lower bound on the exact cost).
import { caseScore } from "../../evaluate/kernel-score.js";
import type { SkillBank } from "../../bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { CaseResult, ExecutionRecord } from "../../../records/eval-record.js";
import { executeRun, newTally, tokensOf, type RunSetting } from "../../evaluate/execute-run.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../../records/tokens.js";
import { paidUsage } from "../../evaluate/evaluation-spend.js";
import { candidateHash, shownSkills, spend, type RunContext } from "../context.js";
import { reportSpend, type SpendPhase } from "../spend-phase.js";
import { costLowerBound } from "./cost-estimate.js";
import { dominatedForSure } from "./cost-sensitivity.js";
import { pointOf } from "../pareto.js";

/**
 * A gated child's results ready for the frontier: its evolution-case results made exact unless a
 * member dominates it whatever they cost (the pool sample's results never reach the frontier).
 */
export async function exactForFrontier(
  ctx: RunContext,
  bank: SkillBank,
  results: readonly CaseResult[],
): Promise<CaseResult[]> {
  if (!ctx.settings.exactCost) return [...results];
  const onCases = results.filter((r) => ctx.caseIds.has(r.id));
  if (onCases.every((r) => r.runs === r.planned)) return [...results];
  const passRate = onCases.reduce((s, r) => s + caseScore(r), 0) / Math.max(1, onCases.length);
  // Members are exact here; the child's unrun runs cost ≥ 0, so its cost lies in [hard bound, ∞).
  const members = ctx.state.frontier.map(pointOf).map((m) => ({ ...m, band: { low: m.cost, high: m.cost } }));
  if (dominatedForSure(members, { passRate, band: { low: costLowerBound(onCases), high: Infinity } }))
    return [...results];
  const done = new Map((await completeRuns(ctx, bank, onCases)).map((r) => [r.id, r]));
  return results.map((r) => done.get(r.id) ?? r);
}

/** The results with every early-stopped case's remaining runs executed (run indices as naive's). */
export async function completeRuns(
  ctx: RunContext,
  bank: SkillBank,
  results: readonly CaseResult[],
): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  const phase = candidateHash(bank) === ctx.state.baselineId ? "exact cost P₀" : "exact cost member";
  for (const r of results) out.push(r.runs < r.planned ? await finishCase(ctx, bank, r, phase) : r);
  return out;
}

async function finishCase(
  ctx: RunContext,
  bank: SkillBank,
  r: CaseResult,
  phase: SpendPhase,
): Promise<CaseResult> {
  const { deps } = ctx;
  const c = caseOf(ctx, r.id);
  const setting: RunSetting = {
    case: c,
    skills: shownSkills(bank),
    skillFiles: bank.files,
    runner: deps.runner,
    files: deps.resolveFiles ? await deps.resolveFiles(c) : inline(c),
    limit: deps.limit ?? ((fn) => fn()),
    cache: deps.cache,
    judge: deps.judge,
    runCommand: deps.runCommand,
  };
  const tally = newTally();
  const more: ExecutionRecord[] = [];
  for (let i = r.runs; i < r.planned; i++) more.push(await executeRun(setting, i, tally));
  const runs = [...r.runDetails, ...more];
  // What the finished runs paid: a memo hit's reused share is not spend (as in measure.ts).
  const agent = more
    .filter((d) => !d.cached)
    .reduce<Tokens>((u, d) => addTokens(u, paidUsage(d)), ZERO_TOKENS);
  const e = ctx.state.executions;
  const paid = agent.input + agent.output + tally.scoring.input + tally.scoring.output;
  ctx.state.executions = {
    ...e,
    run: e.run + tally.executed,
    savedByCache: e.savedByCache + tally.savedByCache,
    savedByEarlyStop: e.savedByEarlyStop - more.length,
    ...(e.modelTokens ? { modelTokens: { ...e.modelTokens, spent: e.modelTokens.spent + paid } } : {}),
  };
  spend(ctx, "agent", agent);
  reportSpend(ctx, phase, [{ id: r.id, runDetails: more, scoringTokens: tally.scoring }]);
  if (tally.scoring.input + tally.scoring.output > 0) spend(ctx, "judge", tally.scoring);
  return {
    ...r,
    runs: runs.length,
    successes: runs.filter((d) => d.pass).length, // pass@k stays: it was already certain
    tokens: meanTokens(runs),
    executed: r.executed + tally.executed,
    savedByCache: r.savedByCache + tally.savedByCache,
    savedByEarlyStop: 0,
    scoringTokens: tokensOf(addTokens(r.scoringTokens, tally.scoring)),
    runDetails: runs,
  };
}

/** The same sum-then-divide as evaluateCase, so the figure is bit-identical to naive evaluation's. */
function meanTokens(runs: readonly ExecutionRecord[]): CaseResult["tokens"] {
  const sum = runs.reduce((acc, d) => addTokens(acc, d.tokens), ZERO_TOKENS);
  return {
    input: sum.input / runs.length,
    output: sum.output / runs.length,
    cached: sum.cached / runs.length,
  };
}

function caseOf(ctx: RunContext, id: string): Case {
  const c = ctx.in.cases.find((x) => x.id === id) ?? ctx.pool.byId.get(id);
  if (!c) throw new Error(`exact cost: case ${id} is neither an evolution case nor in the pool`);
  return c;
}

function inline(c: Case): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of c.task.files) {
    if (f.content === undefined)
      throw new Error(
        `case ${c.id}: input file ${f.path} has no inline content and no file resolver was given`,
      );
    out[f.path] = f.content;
  }
  return out;
}
