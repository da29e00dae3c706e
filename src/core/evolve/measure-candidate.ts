// Measuring a candidate of this run (Algorithm 1, lines 3 and 11): the baseline, a child, and a
// child's one-run screen all go through here, so they share one set of options (the run's runner,
// cache, limiter, savings and budget) and every measurement is accounted in the run's totals.
import type { SkillBank } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import { candidateHash, shownSkills, spend, withinBudget, type RunContext } from "./context.js";
import { reportSpend, type SpendPhase } from "./spend-phase.js";
import { gateTestOf, rejectionFloorsFor } from "./gate/gate-test.js";
import { addExecutions, measure, type MeasureOptions, type Measurement } from "./measure.js";
import type { MeasurementSpec, PlannedMeasurement } from "./fan-out.js";
import { keysDigest, measurementKeys } from "./shard-slice.js";
import { inlineFiles } from "../evaluate/evaluate.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";

export async function measureCandidate(
  ctx: RunContext,
  bank: SkillBank,
  cases: readonly Case[],
  runs: {
    n: number;
    k: number;
    ungated?: boolean;
    phase?: SpendPhase;
    /** Only the gate verdict (and a refusal's results) will be read: see MeasureOptions.verdictOnly. */
    verdictOnly?: boolean;
    /** SkillEvolver's exploration runs: the hinted runner, every run run; never a deciding measurement. */
    explore?: boolean;
    /**
     * Every run run, early stop off: for a measurement whose share of passing runs is read (site
     * confirmation), which early stop would bias (it ends a case at its first pass).
     */
    everyRun?: boolean;
  },
): Promise<Measurement> {
  const { deps, settings } = ctx;
  const explore = runs.explore === true && ctx.explorer !== undefined;
  // Floors exist once E₀ is anchored (the frontier holds P₀); with them, sequential rejection is on.
  // A masking run (context-budget.ts) needs every outcome, so it is measured ungated.
  const gated = settings.savings && ctx.state.frontier.length > 0 && !runs.ungated;
  const opts: MeasureOptions = {
    // The agent sees the skills the bank's exposure list names (bank.yml), the scope or not.
    skills: shownSkills(bank),
    skillFiles: bank.files,
    cases,
    categories: ctx.in.categories,
    runner: explore ? ctx.explorer! : deps.runner,
    ...(deps.judge ? { judge: deps.judge } : {}),
    ...(deps.runCommand ? { runCommand: deps.runCommand } : {}),
    n: runs.n,
    k: runs.k,
    earlyStop: settings.savings && !explore && !runs.everyRun,
    ...(ctx.in.config.kernelScore ? { kernelScore: ctx.in.config.kernelScore } : {}),
    parallel: settings.parallelCases,
    ...(deps.resolveFiles ? { resolveFiles: deps.resolveFiles } : {}),
    ...(gated ? { floors: rejectionFloorsFor(ctx) } : {}),
    ...(gated && gateTestOf(ctx.in.config) === "floor" ? { deferrable: deferrableOf(cases) } : {}),
    ...(runs.verdictOnly ? { verdictOnly: true } : {}),
    mayContinue: (pending: number, executed: number) => withinBudget(ctx, pending, executed),
    ...(deps.cache ? { cache: deps.cache } : {}),
    ...(deps.limit ? { limit: deps.limit } : {}),
  };
  // Sharded evaluation may stop the run here, or fill the cache first (fan-out.ts).
  if (deps.fanOut) await deps.fanOut.before(planMeasurement(ctx, bank, opts, explore));
  const m = await measure(opts);
  ctx.state.executions = addExecutions(ctx.state.executions, m.executions);
  spend(ctx, "agent", m.agentTokens);
  const phase = runs.phase ?? (ctx.state.frontier.length === 0 ? "baseline" : "child");
  reportSpend(ctx, phase, m.results, candidateHash(bank));
  // Scoring is evolve cost, not the deployment cost the frontier compares (m.cost is the agent's).
  if (m.judgeTokens.input + m.judgeTokens.output > 0) spend(ctx, "judge", m.judgeTokens);
  return m;
}

/**
 * The cases a measurement may defer (measure.ts). Under the `floor` test a refused candidate's
 * results reach no decision and no model past its canonical refusal (the first failing category, the
 * same whichever cases ran), and an admitted one still runs every case. Kernel cases never wait: the
 * kernel correctness rule refuses on any of them, whatever the category rates.
 */
function deferrableOf(cases: readonly Case[]): Set<string> {
  const isKernel = (c: Case) => c.task.rubric.some((i) => i.type === "kernel");
  return new Set(cases.filter((c) => !isKernel(c)).map((c) => c.id));
}

/** The measurement as sharded evaluation sees it (fan-out.ts): its id, its cache keys, a shard's spec. */
function planMeasurement(
  ctx: RunContext,
  bank: SkillBank,
  opts: MeasureOptions,
  explore: boolean,
): PlannedMeasurement {
  const candidate = candidateHash(bank);
  const ids = opts.cases.map((c) => c.id);
  const id = sha256Hex(
    canonicalJson({ candidate, skills: opts.skills.map((s) => s.name), cases: ids, n: opts.n, k: opts.k }),
  );
  // Read once each: the step job asks for the keys, then for the spec, which needs them and the files.
  const files = new Map<string, Promise<Record<string, string>>>();
  const filesOf = (c: Case) => {
    const read =
      files.get(c.id) ?? (opts.resolveFiles ? opts.resolveFiles(c) : Promise.resolve(inlineFiles(c)));
    files.set(c.id, read);
    return read;
  };
  let keyList: ReturnType<typeof measurementKeys> | undefined;
  const keys = () =>
    (keyList ??= measurementKeys({ ...opts, settingsKey: opts.runner.settingsKey }, filesOf));
  return {
    ...{ id, runId: ctx.state.runId, t: ctx.state.t, candidate, cases: opts.cases, n: opts.n, keys },
    async spec() {
      const caseFiles: MeasurementSpec["caseFiles"] = {};
      for (const c of opts.cases)
        if (c.task.files.some((f) => f.content === undefined)) caseFiles[c.id] = await filesOf(c);
      // Only an exploration measurement's runs follow the strategies (a shard must run them the same way).
      const strategies = explore ? ctx.state.strategies?.written : undefined;
      return {
        ...{ candidate, bank: bank.files, skills: opts.skills.map((s) => s.name), cases: [...opts.cases] },
        ...{ caseFiles, accepted: ids.filter((i) => ctx.caseIds.has(i)), categories: [...opts.categories] },
        ...{ n: opts.n, k: opts.k, settingsKey: opts.runner.settingsKey, keys: keysDigest(await keys()) },
        // A shard runs what early stop reaches: every run of P₀ under exactCost, whose others follow anyway.
        earlyStop: (opts.earlyStop ?? true) && !(ctx.settings.exactCost && ctx.state.frontier.length === 0),
        ...(opts.kernelScore ? { kernelScore: opts.kernelScore } : {}),
        ...(strategies ? { strategies: [...strategies] } : {}),
      };
    },
  };
}
