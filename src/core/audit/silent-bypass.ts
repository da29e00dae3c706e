// Check 9 (SkillEvolver Table 3), silent bypass: the candidate changed a skill, the runs of the cases
// its edit was for never invoked it, and most of those runs failed: a skill that may be right is
// quietly ignored at run time. "Invoked" is running the skill's primary script when it declares one
// (run-traces.ts primaryScript) and the runner traces scripts; otherwise loading the skill. Critical.
import { skillFile } from "../bank/validate.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";
import { primaryScript, type RunTrace } from "./run-traces.js";

export function checkSilentBypass(input: AuditInput): RawFinding[] {
  const t = input.traces;
  if (!t || t.runs.length === 0) return [];
  // A runner that reports no load at all does not trace loads (a command agent that emits no
  // skill-loaded events): silence there is not evidence of a bypass. Likewise for scripts.
  if (!t.runs.some((r) => r.skillsLoaded.length > 0)) return [];
  const scriptsTraced = t.runs.some((r) => r.scriptsRun.length > 0);
  const out: RawFinding[] = [];
  for (const name of t.changed) {
    const meant = t.motivatedBy?.[name];
    const runs = meant ? t.runs.filter((r) => meant.includes(r.caseId)) : t.runs;
    const failed = runs.filter((r) => !r.passed).length;
    if (runs.length === 0 || failed * 2 <= runs.length) continue;
    const skill = input.candidate.skills.find((s) => s.name === name);
    const primary = skill && scriptsTraced ? primaryScript(skill) : undefined;
    const invokes = (r: RunTrace) =>
      primary ? r.scriptsRun.includes(`${name}/${primary.script}`) : r.skillsLoaded.includes(name);
    if (runs.some(invokes)) continue;
    const what = primary ? `ran its primary script ${primary.script}` : "loaded it";
    out.push({
      check: "silentBypass",
      severity: "error",
      skill: name,
      file: skill ? skillFile(skill) : name,
      line: primary?.line ?? 0,
      evidence: `none of the ${runs.length} run(s) of the cases its edit was for ${what}, and ${failed} of them failed`,
    });
  }
  return out;
}
