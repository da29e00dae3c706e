// SkillNEO's deployment decision, once per generation after its promotion (neo-promote.ts): the
// generation's best fully measured child (promoted; the gate's floors do not decide here; ranked by
// official score, then auxiliary score against the incumbent, then the earlier child) is compared
// with the incumbent, re-measured in the same batch, under the acceptance rule (neo-acceptance.ts). Accept: it becomes the incumbent and the
// hold count resets; otherwise a Hold, and the count grows (neo-stop.ts stops on it). The verdict is
// written on every screened child of the generation (neo-deploy-record.ts); the incumbent and the
// hold count are read back from those records, all in the checkpoint, so a resume decides the same.
// A generation with no fully measured child makes no decision and leaves the hold count alone.
import type { MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { neoKnobsOf } from "../../../records/neo-knobs.js";
import type { NeoDeployRecord, NeoScores } from "../../../records/neo-deploy-record.js";
import type { Iteration } from "../../../records/run-record.js";
import { shortCandidateId } from "../../../records/candidate-id.js";
import { isPromoted } from "./neo-generation.js";
import { remeasureIncumbent } from "./neo-remeasure.js";
import { acceptChild, comparedScores, officialScore } from "./neo-acceptance.js";

type Decision = NeoDeployRecord & { verdict: "accept" | "hold" };

/** The generation decisions (accept or hold) in `iterations`, in the order they were made. */
export function decisionsOf(iterations: readonly Iteration[]): { t: number; deploy: Decision }[] {
  return iterations
    .filter((it) => it.neoDeploy && it.neoDeploy.verdict !== "reject")
    .map((it) => ({ t: it.t, deploy: it.neoDeploy as Decision }))
    .sort((a, b) => a.deploy.decidedAt - b.deploy.decidedAt || a.deploy.generation - b.deploy.generation);
}

/** The incumbent h when iteration t starts (decisions made after iterations before t): the last accepted child, else the root. */
export function incumbentAt(iterations: readonly Iteration[], root: string, t = Infinity): string {
  let h = root;
  for (const d of decisionsOf(iterations))
    if (d.deploy.decidedAt < t && d.deploy.verdict === "accept") h = childOf(iterations, d.t);
  return h;
}

/** Consecutive holds since the last accept. */
export function holdsOf(iterations: readonly Iteration[]): number {
  let holds = 0;
  for (const d of decisionsOf(iterations)) holds = d.deploy.verdict === "hold" ? holds + 1 : 0;
  return holds;
}

/**
 * Decides generation g after iteration t from its children's records (those `neoScreen` decided):
 * every promoted child with a full measurement competes, whatever the gate said of it (the floor
 * applies once, at deployment: neo-star.ts), against the incumbent's fresh batch (neo-remeasure.ts).
 */
export async function decideGeneration(
  ctx: RunContext,
  g: number,
  t: number,
  children: readonly Iteration[],
): Promise<void> {
  const known = new Map([...(ctx.state.archive ?? []), ...ctx.state.frontier].map((m) => [m.id, m]));
  const incumbentId = incumbentAt(ctx.state.iterations, ctx.state.baselineId);
  const incumbent = known.get(incumbentId);
  if (!incumbent) throw new Error(`SkillNEO: the incumbent ${shortCandidateId(incumbentId)} is gone`);
  const base = { generation: g, incumbent: incumbentId, decidedAt: t };
  const measured = children
    .filter((it) => isPromoted(it))
    .map((it) => ({ it, member: known.get(it.child?.candidate ?? "") }))
    .filter((c): c is { it: Iteration; member: MemberState } => c.member !== undefined)
    .filter((c) => c.member.id !== incumbentId);
  const batch = measured.length > 0 ? await remeasureIncumbent(ctx, incumbent, g) : undefined;
  const against = batch?.complete ? batch.results : incumbent.results;
  const compared = measured
    .map((c) => ({ ...c, ...comparedScores(c.member.results, against) }))
    .sort((a, b) => b.child.official - a.child.official || b.child.aux - a.child.aux || a.it.t - b.it.t);
  const best = compared[0];
  for (const it of children) {
    if (it === best?.it) continue;
    it.neoDeploy = { ...base, verdict: "reject", reason: rejectionOf(it, best !== undefined) };
  }
  if (!best) return;
  const knobs = neoKnobsOf(ctx.in.config);
  const fresh = batch?.complete ? best.incumbent.official : undefined;
  const floor = strictFloor(ctx, incumbent, fresh);
  const { verdict, reason } = acceptChild(best.child, best.incumbent, floor, knobs);
  best.it.neoDeploy = {
    ...base,
    verdict,
    reason:
      verdict === "accept"
        ? `replaces ${shortCandidateId(incumbentId)}: ${reason}`
        : `the incumbent stays: ${reason}`,
    child: best.child,
    incumbentScores: best.incumbent,
    incumbentBatch: fresh !== undefined ? "fresh" : "stored",
    ...(knobs.strictFloor ? { floor } : {}),
  };
}

/**
 * F = max(P(root), P(h)): each P the mean official score over every batch of that version this run
 * measured (its first full measurement, then each fresh incumbent batch, the current one included);
 * every batch is all evolution cases at the run's n and k, so the mean of the batches is the pooled mean.
 */
function strictFloor(ctx: RunContext, incumbent: MemberState, fresh: number | undefined): number {
  const { iterations, baselineId, baselineResults } = ctx.state;
  const pooled = (id: string, first: number) => {
    const batches = decisionsOf(iterations)
      .filter((d) => d.deploy.incumbent === id && d.deploy.incumbentBatch === "fresh")
      .map((d) => d.deploy.incumbentScores!.official);
    if (id === incumbent.id && fresh !== undefined) batches.push(fresh);
    return [first, ...batches].reduce((s, x) => s + x, 0) / (batches.length + 1);
  };
  const root = pooled(baselineId, officialScore(baselineResults));
  return incumbent.id === baselineId
    ? root
    : Math.max(root, pooled(incumbent.id, officialScore(incumbent.results)));
}

/** The last decision's incumbent scores, when the last decision was a hold (the δ_off stop reads it). */
export function lastHold(iterations: readonly Iteration[]): NeoScores | undefined {
  const last = decisionsOf(iterations).at(-1)?.deploy;
  return last?.verdict === "hold" ? last.incumbentScores : undefined;
}

function rejectionOf(it: Iteration, anyCompared: boolean): string {
  const screen = it.neoScreen;
  if (screen && "promoted" in screen && !screen.promoted) return "not promoted to full evaluation";
  if (it.audit?.refused) return "refused by the audit";
  if (!it.child?.measured.complete) return "not fully measured";
  return anyCompared ? "ranked below the generation's best child" : "identical to the incumbent";
}

function childOf(iterations: readonly Iteration[], t: number): string {
  const id = iterations.find((it) => it.t === t)?.child?.candidate;
  if (!id) throw new Error(`SkillNEO: iteration ${t} accepted a child it does not record`);
  return id;
}
