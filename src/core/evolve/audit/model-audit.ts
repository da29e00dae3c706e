// The model-backed auditor inside evolve (docs/audit.md "The model-backed auditor"): after a child
// was measured and its trace-based checks ran, each skill this iteration changed goes to the
// auditor role with a clean context (the skill, what exists, its policy clauses, a few traces of
// the child's own runs). Its findings join the child's audit as check `modelAuditor`: warnings when
// the config says advisory (the default), the auditor's own severity when it says error. It has its
// own token budget; once spent, later children are not sent.
import { policyClause } from "../../audit/policy-clause.js";
import type { SkillBank } from "../../bank/skill.js";
import { splitList } from "../../bank/validate.js";
import type { CaseResult } from "../../../records/eval-record.js";
import type { AuditorTrace } from "../../llm/prompts/auditor.js";
import type { AuditorInput } from "./auditor.js";
import { spend, withinBudget, type RunContext } from "../context.js";
import { casesBehind } from "../provenance.js";
import type { AuditFinding, AuditVerdict, Iteration } from "../../../records/run-record.js";

/** Traces per skill: enough to show how the skill is used, few enough to keep the request small. */
const TRACES_PER_SKILL = 4;

export async function modelAuditChild(
  ctx: RunContext,
  child: SkillBank,
  changed: readonly string[],
  results: readonly CaseResult[],
  record: Iteration & { audit: AuditVerdict },
): Promise<AuditVerdict> {
  const verdict = record.audit;
  const settings = ctx.in.config.auditModel;
  const auditor = ctx.deps.auditor;
  if (!settings || !auditor) return verdict;
  const found: Omit<AuditFinding, "id">[] = [];
  const notes: string[] = [];
  let audited = 0;
  for (const name of changed) {
    const used = ctx.state.tokens.auditor;
    if ((used ? used.input + used.output : 0) >= settings.budgetTokens || !withinBudget(ctx)) {
      notes.push(`not sent ${name}: the auditor's budget of ${settings.budgetTokens} tokens is spent`);
      break;
    }
    const skill = child.skills.find((s) => s.name === name);
    if (!skill) continue;
    const r = await auditor.audit(
      auditorInput(ctx, child, name, results, casesBehind(record.proposals, name)),
    );
    spend(ctx, "auditor", r.usage, record.tokens);
    if (!r.ok) {
      notes.push(`${name}: the auditor failed (${r.failure})`);
      continue;
    }
    audited++;
    for (const f of r.value)
      found.push({
        check: "modelAuditor",
        severity: settings.severity === "advisory" ? "warning" : f.severity,
        skill: name,
        file: `${skill.dir}/SKILL.md`,
        line: Math.max(0, f.line),
        evidence: `${f.concern}: ${f.evidence}`,
      });
  }
  const n = verdict.findings.length;
  const findings = [...verdict.findings, ...found.map((f, i) => ({ id: `A${n + i + 1}`, ...f }))];
  return {
    ...verdict,
    findings,
    refused: findings.some((f) => f.severity === "error"),
    modelAuditor: [`audited ${audited} skill(s)`, ...notes].join("; "),
  };
}

function auditorInput(
  ctx: RunContext,
  child: SkillBank,
  name: string,
  results: readonly CaseResult[],
  motivating: readonly string[],
): AuditorInput {
  const skill = child.skills.find((s) => s.name === name)!;
  const policies = splitList(skill.frontmatter.metadata?.policy).flatMap((link) => {
    const text = policyClause(ctx.in.policies ?? {}, link);
    return text === undefined ? [] : [{ link, text }];
  });
  return {
    name,
    source: skill.source,
    files: child.files
      .filter((f) => f.path.startsWith(`${skill.dir}/`))
      .map((f) => f.path.slice(skill.dir.length + 1)),
    bankSkills: child.skills.map((s) => s.name),
    policies,
    traces: tracesOf(ctx, name, results, new Set(motivating)),
  };
}

/**
 * The first run of each case: the cases the skill's edit was for first (what a leaking rewrite
 * copies from), then runs that loaded the skill, passes before failures (the runs the edit is
 * credited with).
 */
function tracesOf(
  ctx: RunContext,
  name: string,
  results: readonly CaseResult[],
  motivating: ReadonlySet<string>,
): AuditorTrace[] {
  const task = (id: string) =>
    ctx.in.cases.find((c) => c.id === id)?.task.prompt ?? ctx.pool.byId.get(id)?.task.prompt ?? "";
  const runs = results.flatMap((r) => (r.runDetails[0] ? [{ id: r.id, run: r.runDetails[0] }] : []));
  const rank = (x: (typeof runs)[number]) =>
    (motivating.has(x.id) ? 0 : 4) + (x.run.skillsLoaded.includes(name) ? 0 : 2) + (x.run.pass ? 0 : 1);
  return [...runs]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, TRACES_PER_SKILL)
    .map(({ id, run }) => ({
      caseId: id,
      task: task(id),
      passed: run.pass,
      skillsLoaded: run.skillsLoaded,
      scriptsRun: run.scriptsRun ?? [],
    }));
}
