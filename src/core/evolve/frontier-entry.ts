// Algorithm 1, line 13: the admitted child competes for the frontier (Eq. 3). Its member state
// keeps only the SKILL.md sources that differ from the input bank, and its results on ℱ (the pool
// sample differs per iteration, so members are compared on ℱ alone).
import { exposureOf } from "../bank/exposure.js";
import type { SkillBank } from "../bank/skill.js";
import type { CaseResult } from "../../records/eval-record.js";
import type { MemberState } from "./checkpoint.js";
import type { SelectionHistory } from "./strategies/parent-selector.js";
import { filesOf, sourcesOf, type RunContext } from "./context.js";
import { paretoUpdate, pointOf } from "./pareto.js";
import type { RewriteStep } from "./rewrite.js";
import type { GateJudgement, Iteration } from "../../records/run-record.js";

/** Updates the frontier and the iteration's `entered`/`removed`; returns why the child stayed out. */
export function enterFrontier(
  ctx: RunContext,
  record: Iteration,
  parent: MemberState,
  child: { id: string; step: RewriteStep; results: CaseResult[] },
  t: number,
): string | undefined {
  const member = memberOf(ctx, parent, child, t);
  const update = paretoUpdate(
    ctx.state.frontier.map((x) => ({ ...pointOf(x), member: x })),
    { ...pointOf(member), member },
    ctx.in.config.frontierCap,
  );
  const before = ctx.state.frontier;
  ctx.state.frontier = update.frontier.map((p) => p.member);
  if (ctx.parents.archives) archive(ctx, update.entered ? [] : [member], before, update.removed);
  record.entered = update.entered;
  record.removed = update.removed;
  return update.reason;
}

/** The child as a member state: its sources and files as they differ from the input bank, its results on ℱ. */
export function memberOf(
  ctx: RunContext,
  parent: MemberState,
  child: { id: string; step: RewriteStep; results: CaseResult[] },
  t: number,
): MemberState {
  const { step } = child;
  const files = filesOf(ctx, step.bank);
  const sources = sourcesOf(ctx, step.bank);
  // A skill edited back to its input text (a line an earlier child added, removed again) is no
  // change: its PR diff would show nothing for it.
  const differs = (skill: string) =>
    skill in sources || Object.keys(files).some((path) => path.startsWith(`${skill}/`));
  return {
    id: child.id,
    born: t,
    parent: parent.id,
    sources,
    ...(Object.keys(files).length ? { files } : {}),
    ...exposureField(step.bank),
    changes: [
      ...parent.changes.filter((c) => !step.changed.some((x) => x.skill === c.skill)),
      ...step.changed.map((c) => ({ ...c, t })),
    ].filter((c) => differs(c.skill)),
    results: child.results.filter((r) => ctx.caseIds.has(r.id)),
  };
}

/** What a selector may read besides the frontier (all of it checkpointed). */
export function historyOf(ctx: RunContext): SelectionHistory {
  return { iterations: ctx.state.iterations, archive: ctx.state.archive ?? [], root: ctx.state.baselineId };
}

/** Keeps admitted members off the frontier for selectors that may pick them (SkillNEO). */
function archive(
  ctx: RunContext,
  outside: readonly MemberState[],
  before: readonly MemberState[],
  removed: readonly string[],
): void {
  const kept = ctx.state.archive ?? [];
  const leaving = before.filter((m) => removed.includes(m.id));
  for (const m of [...leaving, ...outside]) if (!kept.some((k) => k.id === m.id)) kept.push(m);
  ctx.state.archive = kept;
}

/**
 * What the gate judged when it admitted `member`, from the iteration that bore it; undefined for P₀
 * (never gated) and when that iteration's child is not the member (it cannot be, unless a record was
 * edited).
 */
export function gateJudgementOf(
  iterations: readonly Iteration[],
  member: Pick<MemberState, "id" | "born">,
): GateJudgement | undefined {
  const it = iterations.find((x) => x.t === member.born);
  if (!it?.child || it.child.candidate !== member.id || !it.gate.admitted) return undefined;
  return {
    t: it.t,
    sample: [...it.child.sample],
    cases: it.child.measured.cases,
    reasons: it.gate.reasons.map((r) => ({ ...r })),
  };
}

/** The member's exposure list, kept only when its bank has one (an allocation, or inherited). */
function exposureField(bank: SkillBank): { exposure?: string[] } {
  const exposure = exposureOf(bank);
  return exposure ? { exposure } : {};
}
