// SkillNEO's deployment decision, once per generation after its promotion (neo-promote.ts): the
// generation's best fully measured child (promoted, admitted by the gate; ranked by official score,
// then auxiliary score against the incumbent, then the earlier child) is compared with the
// incumbent under the acceptance rule (neo-acceptance.ts). Accept: it becomes the incumbent and the
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
import { isPromoted } from "./neo-selection.js";
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

/** Decides generation g after iteration t from its children's records (those `neoScreen` decided). */
export function decideGeneration(
  ctx: RunContext,
  g: number,
  t: number,
  children: readonly Iteration[],
): void {
  const known = new Map([...(ctx.state.archive ?? []), ...ctx.state.frontier].map((m) => [m.id, m]));
  const incumbentId = incumbentAt(ctx.state.iterations, ctx.state.baselineId);
  const incumbent = known.get(incumbentId);
  if (!incumbent) throw new Error(`SkillNEO: the incumbent ${shortCandidateId(incumbentId)} is gone`);
  const base = { generation: g, incumbent: incumbentId, decidedAt: t };
  const compared = children
    .filter((it) => isPromoted(it) && it.gate.admitted)
    .map((it) => ({ it, member: known.get(it.child?.candidate ?? "") }))
    .filter((c): c is { it: Iteration; member: MemberState } => c.member !== undefined)
    .map((c) => ({ ...c, ...comparedScores(c.member.results, incumbent.results) }))
    .sort((a, b) => b.child.official - a.child.official || b.child.aux - a.child.aux || a.it.t - b.it.t);
  const best = compared[0];
  for (const it of children) {
    if (it === best?.it) continue;
    it.neoDeploy = { ...base, verdict: "reject", reason: rejectionOf(it, best !== undefined) };
  }
  if (!best) return;
  const knobs = neoKnobsOf(ctx.in.config);
  const floor = Math.max(officialScore(ctx.state.baselineResults), officialScore(incumbent.results));
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
    ...(knobs.strictFloor ? { floor } : {}),
  };
}

/** The last decision's incumbent scores, when the last decision was a hold (the δ_off stop reads it). */
export function lastHold(iterations: readonly Iteration[]): NeoScores | undefined {
  const last = decisionsOf(iterations).at(-1)?.deploy;
  return last?.verdict === "hold" ? last.incumbentScores : undefined;
}

function rejectionOf(it: Iteration, anyCompared: boolean): string {
  const screen = it.neoScreen;
  if (screen && "promoted" in screen && !screen.promoted) return "not promoted to full evaluation";
  if (!it.gate.admitted) return "refused by the gate on its full evaluation";
  return anyCompared ? "ranked below the generation's best child" : "not fully measured";
}

function childOf(iterations: readonly Iteration[], t: number): string {
  const id = iterations.find((it) => it.t === t)?.child?.candidate;
  if (!id) throw new Error(`SkillNEO: iteration ${t} accepted a child it does not record`);
  return id;
}
