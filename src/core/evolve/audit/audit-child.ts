// The audit of every child before the gate (issue 14): the same deterministic checks as
// `skillops audit`, with E₀'s bank as the base and as the cases the evolution cases plus the pool
// cases the run has shown a model so far (audit-cases.ts).
// A child with an error finding is refused before it costs a single execution; after it is measured,
// the trace-based checks read its own runs (auditTraces) and may still refuse it. Script parsing needs
// spawning, so it comes in as a dependency (EvolveDeps.checkScripts); without it, it is skipped.
import { auditBank, hasAuditErrors } from "../../audit/audit.js";
import type { AddedLineProvenance, AuditInput } from "../../audit/audit-input.js";
import type { TraceInput } from "../../audit/run-traces.js";
import { changedScripts } from "../../audit/script-bloat.js";
import type { SkillBank } from "../../bank/skill.js";
import { auditCases } from "./audit-cases.js";
import type { RunContext } from "../context.js";
import type { AuditFinding, AuditVerdict } from "../../../records/run-record.js";

/** The pre-gate verdict and the input it judged, which the trace-based checks reuse after measuring. */
export interface ChildAudit {
  verdict: AuditVerdict;
  input: AuditInput;
}

export async function auditChild(
  ctx: RunContext,
  child: SkillBank,
  provenance: readonly AddedLineProvenance[] = [],
): Promise<ChildAudit> {
  const input: AuditInput = {
    base: ctx.in.bank,
    candidate: child,
    cases: await auditCases(ctx),
    policies: ctx.in.policies ?? {},
    scripts: [],
    provenance,
  };
  const check = ctx.deps.checkScripts;
  const scripts = changedScripts(input).map(({ skill, file }) => ({ skill, file }));
  if (check) input.scripts = await check(child, scripts);
  const findings = auditBank(input, ctx.in.config.audit ?? {});
  const verdict: AuditVerdict = {
    refused: hasAuditErrors(findings),
    findings,
    scripts: check ? "parsed" : "skipped",
  };
  return { verdict, input };
}

/** The audit again with the child's own evaluation runs, for Checks 8 and 9 (no extra executions). */
export function auditTraces(ctx: RunContext, audit: ChildAudit, traces: TraceInput): AuditVerdict {
  const findings = auditBank({ ...audit.input, traces }, ctx.in.config.audit ?? {});
  return { ...audit.verdict, refused: hasAuditErrors(findings), findings, traced: traces.runs.length };
}

/** The iteration's note for a refused child: "refused by the audit: A1 literals (skill file:line) …". */
export function refusalNote(verdict: AuditVerdict, when = ""): string {
  const errors = verdict.findings.filter((f) => f.severity === "error");
  const shown = errors.slice(0, 3).map(describeFinding).join("; ");
  const more = errors.length > 3 ? `; and ${errors.length - 3} more` : "";
  return `refused by the audit${when}: ${shown}${more}`;
}

export function describeFinding(f: AuditFinding): string {
  return `${f.id} ${f.check} (${f.file}:${f.line}: ${f.evidence})`;
}
