// Algorithm 1, lines 3–4: E₀ ← Evaluate(P₀, ℱ), and the frontier starts as {(P₀, E₀)}. E₀ anchors
// the gate's floors for the whole run. The run's state is born here, so the clock is read here.
import { candidateHash, spentBudget, type RunContext, type RunSetup } from "../context.js";
import { perCategoryOf } from "./gate.js";
import { kernelBasisField } from "../../../records/kernel-summary.js";
import { completeRuns } from "../cost/exact-cost.js";
import { measureCandidate } from "../measure-candidate.js";
import { NO_EXECUTIONS } from "../measure.js";
import { saveCheckpoint } from "../snapshot.js";
import type { WorkingScope } from "../working-scope.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

/** `prepare` runs once the state exists, before E₀ is measured (a strategy's SearchStrategyPlan.prepare). */
export async function anchorBaseline(
  setup: RunSetup,
  { scope, relevance }: WorkingScope,
  prepare: (ctx: RunContext) => Promise<void> = async () => {},
): Promise<RunContext> {
  const { bank, config } = setup.in;
  const id = candidateHash(bank);
  const ctx: RunContext = {
    ...setup,
    state: {
      runId: `${shortCandidateId(id)}-${config.seed}`,
      startedAt: setup.deps.now().toISOString(),
      scope,
      relevance: relevance.slice(0, Math.max(scope.length, 10)),
      baselineId: id,
      baselineResults: [],
      t: 0,
      sinceImprovement: 0,
      frontier: [],
      iterations: [],
      executions: { ...NO_EXECUTIONS },
      tokens: {},
    },
  };
  await prepare(ctx);
  const e0 = await measureBaseline(ctx);
  const results = ctx.state.baselineResults;
  if (e0.outOfBudget)
    ctx.state.stopped = {
      reason: "budget",
      note: `the run's ${spentBudget(ctx)} budget was spent while anchoring the baseline`,
    };
  setup.deps.onProgress?.({
    type: "baseline",
    passRate: e0.passRate,
    perCategory: perCategoryOf(results),
    scope,
    ...kernelBasisField(results),
  });
  await saveCheckpoint(ctx);
  return ctx;
}

/**
 * E₀ on ℱ over the current scope: the baseline's results, and the frontier as {P₀}. Also run again
 * when the scope is widened before any child was admitted (widen-scope.ts): the agent then sees
 * more skills, so the floors must come from P₀ as it sees them.
 */
export async function measureBaseline(ctx: RunContext): Promise<{ passRate: number; outOfBudget: boolean }> {
  const { bank, config, cases } = ctx.in;
  // No floors while E₀ is measured: an empty frontier keeps sequential rejection off (measure-candidate.ts).
  ctx.state.frontier = [];
  const e0 = await measureCandidate(ctx, bank, cases, { n: config.n, k: config.k });
  // P₀ is a member: with exactCost its cost is made exact, not the early-stopped runs' estimate.
  const results = ctx.settings.exactCost ? await completeRuns(ctx, bank, e0.results) : e0.results;
  ctx.state.baselineResults = results;
  ctx.state.frontier = [{ id: ctx.state.baselineId, born: 0, sources: {}, changes: [], results }];
  return { passRate: e0.passRate, outOfBudget: e0.outOfBudget };
}
