// Fault localisation for one iteration (SkillSmith, spectrum-based): the parent's runs on the
// evolution cases → spectrum (skills, sections, scripts; early-stopped cases weighted) → Ochiai →
// repair sites (interaction pairs and shared copies included) typed and ordered by p_i ×
// suspiciousness → the top N checked counterfactually when
// `confirmSites` asks. The top of it goes to every diagnoser (each sees the failing cases of its own
// batch as evidence) and the top 10 into the iteration's record. Under `exactCost: false` the
// parent's early-stopped cases are finished first: the spectrum then equals naive evaluation's, so
// the sites, and every decision after them, do too.
import type { MemberState } from "../checkpoint.js";
import { bankOf, type RunContext } from "../context.js";
import { rankSuspects } from "./ochiai.js";
import { type Suspect } from "../../../records/suspect.js";
import type { Iteration } from "../../../records/run-record.js";
import type { ContextBudgetRecord } from "../../../records/context-budget-record.js";
import { spectrumOf } from "./spectrum.js";
import { completeRuns } from "../cost/exact-cost.js";
import { priorsOf, rankSites } from "./sites.js";
import { confirmSites } from "./confirm-sites.js";
import { interactionSites } from "./interaction-sites.js";
import { withSharedSites } from "./shared-sites.js";

/** Components recorded per iteration. */
export const RECORDED_SUSPECTS = 10;
/** Components each diagnoser is shown. */
export const SHOWN_SUSPECTS = 5;

/** The diagnosers' share of the ranking; empty when localisation is off (`localisation: false`) or nothing failed. */
export async function localise(ctx: RunContext, parent: MemberState, record: Iteration): Promise<Suspect[]> {
  if (ctx.in.config.localisation === false) return [];
  const results = ctx.settings.exactCost
    ? parent.results
    : await completeRuns(ctx, bankOf(ctx, parent), parent.results);
  const rows = spectrumOf(results);
  const ranked = rankSuspects(rows).filter((s) => s.score > 0);
  if (ranked.length === 0) return [];
  // Pairs that explain the failures better than either skill, then copies of one text in several skills.
  const all = [...ranked, ...interactionSites(rows, ranked)];
  const prior = priorsOf(latestAllocation(ctx.state.iterations));
  const typed = withSharedSites(rankSites(all, ctx.in.cases, prior), bankOf(ctx, parent));
  const sites = await confirmSites(ctx, parent, typed, record);
  record.localisation = sites
    .slice(0, RECORDED_SUSPECTS)
    .map(({ component, score, ef, ep, failing, kind, prior, priority, also }) => ({
      ...{ component, score, ef, ep, failing },
      ...(kind ? { kind } : {}),
      ...(prior !== undefined ? { prior } : {}),
      ...(priority !== undefined ? { priority } : {}),
      ...(also ? { also } : {}),
    }));
  return sites.slice(0, SHOWN_SUSPECTS);
}

/** The run's most recent context budget allocation, whose shares give p_i. */
function latestAllocation(iterations: readonly Iteration[]): ContextBudgetRecord | undefined {
  return iterations.findLast((it) => it.contextBudget !== undefined)?.contextBudget;
}

/** The ranking as one batch's diagnoser sees it: evidence cut to the failing cases of its batch. */
export function suspectsForBatch(suspects: readonly Suspect[], batch: readonly { id: string }[]): Suspect[] {
  const ids = new Set(batch.map((c) => c.id));
  return suspects.map((s) => ({ ...s, cases: s.cases.filter((id) => ids.has(id)) }));
}
