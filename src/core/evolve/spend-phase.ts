// Where a run's evaluation tokens go (bench/lossless.ts prints the breakdown): each measurement and
// each exact-cost completion reports the agent and judge tokens it paid, split into the evolution
// cases ℱ and the regression-pool sample. Accounting only: nothing reads it back.
import type { CaseResult } from "../../records/eval-record.js";
import { paidTokens } from "../evaluate/evaluation-spend.js";
import type { RunContext } from "./context.js";
import type { SpendEvent, SpendPhase } from "../../records/spend-event.js";

export type { SpendEvent, SpendPhase };

/** Reports the tokens the given runs of `results` paid, by evolution case vs pool case. */
export function reportSpend(
  ctx: RunContext,
  phase: SpendPhase,
  results: readonly Pick<CaseResult, "id" | "runDetails" | "scoringTokens">[],
  candidate?: string,
): void {
  const on = ctx.deps.onSpend;
  if (!on) return;
  const sums = { evolution: { tokens: 0, executions: 0 }, pool: { tokens: 0, executions: 0 } };
  for (const r of results) {
    const s = sums[ctx.caseIds.has(r.id) ? "evolution" : "pool"];
    for (const d of r.runDetails) {
      s.tokens += paidTokens(d);
      if (!d.cached) s.executions++;
    }
    s.tokens += r.scoringTokens.input + r.scoringTokens.output;
  }
  for (const cases of ["evolution", "pool"] as const)
    if (sums[cases].tokens > 0 || sums[cases].executions > 0)
      on({ phase, cases, ...sums[cases], ...(candidate ? { candidate } : {}) });
}
