// A child the audit refuses is repaired, not discarded (SkillEvolver §3.2.3: "an audit failure converts
// the reported violation into the next refinement target"). The skills with an error finding are put
// back as the parent had them, so the child's other edits stay; the ones the plan targets are rewritten
// again with the findings as the rewriter's next target. The repaired child is then audited, measured
// and gated like any other, at most `auditRepairRounds` times (docs/audit.md); only then is it refused.
import { loadBank } from "../../bank/bank.js";
import type { SkillBank } from "../../bank/skill.js";
import { deriveSeed } from "../../../vocabulary/rng.js";
import { isToolTarget } from "../../../records/tool-op.js";
import { DEFAULT_REPAIR_ROUNDS } from "../../../records/run-config.js";
import type { AuditFinding, Iteration, RewriteRecord } from "../../../records/run-record.js";
import type { AuditFindingView } from "../../llm/roles.js";
import { candidateHash, spend, withinBudget, type RunContext } from "../context.js";
import { rewriteParent, type RewriteStep } from "../rewrite.js";

export function repairRounds(ctx: RunContext): number {
  return ctx.in.config.auditRepairRounds ?? DEFAULT_REPAIR_ROUNDS;
}

/** Whether the iteration's child was refused by the audit and another repair round is allowed. */
export function mayRepair(ctx: RunContext, record: Iteration): boolean {
  return record.audit?.refused === true && (record.repairs?.length ?? 0) < repairRounds(ctx);
}

/** `child` with the named skills' files as they are in `parent` (a skill the parent lacks is removed). */
export function revertSkills(child: SkillBank, parent: SkillBank, names: readonly string[]): SkillBank {
  const dirs = names.flatMap((n) =>
    [child, parent].flatMap((b) => b.skills.filter((s) => s.name === n).map((s) => `${s.dir}/`)),
  );
  const inSkill = (path: string) => dirs.some((d) => path.startsWith(d));
  const files = [
    ...child.files.filter((f) => !inSkill(f.path)),
    ...parent.files.filter((f) => inSkill(f.path)),
  ];
  return loadBank(files).bank;
}

/** The error findings per skill, as the rewriter is shown them. */
function findingsBySkill(errors: readonly AuditFinding[]): Map<string, AuditFindingView[]> {
  const out = new Map<string, AuditFindingView[]>();
  for (const f of errors)
    out.set(f.skill, [...(out.get(f.skill) ?? []), { check: f.check, line: f.line, evidence: f.evidence }]);
  return out;
}

/**
 * One repair round of the refused child `step` of iteration t: revert, rewrite with the findings,
 * record it on `record.repairs`. Returns the repaired child's step, or undefined when nothing the
 * child changed is left (every edit was reverted and none rewritten) or the repair changed nothing.
 */
export async function repairChild(
  ctx: RunContext,
  t: number,
  from: { parent: SkillBank; step: RewriteStep },
  record: Iteration,
): Promise<RewriteStep | undefined> {
  const errors = record.audit!.findings.filter((f) => f.severity === "error");
  const findings = findingsBySkill(errors);
  const skills = [...findings.keys()];
  const round = (record.repairs?.length ?? 0) + 1;
  const reverted = revertSkills(from.step.bank, from.parent, skills);
  const plan = record.plan.filter((p) => findings.has(p.skill) && !isToolTarget(p.skill));
  const rewritten = await rewriteParent({
    rewriter: ctx.deps.roles.rewriter,
    parent: reverted,
    scope: ctx.state.scope,
    plan,
    pool: ctx.pool,
    anchorsPerSkill: ctx.in.config.anchorsPerSkill,
    exclude: ctx.caseIds,
    seed: deriveSeed(ctx.in.config.seed, `repair:${t}:${round}`),
    mayContinue: (pending: number) => withinBudget(ctx, pending),
    findings,
  });
  spend(ctx, "rewriter", rewritten.usage, record.tokens);
  const kept = from.step.changed.filter((c) => !findings.has(c.skill));
  const changed = [...kept, ...rewritten.changed];
  const refused = candidateHash(from.step.bank);
  // Nothing left to measure, or nothing the repair could change (the findings are on text the parent holds).
  const hash = candidateHash(rewritten.bank);
  const repaired = changed.length > 0 && hash !== refused ? hash : undefined;
  (record.repairs ??= []).push({
    round,
    stage: record.audit!.traced === undefined ? "before-measurement" : "after-evaluation",
    refused,
    findings: errors,
    reverted: skills,
    rewrites: rewritten.records.map((r) => ({
      skill: r.skill,
      status: r.status,
      ...(r.reason ? { reason: r.reason } : {}),
    })),
    ...(repaired ? { repaired } : {}),
  });
  if (!repaired) return undefined;
  delete record.child; // the refused child's measurement, if it had one; the repaired child gets its own
  record.rewrites = mergeRewrites(record.rewrites, rewritten.records);
  const anchors = [...new Set([...from.step.anchors, ...rewritten.anchors])];
  return { bank: rewritten.bank, records: record.rewrites, changed, anchors, usage: rewritten.usage };
}

/** The iteration's rewrites with each repaired skill's record replaced by its repair's. */
function mergeRewrites(before: readonly RewriteRecord[], repair: readonly RewriteRecord[]): RewriteRecord[] {
  const bySkill = new Map(repair.map((r) => [r.skill, r]));
  return before.map((r) => bySkill.get(r.skill) ?? r);
}

/** The note's tail for a child the audit refused after repairs: " after 2 repair round(s)". */
export function repairedNote(record: Iteration): string {
  const n = record.repairs?.length ?? 0;
  return n > 0 ? ` (after ${n} repair round(s))` : "";
}
