// One evolution run, as FRAMES Algorithm 1 reads: retrieve the scope, anchor the baseline E₀, then
// iterate (parent → partition → diagnose → consolidate → rewrite → evaluate → gate → Pareto) until
// patience, T, or the budget; select P* and record R*. Randomness and time are passed in.
import type { SkillBank } from "../bank/skill.js";
import { indexCases } from "../cases/pool.js";
import { type Checkpoint, CHECKPOINT_VERSION, ResumeRefused, resumeMismatch } from "./checkpoint.js";
import {
  bankOf,
  candidateHash,
  scopeSkills,
  withinBudget,
  type EvolveDeps,
  type EvolveInputs,
  type RunContext,
} from "./context.js";
import { buildRecord } from "./finish.js";
import { account, iterate, perCategoryOf } from "./iterate.js";
import { measure } from "./measure.js";
import { retrieveScope, type Embeddings } from "./retrieve.js";
import type { RunRecord } from "./run-record.js";

export class EvolveInputError extends Error {}

export interface EvolveResult {
  record: RunRecord;
  /** Each final frontier member's whole bank, by full candidate hash. */
  banks: Map<string, SkillBank>;
}

export async function evolve(inputs: EvolveInputs, deps: EvolveDeps): Promise<EvolveResult> {
  const ctx = await start(inputs, deps);
  const { config } = inputs;
  for (let t = ctx.state.t + 1; t <= config.maxIterations && !ctx.state.stopped; t++) {
    if (!withinBudget(ctx)) {
      ctx.state.stopped = {
        reason: "budget",
        note: "the run's token budget was spent before iteration " + t,
      };
      break;
    }
    const before = ctx.state.frontier.map((m) => m.id).join(",");
    await iterate(ctx, t);
    ctx.state.t = t;
    const last = ctx.state.iterations[ctx.state.iterations.length - 1];
    const improved = last?.entered === true && ctx.state.frontier.map((m) => m.id).join(",") !== before;
    ctx.state.sinceImprovement = improved ? 0 : ctx.state.sinceImprovement + 1;
    deps.onProgress?.({
      type: "iteration",
      t,
      admitted: last?.gate.admitted ?? false,
      entered: last?.entered ?? false,
      ...(last?.child ? { passRate: last.child.measured.passRate } : {}),
      ...(last?.note ? { note: last.note } : {}),
      frontier: ctx.state.frontier.length,
    });
    if (!withinBudget(ctx))
      ctx.state.stopped = {
        reason: "budget",
        note: `the run's token budget was spent during iteration ${t}`,
      };
    else if (ctx.state.sinceImprovement >= config.patience)
      ctx.state.stopped = {
        reason: "patience",
        note: `no child entered the frontier for ${config.patience} iterations`,
      };
    await save(ctx);
  }
  const banks = new Map(ctx.state.frontier.map((m) => [m.id, bankOf(ctx, m)]));
  return { record: buildRecord(ctx, deps.now()), banks };
}

/** Check the inputs, then resume from a checkpoint or retrieve the scope and anchor the baseline. */
async function start(inputs: EvolveInputs, deps: EvolveDeps): Promise<RunContext> {
  if (inputs.cases.length === 0)
    throw new EvolveInputError(
      "no accepted cases: nothing to evolve from (accept feedback issues, or pass --cases with at least one case)",
    );
  const caseCategories = [...new Set(inputs.cases.map((c) => c.category))].sort();
  const categories = [
    ...inputs.categories.filter((c) => caseCategories.includes(c)),
    ...caseCategories.filter((c) => !inputs.categories.includes(c)),
  ];
  const ungated = inputs.categories.filter((c) => !caseCategories.includes(c));
  const ins: EvolveInputs = { ...inputs, categories };
  const { index } = indexCases(inputs.pool);
  const base = {
    in: ins,
    deps,
    caseIds: new Set(inputs.cases.map((c) => c.id)),
    pool: { index, byId: new Map(inputs.pool.map((c) => [c.id, c])) },
    ungated,
  };
  if (deps.resume) {
    const diff = resumeMismatch(deps.resume, inputs.inputs, inputs.config);
    if (diff.length > 0) throw new ResumeRefused(diff);
    return { ...base, state: structuredClone(deps.resume.state) };
  }
  const allowed = inputs.restrictTo ? new Set(inputs.restrictTo.skills) : undefined;
  const skills = inputs.bank.skills
    .filter((s) => !allowed || allowed.has(s.name))
    .map((s) => ({ name: s.name, description: String(s.frontmatter.description ?? "") }));
  const queries = inputs.cases.map((c) => ({ diagnosis: c.diagnosis, skills: c.skills }));
  const { scope, relevance } = retrieveScope(
    skills,
    queries,
    inputs.config.topK,
    inputs.embeddings ?? (await embedAll(deps, skills, queries)),
  );
  if (scope.length === 0)
    throw new EvolveInputError(
      "no skill in the bank matches the cases' diagnoses: the working scope is empty",
    );
  const id = candidateHash(inputs.bank);
  const ctx: RunContext = {
    ...base,
    state: {
      runId: `${id.slice(0, 8)}-${inputs.config.seed}`,
      startedAt: deps.now().toISOString(),
      scope,
      relevance: relevance.slice(0, Math.max(scope.length, 10)),
      baselineId: id,
      baselineResults: [],
      t: 0,
      sinceImprovement: 0,
      frontier: [],
      iterations: [],
      executions: { run: 0, savedByCache: 0, savedByEarlyStop: 0, savedBySequentialRejection: 0, naive: 0 },
      tokens: {},
    },
  };
  const e0 = await measure({
    skills: scopeSkills(inputs.bank, scope),
    skillFiles: inputs.bank.files,
    cases: inputs.cases,
    categories,
    runner: deps.runner,
    n: inputs.config.n,
    k: inputs.config.k,
    earlyStop: deps.savings ?? true,
    parallel: deps.parallelCases ?? 1,
    ...(deps.resolveFiles ? { resolveFiles: deps.resolveFiles } : {}),
    mayContinue: (pending: number) => withinBudget(ctx, pending),
    ...(deps.cache ? { cache: deps.cache } : {}),
    ...(deps.limit ? { limit: deps.limit } : {}),
  });
  account(ctx, e0);
  ctx.state.baselineResults = e0.results;
  ctx.state.frontier = [{ id, born: 0, sources: {}, changes: [], results: e0.results }];
  if (e0.outOfBudget)
    ctx.state.stopped = {
      reason: "budget",
      note: "the run's token budget was spent while anchoring the baseline",
    };
  deps.onProgress?.({
    type: "baseline",
    passRate: e0.passRate,
    perCategory: perCategoryOf(e0.results),
    scope,
  });
  await save(ctx);
  return ctx;
}

/** Vectors for every skill description and every diagnosis, when an embedding function is given. */
async function embedAll(
  deps: EvolveDeps,
  skills: readonly { name: string; description: string }[],
  queries: readonly { diagnosis: string }[],
): Promise<Embeddings | undefined> {
  if (!deps.embed) return undefined;
  const vectors = await deps.embed([...skills.map((s) => s.description), ...queries.map((q) => q.diagnosis)]);
  if (vectors.length !== skills.length + queries.length)
    throw new Error(
      `the embedding function returned ${vectors.length} vectors for ${skills.length + queries.length} texts`,
    );
  return {
    skills: new Map(skills.map((s, i) => [s.name, vectors[i]!])),
    queries: vectors.slice(skills.length),
  };
}

async function save(ctx: RunContext): Promise<void> {
  if (!ctx.deps.checkpoint) return;
  const cp: Checkpoint = {
    version: CHECKPOINT_VERSION,
    inputs: ctx.in.inputs,
    config: ctx.in.config,
    state: structuredClone(ctx.state),
  };
  await ctx.deps.checkpoint(cp);
}
