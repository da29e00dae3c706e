// The PR's out-of-sample evidence (docs/engine.md "Held-out confirmation"): once P* is chosen, P₀ and
// every other frontier member are measured on the confirmation set that selection never saw
// (hold-back.ts), exactly as deployed, and each member is tested against P₀ there: McNemar's exact
// test and the paired bootstrap (FRAMES §A.7.2), Holm-corrected across the run's members.
import type { Case } from "../../records/case.js";
import type { CaseResult } from "../../records/eval-record.js";
import {
  SIGNIFICANCE_LEVEL,
  type ConfirmationSet,
  type HeldOutComparison,
} from "../../records/held-out-comparison.js";
import { deriveSeed } from "../../vocabulary/rng.js";
import { compareResults } from "../evaluate/compare.js";
import { holmAdjusted } from "../evaluate/holm.js";
import { mcnemarExact } from "../evaluate/metrics.js";
import { bankOf, type RunContext } from "./context.js";
import { measureCandidate } from "./measure-candidate.js";

export interface Confirmation {
  set: ConfirmationSet;
  /** Each compared member's test, by id (P₀ has none). */
  byMember: Map<string, HeldOutComparison>;
}

/** Nothing when the run held nothing back (`holdBack` 0 or absent). */
export async function confirmMembers(ctx: RunContext): Promise<Confirmation | undefined> {
  const h = ctx.heldBack;
  if (h.share <= 0) return undefined;
  const set: ConfirmationSet = {
    share: h.share,
    seed: h.seed,
    cases: h.cases.map((c) => c.id),
    pool: h.pool.map((e) => e.id),
    drawn: h.drawn,
  };
  const members = ctx.state.frontier.filter((m) => m.id !== ctx.state.baselineId);
  const cases = [...h.cases, ...(await ctx.fullPool.load(h.pool))];
  if (members.length === 0) return { set, byMember: new Map() };
  if (cases.length === 0) return { set, byMember: untested(members.map((m) => m.id)) };
  const p0 = await measureHeldOut(ctx, ctx.in.bank, cases);
  const evolution = new Set(set.cases);
  const raw = [];
  for (const m of members) {
    const results = await measureHeldOut(ctx, bankOf(ctx, m), cases);
    const c = compareResults(results, p0, {
      B: ctx.settings.bootstrap,
      seed: deriveSeed(ctx.in.config.seed, `held-out:${m.id}`),
    });
    const paired = results.filter((r) => p0.some((b) => b.id === r.id));
    raw.push({ id: m.id, c, evolutionCases: paired.filter((r) => evolution.has(r.id)).length });
  }
  const holm = holmAdjusted(raw.map((r) => r.c.mcnemarP));
  const byMember = new Map<string, HeldOutComparison>();
  raw.forEach(({ id, c, evolutionCases }, i) =>
    byMember.set(id, {
      ...{ cases: c.paired, better: c.onlyA, worse: c.onlyB, p: c.mcnemarP, difference: c.difference },
      ...{ lo: c.ci[0], hi: c.ci[1], evolutionCases, holmP: holm[i]!, members: raw.length },
      tested: testable(c.paired, raw.length),
    }),
  );
  return { set, byMember };
}

/** Too few cases drawn to hold any back: every member's test says so (baseline-sentence.ts). */
function untested(ids: readonly string[]): Map<string, HeldOutComparison> {
  const none = { cases: 0, better: 0, worse: 0, p: 1, difference: 0, lo: 0, hi: 0, evolutionCases: 0 };
  return new Map(ids.map((id) => [id, { ...none, holmP: 1, members: ids.length, tested: false }]));
}

/**
 * Whether `cases` could show significance across `members` at all: McNemar's smallest p (every case
 * discordant, all one way), times Holm's first multiplier, below the level.
 */
export function testable(cases: number, members: number): boolean {
  return mcnemarExact(cases, 0) * members < SIGNIFICANCE_LEVEL;
}

/** The agent exactly as deployed, every case (no floors: a confirmation refuses nothing). */
async function measureHeldOut(
  ctx: RunContext,
  bank: Parameters<typeof measureCandidate>[1],
  cases: readonly Case[],
): Promise<CaseResult[]> {
  const { n, k } = ctx.in.config;
  return (await measureCandidate(ctx, bank, cases, { n, k, ungated: true, phase: "confirmation" })).results;
}
