// Consolidation (FRAMES §3.4): a vote filter, then one merge call into one plan δ̂.
//   none     every proposal passes;
//   section  (default) drop any skill edit proposed by fewer than q of the diagnosers;
//   cluster  also require that q of the diagnosers agree on the exact target set.
// Edits to skills outside the working scope are dropped first, with that reason.
import type { SkillPlan, VoteEntry } from "../../records/run-record.js";
import type { Consolidator, Proposal, RoleResult, SkillView } from "../llm/roles.js";
import { isToolTarget, toolDir } from "../../records/tool-op.js";

/** The vote's reason for an edit to a skill outside the working scope (widen-scope.ts reads it). */
export const OUTSIDE_SCOPE = "outside the working scope";

export type ConsolidationMode = "none" | "section" | "cluster";

export interface VoteOutcome {
  kept: VoteEntry[];
  dropped: VoteEntry[];
  /** Proposals restricted to the kept skills; proposals left with no plan are omitted. */
  proposals: Proposal[];
}

/** Skills a proposal edits: its plans' skills (targets without a plan propose no edit). */
function editedSkills(p: Proposal): string[] {
  return [...new Set(p.plans.map((x) => x.skill))].sort();
}

/** Votes needed out of `diagnosers` for threshold q; at least one. */
export function votesNeeded(diagnosers: number, q: number): number {
  return Math.max(1, Math.ceil(q * diagnosers - 1e-9));
}

export function voteFilter(
  proposals: readonly Proposal[],
  opts: { mode: ConsolidationMode; threshold: number; diagnosers: number; scope: readonly string[] },
): VoteOutcome {
  const names = new Set(opts.scope);
  // A tool (`<skill>/scripts/<file>`) is in scope when its skill is: a skill's folder bears its name.
  const scope = {
    has: (t: string) => names.has(t) || (isToolTarget(t) && names.has(lastSegment(toolDir(t)))),
  };
  const dropped: VoteEntry[] = [];
  const outside = new Map<string, number>();
  const inScope = proposals.map((p) => {
    for (const s of editedSkills(p)) if (!scope.has(s)) outside.set(s, (outside.get(s) ?? 0) + 1);
    return { ...p, plans: p.plans.filter((x) => scope.has(x.skill)) };
  });
  for (const [skill, votes] of [...outside].sort(([a], [b]) => (a < b ? -1 : 1))) {
    dropped.push({ skill, votes, reason: OUTSIDE_SCOPE });
  }
  const need = votesNeeded(opts.diagnosers, opts.threshold);
  let eligible = inScope;
  if (opts.mode === "cluster") {
    const clusters = new Map<string, number>();
    for (const p of inScope)
      clusters.set(editedSkills(p).join(","), (clusters.get(editedSkills(p).join(",")) ?? 0) + 1);
    eligible = inScope.filter((p) => (clusters.get(editedSkills(p).join(",")) ?? 0) >= need);
  }
  const votes = countVotes(inScope);
  const eligibleVotes = countVotes(eligible);
  const kept: VoteEntry[] = [];
  for (const [skill, v] of votes) {
    const ev = eligibleVotes.get(skill) ?? 0;
    if (opts.mode === "none" || ev >= need) kept.push({ skill, votes: v });
    else if (opts.mode === "cluster" && v >= need)
      dropped.push({ skill, votes: v, reason: `no ${need} diagnosers agreed on the same target set` });
    else dropped.push({ skill, votes: v, reason: `${v} of ${opts.diagnosers} diagnosers (needs ${need})` });
  }
  const keptSet = new Set(kept.map((k) => k.skill));
  const source = opts.mode === "none" ? inScope : eligible;
  const filtered = source
    .map((p) => ({ ...p, plans: p.plans.filter((x) => keptSet.has(x.skill)) }))
    .filter((p) => p.plans.length > 0);
  return { kept, dropped, proposals: filtered };
}

function lastSegment(path: string): string {
  return path.split("/").pop() ?? path;
}

function countVotes(proposals: readonly Proposal[]): Map<string, number> {
  const votes = new Map<string, number>();
  for (const p of proposals) for (const s of editedSkills(p)) votes.set(s, (votes.get(s) ?? 0) + 1);
  return new Map([...votes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The vote, then the merge call. A merged plan for a skill the vote dropped is discarded. */
export async function consolidate(
  consolidator: Consolidator,
  parent: readonly SkillView[],
  vote: VoteOutcome,
  seed: number,
): Promise<RoleResult<SkillPlan[]>> {
  if (vote.proposals.length === 0) return { ok: true, value: [], usage: { input: 0, output: 0, cached: 0 } };
  const merged = await consolidator.merge({ parent, proposals: vote.proposals, seed });
  if (!merged.ok) return merged;
  const allowed = new Set(vote.kept.map((k) => k.skill));
  const seen = new Set<string>();
  const plan = merged.value
    .filter((x) => allowed.has(x.skill) && !seen.has(x.skill) && (seen.add(x.skill), true))
    .map((x) => (x.op || !isToolTarget(x.skill) ? x : withProposedOp(x, vote.proposals)));
  return { ok: true, value: plan, usage: merged.usage };
}

/** A merge that kept a tool target without its typed operation gets the first one proposed for it. */
function withProposedOp(x: SkillPlan, proposals: readonly Proposal[]): SkillPlan {
  const op = proposals.flatMap((p) => p.plans).find((p) => p.skill === x.skill && p.op)?.op;
  return op ? { ...x, op } : x;
}
