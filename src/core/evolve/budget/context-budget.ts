// The context budget allocation (docs/engine.md "Context budget", SkillSmith §3): when the scope's
// skills exceed `contextBudget` tokens, the first iteration (and later ones, when a member's exposed
// skills outgrow the budget: allocation-parent.ts) spends masking runs (each skill hidden with
// probability ρ = ½, or another fixed or adaptive rate, seeded: masking-rate.ts), estimates each
// skill's effect and pairwise interactions from them with shrinkage (skill-effects.ts), allocates by
// replicator dynamics, or the Hedge step / Thompson sampling, with retirement (ecosystem.ts), and offers
// the resulting exposure list as a child of that member, evaluated, gated and entered like any other.
import { skillTokens, withExposure } from "../../bank/exposure.js";
import type { Skill, SkillBank } from "../../bank/skill.js";
import { ZERO_TOKENS } from "../../../records/tokens.js";
import { deriveRng } from "../../../vocabulary/rng.js";
import type { Allocation } from "./allocation.js";
import { runEcosystem } from "./ecosystem.js";
import { maskingRates } from "./masking-rate.js";
import { previousRetirement } from "./retirement.js";
import { ALLOCATION_DEFAULTS, type MaskingRate } from "../../../records/context-allocation.js";
import type { ContextBudgetRecord } from "../../../records/context-budget-record.js";
import { allocationParent } from "./allocation-parent.js";
import { bankOf, candidateHash, scopeSkills, withinBudget, type RunContext } from "../context.js";
import { evaluateAndGate } from "../gate/evaluate-child.js";
import { enterFrontier } from "../frontier-entry.js";
import { measureCandidate } from "../measure-candidate.js";
import { strategyFor } from "../strategies/strategies.js";
import type { SkillEffects } from "./skill-effects.js";
import type { Iteration } from "../../../records/run-record.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

/** Whether iteration t is an allocation, and from which member (allocation-parent.ts). */
export function needsAllocation(ctx: RunContext, t: number): boolean {
  return allocationParent(ctx, t) !== undefined;
}

export async function allocateContext(ctx: RunContext, t: number): Promise<void> {
  const { config } = ctx.in;
  const parent = allocationParent(ctx, t)!;
  const base = bankOf(ctx, parent);
  const skills = scopeSkills(base, ctx.state.scope);
  const record: Iteration = {
    t,
    parent: parent.id,
    batches: 0,
    proposals: [],
    vote: { mode: config.consolidation, threshold: config.voteThreshold, kept: [], dropped: [] },
    plan: [],
    rewrites: [],
    gate: { admitted: false, reasons: [] },
    entered: false,
    removed: [],
    frontierAfter: [],
    tokens: {},
  };
  const note = await allocate(ctx, t, { parent, base, skills, record });
  if (note) record.note = note;
  record.frontierAfter = ctx.state.frontier.map((m) => m.id);
  ctx.state.iterations.push(record);
}

interface AllocationTurn {
  parent: RunContext["state"]["frontier"][number];
  base: SkillBank;
  skills: Skill[];
  record: Iteration;
}

async function allocate(ctx: RunContext, t: number, turn: AllocationTurn): Promise<string | undefined> {
  const { skills, base, record } = turn;
  const budget = ctx.in.config.contextBudget!;
  const { config } = ctx.in;
  const masking = await maskedRuns(ctx, base, skills, t);
  const tokens = skills.map(skillTokens);
  const dynamics = config.allocation ?? ALLOCATION_DEFAULTS.allocation;
  const previous = previousRetirement(ctx.state.iterations.map((it) => it.contextBudget));
  const eco = runEcosystem({
    skills: skills.map((s, i) => ({ name: s.name, tokens: tokens[i]! })),
    masks: masking.masks,
    outcomes: masking.outcomes,
    budget,
    dynamics,
    ...(config.retireAfter !== undefined ? { retireAfter: config.retireAfter } : {}),
    ...(config.retireBelow !== undefined ? { retireBelow: config.retireBelow } : {}),
    ...(previous ? { previous } : {}),
    rng: () => deriveRng(config.seed, `thompson:${t}`),
  });
  const { effects, allocation } = eco;
  record.contextBudget = {
    ...recordOf(
      config.maskingRate ?? ALLOCATION_DEFAULTS.maskingRate,
      budget,
      skills,
      tokens,
      masking,
      effects,
      allocation,
    ),
    ...(dynamics !== "replicator" ? { allocation: dynamics } : {}),
    ...(eco.retirement ? { retirement: eco.retirement } : {}),
  };
  if (masking.outOfBudget) return "the run's token budget ran out during the masking runs";
  const bank = withExposure(base, allocation.exposure);
  const shown = new Set(allocation.exposure);
  const child = {
    id: candidateHash(bank),
    step: { bank, records: [], changed: [], anchors: [], usage: ZERO_TOKENS },
    // The regression sample targets the pool cases of the skills the allocation hides.
    affects: skills.filter((s) => !shown.has(s.name)).map((s) => s.name),
  };
  if (ctx.state.frontier.some((m) => m.id === child.id))
    return `the allocation is identical to frontier member ${shortCandidateId(child.id)}`;
  const verdict = await evaluateAndGate(ctx, t, child, record, strategyFor(ctx.in.config).measureChild);
  if (!verdict.admitted) return verdict.note ?? "the allocation did not pass the gate";
  return enterFrontier(ctx, record, turn.parent, { ...child, results: verdict.results }, t);
}

interface Masking {
  masks: boolean[][];
  outcomes: number[];
  executions: number;
  outOfBudget: boolean;
  /** Sum of the hiding rates the runs drew with (over runs × skills), for the record's mean ρ. */
  rateSum: number;
}

/** Each run hides each skill with its rate (ρ, or adaptive: masking-rate.ts; seeded by run) and measures the cases once. */
async function maskedRuns(
  ctx: RunContext,
  base: SkillBank,
  skills: readonly Skill[],
  t: number,
): Promise<Masking> {
  const { config } = ctx.in;
  const runs = config.maskingRuns ?? 2 * skills.length;
  const out: Masking = { masks: [], outcomes: [], executions: 0, outOfBudget: false, rateSum: 0 };
  const rate = config.maskingRate ?? ALLOCATION_DEFAULTS.maskingRate;
  for (let r = 0; r < runs; r++) {
    if (!withinBudget(ctx)) return { ...out, outOfBudget: true };
    // A later re-allocation draws fresh masks; iteration 1 keeps the seeds it always had.
    const rng = deriveRng(config.seed, t === 1 ? `mask:${r}` : `mask:${t}:${r}`);
    const rho = maskingRates(rate, skills.length, runs, out);
    const mask = skills.map((_, i) => !rng.chance(rho[i]!));
    const shown = skills.filter((_, i) => mask[i]).map((s) => s.name);
    const m = await measureCandidate(ctx, withExposure(base, shown), ctx.in.cases, {
      n: 1,
      k: 1,
      ungated: true,
      phase: "context budget",
    });
    out.executions += m.executions.run;
    if (m.outOfBudget) return { ...out, outOfBudget: true };
    out.masks.push(mask);
    out.outcomes.push(m.passRate);
    out.rateSum += rho.reduce((a, b) => a + b, 0);
  }
  return out;
}

function recordOf(
  rate: MaskingRate,
  budget: number,
  skills: readonly Skill[],
  tokens: readonly number[],
  masking: Masking,
  effects: SkillEffects,
  allocation: Allocation,
): ContextBudgetRecord {
  const names = skills.map((s) => s.name);
  const pairs = names.flatMap((a, i) =>
    names
      .slice(i + 1)
      .map((b, d) => ({ skills: [a, b] as [string, string], value: effects.pair[i]![i + 1 + d]! })),
  );
  pairs.sort((x, y) => Math.abs(y.value) - Math.abs(x.value));
  return {
    budget,
    scopeTokens: tokens.reduce((s, x) => s + x, 0),
    masking: {
      runs: masking.masks.length,
      rho: rate === "adaptive" ? meanRate(masking, skills.length) : rate,
      executions: masking.executions,
      hidden: masking.masks.map((m) => names.filter((_, i) => !m[i])),
      outcomes: masking.outcomes,
      ...(rate === "adaptive" ? { adaptive: true as const } : {}),
    },
    effects: names.map((skill, i) => ({
      skill,
      tokens: tokens[i]!,
      main: effects.main[i]!,
      share: allocation.shares[skill] ?? 0,
      // A retired skill is left out of the dynamics: never shown.
      shown: allocation.shown[skill] ?? 0,
    })),
    interactions: pairs.slice(0, 10),
    exposure: allocation.exposure,
    exposureTokens: allocation.tokens,
  };
}

/** The mean chance a skill was hidden over the runs made (½ when none). */
function meanRate(masking: Masking, skills: number): number {
  const n = masking.masks.length * skills;
  return n > 0 ? Math.round((masking.rateSum / n) * 1e4) / 1e4 : 0.5;
}
