// Counterfactual confirmation of suspected repair sites (SkillSmith §3.3): before the diagnosers plan
// against the top N sites, each one's implicating failing cases are re-run with the site masked or
// reverted (counterfactual.ts). A site is confirmed when the share of passing runs rises by at least
// the margin: what is there causes the failures. Otherwise it is refuted: a section or skill becomes
// `missing` (the runs went there and what is there is not what fails them), a description or tool
// stays what it is, marked refuted. The re-runs are real measurements (measureCandidate: the run's
// runner, cache, executions and budget); the record keeps each check.
import type { CaseResult } from "../../../records/eval-record.js";
import type { Iteration } from "../../../records/run-record.js";
import type { SiteConfirmation } from "../../../records/repair-site.js";
import type { Suspect } from "../../../records/suspect.js";
import { CONFIRM_DEFAULTS } from "../../config/localisation-config.js";
import type { MemberState } from "../checkpoint.js";
import { bankOf, withinBudget, type RunContext } from "../context.js";
import { measureCandidate } from "../measure-candidate.js";
import { counterfactualOf } from "./counterfactual.js";
import { confirmedKind } from "./sites.js";

/** Share of the non-transient runs of these cases that passed; 0 when there are none. */
export function passShare(results: readonly CaseResult[], ids: readonly string[]): number {
  const runs = results
    .filter((r) => ids.includes(r.id))
    .flatMap((r) => r.runDetails.filter((d) => !d.transient));
  return runs.length ? runs.filter((d) => d.pass).length / runs.length : 0;
}

/** The member the parent was made from, when the run still holds it (frontier or archive). */
function grandparentOf(ctx: RunContext, parent: MemberState): MemberState | undefined {
  if (parent.parent === undefined) return undefined;
  return [...ctx.state.frontier, ...(ctx.state.archive ?? [])].find((m) => m.id === parent.parent);
}

/** The sites with the top `confirmSites` checked (in priority order); the checks go into the record. */
export async function confirmSites(
  ctx: RunContext,
  parent: MemberState,
  sites: readonly Suspect[],
  record: Iteration,
): Promise<Suspect[]> {
  const { config } = ctx.in;
  const top = config.confirmSites ?? CONFIRM_DEFAULTS.sites;
  if (top === 0 || sites.length === 0) return [...sites];
  const perSite = config.confirmCases ?? CONFIRM_DEFAULTS.cases;
  const margin = config.confirmMargin ?? CONFIRM_DEFAULTS.margin;
  const bank = bankOf(ctx, parent);
  const grand = grandparentOf(ctx, parent);
  const older = grand ? bankOf(ctx, grand) : undefined;
  const checks: SiteConfirmation[] = [];
  const out = [...sites];
  for (let i = 0; i < Math.min(top, out.length); i++) {
    const site = out[i]!;
    if (!withinBudget(ctx)) break;
    const cf = counterfactualOf(site.component, bank, older, ctx.state.scope);
    const ids = site.cases.slice(0, perSite);
    const cases = ctx.in.cases.filter((c) => ids.includes(c.id));
    if (!cf || cases.length === 0) continue;
    const m = await measureCandidate(ctx, cf.bank, cases, {
      n: config.n,
      k: config.k,
      ungated: true,
      // Its share of passing runs decides the verdict, so naive evaluation's runs, all of them.
      everyRun: true,
      phase: "localise",
    });
    if (m.outOfBudget) break; // a check the budget cut short says nothing (its runs are still counted)
    const before = passShare(parent.results, ids);
    const after = passShare(m.results, ids);
    const verdict = after - before >= margin - 1e-9 ? "confirmed" : "refuted";
    const runs = m.results.reduce((s, r) => s + r.runs, 0);
    checks.push({
      component: site.component,
      action: cf.action,
      verdict,
      cases: ids,
      before,
      after,
      runs,
      executions: m.executions.run,
    });
    out[i] = {
      ...site,
      kind: confirmedKind(site.kind ?? "skill", verdict),
      confirmation: { action: cf.action, verdict, before, after },
    };
  }
  if (checks.length) record.confirmations = checks;
  return out;
}
