// SkillNEO's promotion: once a generation's children are all screened (its last iteration, or the
// iteration the run stopped at: budget, max iterations, patience), the children the screen admitted
// are ranked by screening pass rate (ties to the earlier child) and only the top m (config
// `neoPromote`, default NEO_PROMOTE) are fully evaluated, gated and offered to the frontier, each
// in its own iteration's record; the others are recorded as not promoted. Everything read here is in
// the checkpoint (state.neoPending and the records), so a resumed run ranks as an uninterrupted one.
// Each generation ranked here then gets its deployment decision (neo-deploy.ts).
import { auditChild } from "../audit/audit-child.js";
import type { MemberState } from "../checkpoint.js";
import { bankOf, type RunContext } from "../context.js";
import { judgeChild } from "../gate/evaluate-child.js";
import { measureCandidate } from "../measure-candidate.js";
import { settleCost } from "../cost/settle-cost.js";
import { enterFrontier, memberOf } from "../frontier-entry.js";
import { learnFromRefusal } from "../nogoods/nogood-step.js";
import { provenanceOf } from "../provenance.js";
import type { Iteration } from "../../../records/run-record.js";
import { GENERATION, generationOf } from "./neo-generation.js";
import { decideGeneration } from "./neo-deploy.js";
import { stepOf } from "./neo-pending.js";
import type { NeoPending } from "../../../records/neo-pending-record.js";
import { NEO_PROMOTE } from "./neo-screen.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

/** After iteration t: ranks the generation t ends, if it ends one. */
export async function promoteAtGenerationEnd(ctx: RunContext, t: number): Promise<void> {
  if (t % GENERATION === 0) await promoteScreened(ctx, t);
}

/**
 * Ranks every pending screened child (by generation) and settles each one's record; after iteration
 * t, whose record's `frontierAfter` then shows the promoted children's entries. False when none waited.
 */
export async function promoteScreened(ctx: RunContext, t: number): Promise<boolean> {
  const pending = ctx.state.neoPending ?? [];
  if (pending.length === 0) return false;
  delete ctx.state.neoPending;
  const m = ctx.in.config.neoPromote ?? NEO_PROMOTE;
  for (const g of [...new Set(pending.map((p) => generationOf(p.t)))].sort((a, b) => a - b)) {
    const ranked = pending
      .filter((p) => generationOf(p.t) === g)
      .sort((a, b) => b.score - a.score || a.t - b.t);
    // Parents first: a promoted sibling may push one off the frontier (the archive keeps it).
    const parents = ranked.map((p) => parentOf(ctx, recordAt(ctx, p.t)));
    for (const [i, p] of ranked.entries()) {
      const record = recordAt(ctx, p.t);
      const promoted = i < m;
      record.neoScreen = { score: p.score, rank: i + 1, of: ranked.length, promoted, decidedAt: t };
      const note = promoted
        ? await promote(ctx, p, record, parents[i]!)
        : `screened at rank ${i + 1} of ${ranked.length}: not promoted (SkillNEO fully evaluates the top ${m} of a generation)`;
      if (note) record.note = note;
      else delete record.note;
    }
    // The deployment decision over the generation's children (neo-deploy.ts).
    await decideGeneration(
      ctx,
      g,
      t,
      ranked.map((p) => recordAt(ctx, p.t)),
    );
  }
  const last = ctx.state.iterations.find((it) => it.t === t);
  if (last) last.frontierAfter = ctx.state.frontier.map((x) => x.id);
  return true;
}

/** The promoted child's full evaluation, gate and frontier entry; returns its note, if any. */
async function promote(
  ctx: RunContext,
  p: NeoPending,
  record: Iteration,
  parent: MemberState,
): Promise<string | undefined> {
  const step = stepOf(ctx, p);
  if (ctx.state.frontier.some((x) => x.id === p.id))
    return `the child is identical to frontier member ${shortCandidateId(p.id)}`;
  // The audit it passed before screening, again (the same bank and provenance give the same verdict).
  const audit = await auditChild(
    ctx,
    step.bank,
    provenanceOf(ctx.state.iterations.filter((it) => it.t <= p.t)),
  );
  const entries = (record.child?.sample ?? []).map((id) => ctx.pool.index.byId.get(id));
  const sample = await ctx.pool.load(entries.filter((e) => e !== undefined));
  // Ungated: no floor cuts a promoted child's runs short, so it competes (and may parent) on a
  // complete measurement; the gate still judges it below, for the frontier and its PR.
  const { n, k } = ctx.in.config;
  const m = await measureCandidate(ctx, step.bank, [...ctx.in.cases, ...sample], { n, k, ungated: true });
  const child = { id: p.id, step, audit };
  const verdict = await judgeChild(ctx, p.t, child, { sample, m }, record);
  if (!verdict.admitted) {
    const before = { bank: bankOf(ctx, parent), results: parent.results };
    await learnFromRefusal(ctx, before, { id: p.id, bank: step.bank, ...verdict }, record);
    // Comma selection needs no gate: a fully measured child the floors refused may still parent the
    // next generation (never P*, never deployed), unless the audit refused it or the budget cut it short.
    if (verdict.results && !record.audit?.refused)
      keepAsParent(ctx, memberOf(ctx, parent, { id: p.id, step, results: verdict.results }, p.t));
    return verdict.note;
  }
  const results = await settleCost(ctx, step.bank, verdict.results, record);
  return enterFrontier(ctx, record, parent, { id: p.id, step, results }, p.t);
}

/** Keeps a refused, fully measured child in the archive, where the comma selection finds it. */
function keepAsParent(ctx: RunContext, member: MemberState): void {
  const archive = ctx.state.archive ?? [];
  if (![...archive, ...ctx.state.frontier].some((m) => m.id === member.id)) archive.push(member);
  ctx.state.archive = archive;
}

function recordAt(ctx: RunContext, t: number): Iteration {
  const record = ctx.state.iterations.find((it) => it.t === t);
  if (!record) throw new Error(`SkillNEO: no record of iteration ${t} for its screened child`);
  return record;
}

function parentOf(ctx: RunContext, record: Iteration): MemberState {
  const parent = [...ctx.state.frontier, ...(ctx.state.archive ?? [])].find((x) => x.id === record.parent);
  if (!parent)
    throw new Error(`SkillNEO: parent ${shortCandidateId(record.parent)} of iteration ${record.t} is gone`);
  return parent;
}
