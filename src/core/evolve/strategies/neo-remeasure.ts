// SkillNEO's incumbent is re-measured in each comparison batch (Appendix B: "The incumbent receives
// three fresh repeats interleaved in the same comparison batch"): R = n fresh runs of every
// evolution case, at the run's n and k, beside the generation's promoted children. Fresh means new
// executions, not the stored ones read back: the runs get indices past every earlier batch's
// (n·(g + 1) onwards for generation g), and the runner's settings key names the batch, so the cache
// never answers them with an earlier batch's runs. The agent is the deployed one (no hint); the
// measurement is ungated (no floor may cut it short) and runs in this process, not on shards.
import type { CaseResult } from "../../../records/eval-record.js";
import type { Runner } from "../../evaluate/runner.js";
import type { MemberState } from "../checkpoint.js";
import { bankOf, type RunContext } from "../context.js";
import { measureCandidate } from "../measure-candidate.js";

/** The runner whose run i is the deployed runner's run `offset + i`, cached under its own key. */
export function freshRunner(runner: Runner, offset: number, batch: string): Runner {
  return {
    ...runner,
    settingsKey: `${runner.settingsKey}|fresh:${batch}`,
    run: (input) => runner.run({ ...input, runIndex: input.runIndex + offset }),
  };
}

/** The incumbent's fresh batch for generation g's decision; `complete` false when the budget cut it. */
export async function remeasureIncumbent(
  ctx: RunContext,
  incumbent: MemberState,
  g: number,
): Promise<{ results: CaseResult[]; complete: boolean }> {
  const { n, k } = ctx.in.config;
  const { fanOut: _sharded, ...deps } = ctx.deps;
  const runner = freshRunner(ctx.deps.runner, n * (g + 1), `neo-incumbent:g${g}`);
  const fresh: RunContext = { ...ctx, deps: { ...deps, runner } };
  const m = await measureCandidate(fresh, bankOf(ctx, incumbent), ctx.in.cases, {
    n,
    k,
    ungated: true,
    phase: "child",
  });
  return { results: m.results, complete: m.complete && !m.outOfBudget };
}
