// One iteration of Algorithm 1 (lines 6–14): parent, partition, diagnose, consolidate, rewrite,
// evaluate, gate, Pareto update. Mutates the run state and appends the iteration's record.
import type { Case } from "../cases/case.js";
import type { CaseResult } from "../evaluate/eval-record.js";
import { sampleRegression } from "../cases/sample.js";
import { deriveRng, deriveSeed } from "../random/rng.js";
import type { MemberState } from "./checkpoint.js";
import { consolidate, voteFilter } from "./consolidate.js";
import {
  bankOf,
  candidateHash,
  scopeSkills,
  sourcesOf,
  spend,
  withinBudget,
  type RunContext,
} from "./context.js";
import { floorsOf, gate } from "./gate.js";
import { addExecutions, measure, type Measurement } from "./measure.js";
import { paretoUpdate, type FrontierPoint } from "./pareto.js";
import { iterationSeed, partition } from "./partition.js";
import { rewriteParent, viewOf, type RewriteStep } from "./rewrite.js";
import type { CaseView, Proposal, SkillView } from "./roles.js";
import type { GateVerdict, Iteration, ProposalRecord, TokenCost } from "./run-record.js";

/** Round-robin over the frontier in order of birth: every member gets equal turns. */
export function selectParent(frontier: readonly MemberState[], t: number): MemberState {
  const ordered = [...frontier].sort((a, b) => a.born - b.born || (a.id < b.id ? -1 : 1));
  return ordered[(t - 1) % ordered.length]!;
}

/** A member's objective vector, measured on the evolution cases (the same cases for every member). */
export function pointOf(m: Pick<MemberState, "id" | "born" | "results">): FrontierPoint {
  const rs = m.results;
  const mean = (f: (r: CaseResult) => number) =>
    rs.length ? rs.reduce((s, r) => s + f(r), 0) / rs.length : 0;
  return {
    id: m.id,
    born: m.born,
    passRate: mean((r) => r.passAtK),
    cost: mean((r) => r.tokens.input + r.tokens.output),
  };
}

const REFUSED: GateVerdict = { admitted: false, reasons: [] };

export async function iterate(ctx: RunContext, t: number): Promise<void> {
  const { config } = ctx.in;
  const tokens: Record<string, TokenCost> = {};
  const parent = selectParent(ctx.state.frontier, t);
  const parentBank = bankOf(ctx, parent);
  const views = scopeSkills(parentBank, ctx.state.scope).map(viewOf);
  const passed = new Map(parent.results.map((r) => [r.id, r.passAtK >= 1]));
  const caseViews: CaseView[] = ctx.in.cases.map((c) => ({
    id: c.id,
    category: c.category,
    diagnosis: c.diagnosis,
    skills: c.skills,
    ...(passed.has(c.id) ? { parentPassed: passed.get(c.id)! } : {}),
  }));
  const batches = partition(caseViews, config.batchSize, iterationSeed(config.seed, t));
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
    tokens,
  };
  const finish = (note?: string) => {
    if (note) record.note = note;
    record.frontierAfter = ctx.state.frontier.map((m) => m.id);
    ctx.state.iterations.push(record);
  };

  // Diagnose, in parallel: one diagnoser per batch.
  if (!withinBudget(ctx)) return finish("the run's token budget is spent");
  const proposals = await diagnose(ctx, t, views, batches, record);

  // Consolidate: the vote filter, then one merge call.
  const vote = voteFilter(proposals, {
    mode: config.consolidation,
    threshold: config.voteThreshold,
    diagnosers: batches.length,
    scope: ctx.state.scope,
  });
  record.vote.kept = vote.kept;
  record.vote.dropped = vote.dropped;
  if (!withinBudget(ctx)) return finish("the run's token budget is spent");
  const merged = await consolidate(
    ctx.deps.roles.consolidator,
    views,
    vote,
    deriveSeed(config.seed, `merge:${t}`),
  );
  spend(ctx, "consolidator", merged.usage, tokens);
  if (!merged.ok) return finish(`the consolidator failed: ${merged.failure}`);
  record.plan = merged.value;
  if (merged.value.length === 0) return finish("no skill edit survived the vote");

  // Rewrite the targeted skills.
  const step = await rewriteParent({
    rewriter: ctx.deps.roles.rewriter,
    parent: parentBank,
    scope: ctx.state.scope,
    plan: merged.value,
    pool: ctx.pool,
    anchorsPerSkill: config.anchorsPerSkill,
    exclude: ctx.caseIds,
    seed: deriveSeed(config.seed, `rewrite:${t}`),
    mayContinue: (pending: number) => withinBudget(ctx, pending),
  });
  spend(ctx, "rewriter", step.usage, tokens);
  record.rewrites = step.records;
  if (step.changed.length === 0) return finish("no rewrite produced a valid change");
  const childId = candidateHash(step.bank);
  const twin = ctx.state.frontier.find((m) => m.id === childId);
  if (twin) return finish(`the child is identical to frontier member ${childId.slice(0, 8)}`);

  // Evaluate on ℱ ∪ Sample(ℛ), anchors excluded, and gate against E₀.
  const sampled = sampleRegression({
    index: ctx.pool.index,
    evalSetSize: ctx.in.cases.length,
    fraction: config.regressionSample,
    modifiedSkills: step.changed.map((c) => c.skill),
    exclude: [...ctx.caseIds, ...step.anchors],
    rng: deriveRng(config.seed, `sample:${t}`),
  });
  const sample = sampled.map((e) => ctx.pool.byId.get(e.id)).filter((c): c is Case => c !== undefined);
  const m = await evaluateChild(ctx, step.bank, [...ctx.in.cases, ...sample]);
  const floors = floorsFor(ctx);
  record.child = {
    candidate: childId,
    sample: sample.map((c) => c.id),
    measured: {
      passRate: m.passRate,
      perCategory: m.perCategory,
      cost: m.cost,
      cases: m.results.length,
      complete: m.complete,
    },
  };
  record.gate = gate(m.perCategory, floors, ctx.in.categories, m.rejected?.category);
  if (m.outOfBudget) {
    record.gate = { ...record.gate, admitted: false };
    return finish("the run's token budget ran out while evaluating the child; it was not admitted");
  }
  if (!record.gate.admitted)
    return finish(m.screened ? "refused at screening (one run per case; lossy)" : undefined);

  finish(enterFrontier(ctx, record, parent, step, childId, m.results, t));
}

async function diagnose(
  ctx: RunContext,
  t: number,
  views: SkillView[],
  batches: CaseView[][],
  record: Iteration,
): Promise<Proposal[]> {
  const answers = await Promise.all(
    batches.map((batch, i) =>
      ctx.deps.roles.diagnoser.diagnose({
        parent: views,
        batch,
        index: i,
        seed: deriveSeed(ctx.in.config.seed, `diagnose:${t}:${i}`),
      }),
    ),
  );
  const proposals: Proposal[] = [];
  answers.forEach((a, i) => {
    spend(ctx, "diagnoser", a.usage, record.tokens);
    const batch = batches[i]!.map((c) => c.id);
    const rec: ProposalRecord = a.ok
      ? { diagnoser: i, batch, ...a.value }
      : { diagnoser: i, batch, targets: [], rootCause: "", plans: [], failure: a.failure };
    record.proposals.push(rec);
    if (a.ok) proposals.push(a.value);
  });
  return proposals;
}

/** The admitted child competes for the frontier (Eq. 3). */
function enterFrontier(
  ctx: RunContext,
  record: Iteration,
  parent: MemberState,
  step: RewriteStep,
  childId: string,
  results: CaseResult[],
  t: number,
): string | undefined {
  const child: MemberState = {
    id: childId,
    born: t,
    parent: parent.id,
    sources: sourcesOf(ctx, step.bank),
    changes: [
      ...parent.changes.filter((c) => !step.changed.some((x) => x.skill === c.skill)),
      ...step.changed.map((c) => ({ ...c, t })),
    ],
    results: results.filter((r) => ctx.caseIds.has(r.id)),
  };
  const update = paretoUpdate(
    ctx.state.frontier.map((x) => ({ ...pointOf(x), member: x })),
    { ...pointOf(child), member: child },
    ctx.in.config.frontierCap,
  );
  ctx.state.frontier = update.frontier.map((p) => p.member);
  record.entered = update.entered;
  record.removed = update.removed;
  return update.reason;
}

/** Evaluate with sequential rejection (and, when configured, a one-run screen first: lossy). */
async function evaluateChild(
  ctx: RunContext,
  bank: ReturnType<typeof bankOf>,
  cases: Case[],
): Promise<Measurement & { screened?: boolean }> {
  const { config } = ctx.in;
  const savings = ctx.deps.savings ?? true;
  const base = {
    skills: scopeSkills(bank, ctx.state.scope),
    skillFiles: bank.files,
    cases,
    categories: ctx.in.categories,
    runner: ctx.deps.runner,
    earlyStop: savings,
    parallel: ctx.deps.parallelCases ?? 1,
    ...(ctx.deps.resolveFiles ? { resolveFiles: ctx.deps.resolveFiles } : {}),
    ...(savings ? { floors: floorsFor(ctx) } : {}),
    mayContinue: (pending: number) => withinBudget(ctx, pending),
    ...(ctx.deps.cache ? { cache: ctx.deps.cache } : {}),
    ...(ctx.deps.limit ? { limit: ctx.deps.limit } : {}),
  };
  if (config.screening && config.n > 1) {
    const screen = await measure({ ...base, n: 1, k: 1 });
    account(ctx, screen);
    const refused =
      screen.rejected !== undefined || !gate(screen.perCategory, floorsFor(ctx), ctx.in.categories).admitted;
    if (refused || screen.outOfBudget) return { ...screen, screened: refused };
  }
  const m = await measure({ ...base, n: config.n, k: config.k });
  account(ctx, m);
  return m;
}

export function account(ctx: RunContext, m: Measurement): void {
  ctx.state.executions = addExecutions(ctx.state.executions, m.executions);
  spend(ctx, "agent", m.agentTokens);
}

export function floorsFor(ctx: RunContext): Record<string, number> {
  return floorsOf(perCategoryOf(ctx.state.baselineResults), ctx.in.config.epsilon);
}

export function perCategoryOf(results: readonly CaseResult[]): Record<string, number> {
  const sums = new Map<string, [number, number]>();
  for (const r of results) {
    const [s, n] = sums.get(r.category) ?? [0, 0];
    sums.set(r.category, [s + r.passAtK, n + 1]);
  }
  return Object.fromEntries([...sums].map(([c, [s, n]]) => [c, s / n]));
}
