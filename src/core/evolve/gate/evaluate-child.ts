// Algorithm 1, lines 11–12: E′ ← Evaluate(P′, ℱ ∪ Sample(ℛ)), then Gate(E′, E₀). The sample leaves
// out ℱ and the rewriter's anchors (the child was written to pass those). The audit runs before
// both (audit-child.ts), and its trace-based checks (and the optional model auditor) again after the
// measurement. Sets the iteration's `audit`, `child` and `gate`; says whether the child may compete
// for the frontier. The search strategy measures the child (`measure`: SkillNEO screens it first);
// under SkillNEO a child the screen admits is deferred instead (`deferred`): its generation's
// ranking (strategies/neo-promote.ts) calls judgeChild on its full measurement later.
import type { SkillBank } from "../../bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { CaseResult } from "../../../records/eval-record.js";
import { sampleRegressionLayers } from "../../cases/sample.js";
import { earlyStopPrefix } from "../../evaluate/metrics.js";
import { deriveRng } from "../../../vocabulary/rng.js";
import { auditChild, auditTraces, refusalNote, type ChildAudit } from "../audit/audit-child.js";
import { childTraces } from "../child-traces.js";
import { bankOf, spentBudget, type RunContext } from "../context.js";
import { gate, markStoppedEarly } from "./gate.js";
import { gateChild, rejectionFloorsFor } from "./gate-test.js";
import { applyKernelCorrectness, kernelRefusalNote } from "./kernel-correctness.js";
import { measureCandidate } from "../measure-candidate.js";
import { modelAuditChild } from "../audit/model-audit.js";
import type { Measurement } from "../measure.js";
import { provenanceOf, recordProvenance } from "../provenance.js";
import type { RewriteStep } from "../rewrite.js";
import type { Iteration } from "../../../records/run-record.js";
import { deferChild } from "../strategies/neo-pending.js";
import { deferredNote, NEO_SCREEN_NOTE } from "../strategies/neo-screen.js";

export type ChildVerdict =
  | { admitted: true; results: CaseResult[] }
  | { admitted: false; note?: string; results?: CaseResult[]; screened?: boolean; deferred?: true };

/** A child's measurement: `screened` by lossy screening, `neoScreened`/`neoDeferred` by SkillNEO's screen. */
export type ChildMeasurement = Measurement & {
  screened?: boolean;
  neoScreened?: boolean;
  neoDeferred?: true;
};

/** How a search strategy measures a child on its evaluation set (SearchStrategyPlan.measureChild). */
export type MeasureChild = (ctx: RunContext, bank: SkillBank, cases: Case[]) => Promise<ChildMeasurement>;

/** A child as the gate judges it: its id, its rewrite, and the audit it passed before measurement. */
export interface JudgedChild {
  id: string;
  step: RewriteStep;
  audit: ChildAudit;
}

export async function evaluateAndGate(
  ctx: RunContext,
  t: number,
  child: { id: string; step: RewriteStep; affects?: readonly string[] },
  record: Iteration,
  measure: MeasureChild,
): Promise<ChildVerdict> {
  const { step } = child;
  const sibling = ctx.state.neoPending?.find((p) => p.id === child.id); // SkillNEO, screened earlier
  if (sibling)
    return { admitted: false, note: `the child is identical to the child iteration ${sibling.t} screened` };
  // The audit first: a child that leaks case literals (or breaks an edit) is refused unmeasured.
  const audit = await auditBeforeGate(ctx, step, record);
  if (audit.verdict.refused) {
    record.gate = { admitted: false, reasons: [] };
    return { admitted: false, note: refusalNote(audit.verdict) };
  }
  // A child that hides skills (an allocation) affects those skills' pool cases, not edited ones.
  const { sample, targeted } = await regressionSample(
    ctx,
    t,
    step,
    child.affects ?? step.changed.map((c) => c.skill),
  );
  const m = await measure(ctx, step.bank, [...ctx.in.cases, ...sample]);
  if (m.neoDeferred) {
    // SkillNEO: the screen admitted it; its generation's ranking decides on promotion (neo-promote.ts).
    recordMeasured(record, child.id, sample, m, targeted);
    record.neoScreen = { score: m.passRate, pending: true };
    deferChild(ctx, t, child, m.passRate);
    return { admitted: false, deferred: true, note: deferredNote(t) };
  }
  return judgeChild(ctx, t, { id: child.id, step, audit }, { sample, m, targeted }, record);
}

/** The fully measured (or screened) child through the gate, the kernel check and the trace audit. */
export async function judgeChild(
  ctx: RunContext,
  t: number,
  child: JudgedChild,
  /** `targeted`: how much of the sample its targeted layer drew; absent = as recorded at screening. */
  measured: { sample: readonly Case[]; m: ChildMeasurement; targeted?: number },
  record: Iteration,
): Promise<ChildVerdict> {
  const { step, audit } = child;
  const { m } = measured;
  recordMeasured(record, child.id, measured.sample, m, measured.targeted);
  record.gate = gateChild(ctx, m, `child:${t}:${child.id}`);
  record.gate = applyKernelCorrectness(record.gate, m.results);
  record.gate = markStoppedEarly(record.gate, m, ctx.in.categories);
  if (m.outOfBudget) {
    record.gate = { ...record.gate, admitted: false };
    return {
      admitted: false,
      note: `the run's ${spentBudget(ctx)} budget ran out while evaluating the child; it was not admitted`,
    };
  }
  // The trace-based checks read the runs just made; an error there refuses the child after measuring
  // it. Only an admitted child is read (a refused one may have been measured in part), and only the
  // runs early stop would have made, so the findings are the same with the savings on or off.
  if (!record.gate.admitted) return gateRefusal(m, record);
  const changed = step.changed.map((c) => c.skill);
  const runs = asEarlyStopped(m.results, ctx.in.config.k);
  const traced = auditTraces(ctx, audit, childTraces(record, changed, runs));
  record.audit = await modelAuditChild(ctx, step.bank, changed, runs, { ...record, audit: traced });
  if (record.audit.refused) {
    record.gate = { ...record.gate, admitted: false };
    return { admitted: false, note: refusalNote(record.audit, " after its evaluation") };
  }
  return { admitted: true, results: m.results };
}

/** The verdict on a child the gate (or the kernel check) refused. */
function gateRefusal(m: ChildMeasurement, record: Iteration): ChildVerdict {
  return m.screened
    ? {
        admitted: false,
        note: "refused at screening (one run per case; lossy)",
        results: m.results,
        screened: true,
      }
    : m.neoScreened
      ? { admitted: false, note: NEO_SCREEN_NOTE, results: m.results }
      : { admitted: false, results: m.results, ...noteOf(kernelRefusalNote(record.gate)) };
}

/** Each case's runs cut to what early stop would have run (metrics.ts earlyStopPrefix). */
function asEarlyStopped(results: readonly CaseResult[], k: number): CaseResult[] {
  return results.map((r) => ({
    ...r,
    runDetails: earlyStopPrefix(r.runDetails, r.planned, Math.min(k, r.planned)),
  }));
}

/** The iteration's `child`: the candidate, its pool sample (and how much of it was targeted) and what was measured. */
function recordMeasured(
  record: Iteration,
  id: string,
  sample: readonly Case[],
  m: Measurement,
  targetedNow?: number,
): void {
  const targeted = targetedNow ?? record.child?.targeted;
  record.child = {
    candidate: id,
    sample: sample.map((c) => c.id),
    ...(targeted !== undefined ? { targeted } : {}),
    measured: {
      passRate: m.passRate,
      perCategory: m.perCategory,
      cost: m.cost,
      cases: m.results.length,
      complete: m.complete,
    },
  };
}

/** Records each added line's provenance on the rewrites, then audits the child with it. */
async function auditBeforeGate(ctx: RunContext, step: RewriteStep, record: Iteration): Promise<ChildAudit> {
  const parent = [...ctx.state.frontier, ...(ctx.state.archive ?? [])].find((m) => m.id === record.parent);
  if (parent) recordProvenance(record, bankOf(ctx, parent), step.bank);
  const audit = await auditChild(ctx, step.bank, provenanceOf([...ctx.state.iterations, record]));
  record.audit = audit.verdict;
  return audit;
}

const noteOf = (note: string | undefined) => (note ? { note } : {});

/** The sampled pool cases, read from disk only now when the pool is lazy (pool-cases.ts). */
async function regressionSample(
  ctx: RunContext,
  t: number,
  step: RewriteStep,
  modifiedSkills: readonly string[],
): Promise<{ sample: Case[]; targeted: number }> {
  const { config } = ctx.in;
  const layers = sampleRegressionLayers({
    index: ctx.pool.index,
    evalSetSize: ctx.in.cases.length,
    fraction: config.regressionSample,
    modifiedSkills,
    exclude: [...ctx.caseIds, ...step.anchors],
    rng: deriveRng(config.seed, `sample:${t}`),
    targetedShare: config.targetedShare ?? 1,
  });
  const sample = await ctx.pool.load([...layers.targeted, ...layers.stratified]);
  return { sample, targeted: layers.targeted.length };
}

/** The full measurement (every strategy's but SkillNEO's, whose screen is neo-screen.ts). With screening on (lossy), one run per case first: a child that fails the gate there stops. */
export async function measureFully(
  ctx: RunContext,
  bank: SkillBank,
  cases: Case[],
): Promise<Measurement & { screened?: boolean }> {
  const { config } = ctx.in;
  if (config.screening && config.n > 1) {
    const screen = await measureCandidate(ctx, bank, cases, { n: 1, k: 1, phase: "screen" });
    const refused =
      screen.rejected !== undefined ||
      !gate(screen.perCategory, rejectionFloorsFor(ctx), ctx.in.categories).admitted;
    if (refused || screen.outOfBudget) return { ...screen, screened: refused };
  }
  return measureCandidate(ctx, bank, cases, { n: config.n, k: config.k });
}
