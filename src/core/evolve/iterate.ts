// One iteration of Algorithm 1 (lines 6–14): parent, partition, diagnose, consolidate, rewrite,
// evaluate, gate, Pareto update. Mutates the run state and appends the iteration's record. Each step
// either hands its result on or ends the iteration with a note saying why (the record keeps it).
import { deriveSeed } from "../../vocabulary/rng.js";
import type { MemberState } from "./checkpoint.js";
import { consolidate, voteFilter } from "./consolidate.js";
import {
  bankOf,
  candidateHash,
  scopeSkills,
  spend,
  spentBudget,
  withinBudget,
  type RunContext,
} from "./context.js";
import { diagnose } from "./diagnose.js";
import { evaluateAndGate } from "./gate/evaluate-child.js";
import { settleCost } from "./cost/settle-cost.js";
import { enterFrontier, historyOf } from "./frontier-entry.js";
import { strategyFor } from "./strategies/strategies.js";
import { learnFromRefusal, vetoChild } from "./nogoods/nogood-step.js";
import { localise } from "./localise/localise.js";
import { iterationSeed, partition } from "./partition.js";
import { rewriteParent, viewOf, type RewriteStep } from "./rewrite.js";
import type { CaseView, Proposal, SkillView } from "../llm/roles.js";
import type { Suspect } from "../../records/suspect.js";
import type { GateVerdict, Iteration, SkillPlan } from "../../records/run-record.js";
import { isToolTarget } from "../../records/tool-op.js";
import { toolStep } from "./tools/tool-step.js";
import { mayRepair, repairChild, repairedNote } from "./audit/repair-child.js";
import { shortCandidateId } from "../../records/candidate-id.js";

const REFUSED: GateVerdict = { admitted: false, reasons: [] };
const budgetSpent = (ctx: RunContext) => `the run's ${spentBudget(ctx)} budget is spent`;

/** What every step of iteration t reads: the run, the parent P and the iteration's record. */
interface Turn {
  ctx: RunContext;
  t: number;
  parent: MemberState;
  parentBank: ReturnType<typeof bankOf>;
  views: SkillView[];
  batches: CaseView[][];
  record: Iteration;
}

type Step<T> = { ok: true; value: T } | { ok: false; note?: string };

export async function iterate(ctx: RunContext, t: number): Promise<void> {
  const { config } = ctx.in;
  const parent = ctx.parents.selectParent(ctx.state.frontier, t, historyOf(ctx)); // line 6
  const parentBank = bankOf(ctx, parent);
  const views = scopeSkills(parentBank, ctx.state.scope).map(viewOf);
  const batches = partition(await caseViewsOf(ctx, parent), config.batchSize, iterationSeed(config.seed, t)); // line 7
  const record: Iteration = {
    t,
    parent: parent.id,
    batches: batches.length,
    proposals: [],
    vote: { mode: config.consolidation, threshold: config.voteThreshold, kept: [], dropped: [] },
    plan: [],
    rewrites: [],
    gate: REFUSED,
    entered: false,
    removed: [],
    frontierAfter: [],
    tokens: {},
  };
  const note = await improve({ ctx, t, parent, parentBank, views, batches, record });
  if (note) record.note = note;
  record.frontierAfter = ctx.state.frontier.map((m) => m.id);
  ctx.state.iterations.push(record);
}

/** The accepted cases as the diagnosers see them, with how the parent did on each. */
async function caseViewsOf(ctx: RunContext, parent: MemberState): Promise<CaseView[]> {
  const passed = new Map(parent.results.map((r) => [r.id, r.passAtK >= 1]));
  const contrasts = await strategyFor(ctx.in.config).contrastsOf(parent, ctx);
  return ctx.in.cases.map((c) => ({
    id: c.id,
    category: c.category,
    diagnosis: c.diagnosis,
    skills: c.skills,
    ...(passed.has(c.id) ? { parentPassed: passed.get(c.id)! } : {}),
    ...(contrasts.has(c.id) ? { contrast: contrasts.get(c.id)! } : {}),
  }));
}

/** Lines 8–14; returns the iteration's note, if any. */
async function improve(turn: Turn): Promise<string | undefined> {
  const { ctx, t, record } = turn;
  if (!withinBudget(ctx)) return budgetSpent(ctx);
  const suspects = await localise(ctx, turn.parent, record); // where the parent's failing runs went
  const proposals = await diagnose(ctx, t, turn.views, turn.batches, record, turn.parentBank, suspects); // line 8
  const plan = await consolidateStep(turn, proposals); // line 9
  if (!plan.ok) return plan.note;
  const rewritten = await rewriteStep(turn, plan.value, suspects); // line 10
  if (!rewritten.ok) return rewritten.note;
  const strategy = strategyFor(ctx.in.config);
  const from = { member: turn.parent, bank: turn.parentBank };
  let step = await strategy.graft(ctx, t, from, rewritten.value, record); // SkillNEO grafts a donor's section
  for (;;) {
    const child = { id: candidateHash(step.bank), step };
    const twin = ctx.state.frontier.find((m) => m.id === child.id);
    if (twin) return `the child is identical to frontier member ${shortCandidateId(child.id)}`;
    const veto = vetoChild(ctx, turn.parentBank, child.step.bank, record);
    if (veto) return veto;
    const verdict = await evaluateAndGate(ctx, t, child, record, strategy.measureChild); // lines 11–12
    if (verdict.admitted) {
      const results = await settleCost(ctx, child.step.bank, verdict.results, record); // costs that decide are exact
      return enterFrontier(ctx, record, turn.parent, { ...child, results }, t); // line 13
    }
    if (verdict.deferred) return verdict.note; // SkillNEO: its generation's ranking decides (neo-promote.ts)
    // A refused child is repaired, not discarded: its findings are the rewriter's next target.
    const repaired = mayRepair(ctx, record)
      ? await repairChild(ctx, t, { parent: turn.parentBank, step }, record)
      : undefined;
    if (repaired) {
      step = repaired;
      continue;
    }
    const parent = { bank: turn.parentBank, results: turn.parent.results };
    await learnFromRefusal(ctx, parent, { ...child, bank: child.step.bank, ...verdict }, record);
    return verdict.note && `${verdict.note}${repairedNote(record)}`;
  }
}

/** The vote filter, then one merge call into δ̂. */
async function consolidateStep(turn: Turn, proposals: Proposal[]): Promise<Step<SkillPlan[]>> {
  const { ctx, t, record } = turn;
  const { config } = ctx.in;
  const vote = voteFilter(proposals, {
    mode: config.consolidation,
    threshold: config.voteThreshold,
    diagnosers: turn.batches.length,
    scope: ctx.state.scope,
  });
  record.vote.kept = vote.kept;
  record.vote.dropped = vote.dropped;
  if (!withinBudget(ctx)) return { ok: false, note: budgetSpent(ctx) };
  const merged = await consolidate(
    ctx.deps.roles.consolidator,
    turn.views,
    vote,
    deriveSeed(config.seed, `merge:${t}`),
  );
  spend(ctx, "consolidator", merged.usage, record.tokens);
  if (!merged.ok) return { ok: false, note: `the consolidator failed: ${merged.failure}` };
  record.plan = merged.value;
  if (merged.value.length === 0) return { ok: false, note: "no skill edit survived the vote" };
  return { ok: true, value: merged.value };
}

/** The targeted skills rewritten into the child P′. */
async function rewriteStep(
  turn: Turn,
  plan: SkillPlan[],
  sites: readonly Suspect[],
): Promise<Step<RewriteStep>> {
  const { ctx, t, record } = turn;
  const { config } = ctx.in;
  const tools = await toolStep(ctx, turn.parentBank, plan, {
    seed: deriveSeed(config.seed, `tools:${t}`),
    tokens: record.tokens,
  });
  if (tools.records.length) record.toolOps = tools.records;
  const step = await rewriteParent({
    rewriter: ctx.deps.roles.rewriter,
    parent: tools.bank,
    scope: ctx.state.scope,
    plan: plan.filter((p) => !isToolTarget(p.skill)),
    pool: ctx.pool,
    anchorsPerSkill: config.anchorsPerSkill,
    exclude: ctx.caseIds,
    seed: deriveSeed(config.seed, `rewrite:${t}`),
    mayContinue: (pending: number) => withinBudget(ctx, pending),
    ...(sites.length ? { sites } : {}),
  });
  spend(ctx, "rewriter", step.usage, record.tokens);
  record.rewrites = step.records;
  const changed = [...tools.changed, ...step.changed];
  if (changed.length === 0) return { ok: false, note: "no rewrite produced a valid change" };
  return { ok: true, value: { ...step, changed } };
}
