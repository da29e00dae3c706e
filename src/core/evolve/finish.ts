// The run record, once P* and R* are chosen (Algorithm 1, lines 18–19, in loop.ts): label the
// frontier's operating points and assemble the record. Member metrics come from their results on
// the evolution cases, so every member is compared on the same cases.
import type { CaseResult } from "../../records/eval-record.js";
import { bootstrapInterval } from "../evaluate/metrics.js";
import { compareResults } from "../evaluate/compare.js";
import type { BaselineComparison } from "../../records/baseline-comparison.js";
import type { HeldOutComparison } from "../../records/held-out-comparison.js";
import { deriveSeed } from "../../vocabulary/rng.js";
import { costEstimateOf } from "./cost/cost-estimate.js";
import { runSpread } from "./cost/settle-cost.js";
import type { MemberState } from "./checkpoint.js";
import { bankOf, type RunContext } from "./context.js";
import { whatChanged } from "../bank/what-changed.js";
import { gateJudgementOf } from "./frontier-entry.js";
import { summariseKernels, type KernelSummary } from "../../records/kernel-summary.js";
import { floorsOf, perCategoryOf } from "./gate/gate.js";
import { tallyOf } from "./nogoods/nogood-step.js";
import type { NogoodTally } from "../../records/nogood-tally.js";
import { pointOf } from "./pareto.js";
import type {
  FrontierMember,
  Iteration,
  MemberMetrics,
  RunRecord,
  StarBudget,
} from "../../records/run-record.js";
import { withLedgerCalls } from "./role-calls.js";
import { labelOperatingPoints } from "./select.js";
import { caseLinkEvidence } from "./case-evidence.js";
import type { Confirmation } from "./confirm.js";
import type { ShippedRule } from "../../records/shipped-rule.js";

export interface Selection {
  /** P*'s id. */
  star: string;
  /** R* of every member, by id. */
  resolved: ReadonlyMap<string, string[]>;
  finishedAt: Date;
  /** P* against the context budget, when one is set (budget-star.ts). */
  budget?: StarBudget;
  /** Set when a strategy's own rule chose P* (SkillNEO's incumbent), with the FRAMES pick beside it. */
  rule?: ShippedRule;
  /** The held-back cases and each member's test on them (confirm.ts); absent when nothing was held back. */
  confirmation?: Confirmation;
}

export function metricsOf(
  results: readonly CaseResult[],
  categories: readonly string[],
  B: number,
  seed: number,
  /** σ² of a run's tokens pooled over the whole run (cost-estimate.ts); absent = these results'. */
  spread?: number,
): MemberMetrics {
  const values = results.map((r) => r.passAtK);
  const estimate = costEstimateOf(results, spread);
  const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  const [low, high] = values.length
    ? bootstrapInterval(values, { B, seed: deriveSeed(seed, "total") })
    : [0, 0];
  const perCategory: MemberMetrics["perCategory"] = {};
  for (const c of categories) {
    const vs = results.filter((r) => r.category === c).map((r) => r.passAtK);
    if (vs.length === 0) continue;
    const [l, h] = bootstrapInterval(vs, { B, seed: deriveSeed(seed, `category:${c}`) });
    perCategory[c] = { rate: mean(vs), low: l, high: h, n: vs.length };
  }
  return {
    total: { rate: mean(values), low, high, n: results.length },
    perCategory,
    cost: {
      input: mean(results.map((r) => r.tokens.input)),
      output: mean(results.map((r) => r.tokens.output)),
      cached: mean(results.map((r) => r.tokens.cached)),
    },
    ...(estimate ? { costEstimate: estimate } : {}),
  };
}

/** The working scope as the run ended with it: retrieved, then any widenings (widen-scope.ts). */
function scopeRecord(ctx: RunContext): RunRecord["scope"] {
  return {
    ...(ctx.in.restrictTo ? { name: ctx.in.restrictTo.name } : {}),
    skills: ctx.state.scope,
    relevance: ctx.state.relevance,
    ...(ctx.state.widenings?.length ? { widenings: ctx.state.widenings } : {}),
  };
}

export function buildRecord(ctx: RunContext, chosen: Selection): RunRecord {
  const { config } = ctx.in;
  const B = ctx.settings.bootstrap;
  const labels = labelOperatingPoints(ctx.state.frontier.map(pointOf));
  const spread = runSpread(ctx); // pooled as the frontier's comparisons pool it (settle-cost.ts)
  const frontier: FrontierMember[] = ctx.state.frontier.map((m) =>
    memberRecord(m, ctx, { operatingPoint: labels.get(m.id) ?? "balanced", chosen, B, spread }),
  );
  const e0 = metricsOf(ctx.state.baselineResults, ctx.in.categories, B, config.seed, spread);
  const rates = perCategoryOf(ctx.state.baselineResults);
  return {
    version: 1,
    simulated: ctx.in.simulated,
    runId: ctx.state.runId,
    startedAt: ctx.state.startedAt,
    finishedAt: chosen.finishedAt.toISOString(),
    inputs: ctx.in.inputs,
    config,
    categories: [...ctx.in.categories],
    ...(ctx.ungated.length
      ? {
          ungated: ctx.ungated.map((category) => ({
            category,
            reason: "no accepted case in this category, so nothing anchors its floor",
          })),
        }
      : {}),
    scope: scopeRecord(ctx),
    cases: ctx.in.cases.map((c) => c.id),
    ...(chosen.confirmation ? { confirmationSet: chosen.confirmation.set } : {}),
    baseline: {
      candidate: ctx.state.baselineId,
      total: e0.total,
      perCategory: rates,
      perCategoryDetail: e0.perCategory,
      cost: e0.cost,
      ...(e0.costEstimate ? { costEstimate: e0.costEstimate } : {}),
      floors: floorsOf(rates, config.epsilon),
      ...kernelField(ctx.state.baselineResults),
    },
    iterations: ctx.state.iterations,
    stop: {
      reason: ctx.state.stopped?.reason ?? "max-iterations",
      afterIteration: ctx.state.t,
      ...(ctx.state.stopped?.note ? { note: ctx.state.stopped.note } : {}),
    },
    frontier,
    selected: chosen.star,
    ...(chosen.rule ? { shipped: chosen.rule } : {}),
    ...(chosen.budget ? { starBudget: chosen.budget } : {}),
    executions: ctx.state.executions,
    tokens: withLedgerCalls(ctx.state.tokens, ctx.deps.ledger),
    ...runNogoodsField(ctx),
    ...caseLinksField(ctx),
  };
}

/** A run that read nogoods reports them even when none vetoed a child (its diagnosers avoided them). */
const runNogoodsField = (ctx: RunContext) =>
  nogoodsField(ctx.in.config.nogoods !== false && ctx.in.nogoods?.length ? tallyOf(ctx) : ctx.state.nogoods);

/** Evidence for the evolution cases that named no skill (case-evidence.ts); nothing when there is none. */
function caseLinksField(ctx: RunContext): Pick<RunRecord, "caseLinks"> {
  const { cases, bank } = ctx.in;
  const skills = bank.skills.map((s) => s.name);
  const links = caseLinkEvidence(cases, ctx.state.iterations, ctx.state.baselineResults, skills);
  return links.length > 0 ? { caseLinks: links } : {};
}

function memberRecord(
  m: MemberState,
  ctx: RunContext,
  o: { operatingPoint: FrontierMember["operatingPoint"]; chosen: Selection; B: number; spread?: number },
): FrontierMember {
  const { operatingPoint, chosen, B } = o;
  return {
    candidate: m.id,
    ...(m.parent ? { parent: m.parent } : {}),
    born: m.born,
    ...metricsOf(m.results, ctx.in.categories, B, ctx.in.config.seed, o.spread),
    operatingPoint,
    selected: m.id === chosen.star,
    resolved: chosen.resolved.get(m.id) ?? [],
    changes: [...m.changes].sort((a, b) => (a.skill < b.skill ? -1 : 1)),
    // The member's whole lineage against the run's starting bank, from the banks alone.
    whatChanged: whatChanged(ctx.in.bank, bankOf(ctx, m)),
    ...gateField(gateJudgementOf(ctx.state.iterations, m)),
    ...auditField(ctx.state.iterations, m),
    ...kernelField(m.results),
    ...vsBaselineField(m, ctx, B),
    ...heldOutField(chosen.confirmation?.byMember.get(m.id)),
  };
}

const heldOutField = (c: HeldOutComparison | undefined) => (c ? { heldOutTest: c } : {});

/**
 * The selection figures: the member against P₀ on the evolution cases it was chosen on (FRAMES §A.7.2): McNemar on the cases only one passes
 * (pass@k = 1, as R* counts), the paired bootstrap on pass@k. P₀ on the frontier is not compared to itself.
 */
function vsBaselineField(m: MemberState, ctx: RunContext, B: number): { vsBaseline?: BaselineComparison } {
  if (m.id === ctx.state.baselineId) return {};
  const c = compareResults(m.results, ctx.state.baselineResults, {
    B,
    seed: deriveSeed(ctx.in.config.seed, `vs-baseline:${m.id}`),
  });
  return {
    vsBaseline: {
      cases: c.paired,
      better: c.onlyA,
      worse: c.onlyB,
      p: c.mcnemarP,
      difference: c.difference,
      lo: c.ci[0],
      hi: c.ci[1],
    },
  };
}

/** Only a run that read or learned a nogood says so. */
const nogoodsField = (n: NogoodTally | undefined) =>
  n && (n.loaded > 0 || n.created.length > 0) ? { nogoods: n } : {};
/** A kernel run's figures (kernel-summary.ts); nothing for runs without kernel verdicts. */
function kernelField(results: readonly CaseResult[]): { kernel?: KernelSummary } {
  const kernel = summariseKernels(results);
  return kernel ? { kernel } : {};
}

const gateField = (gate: FrontierMember["gate"]) => (gate ? { gate } : {});

/** The audit of the iteration that bore the member (its warnings: an error would have refused it). */
function auditField(iterations: readonly Iteration[], m: MemberState): Pick<FrontierMember, "audit"> {
  const it = iterations.find((x) => x.t === m.born && x.child?.candidate === m.id);
  return it?.audit ? { audit: it.audit } : {};
}
