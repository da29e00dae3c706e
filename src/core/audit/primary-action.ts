// Check 9 (SkillEvolver Table 3), primary action not hoisted: a changed skill declares a primary
// script (run-traces.ts primaryScript) and the runs that loaded the skill never ran it: the agent
// does by hand what the skill meant a script to do. Runs that never loaded the skill say nothing
// about it (silent bypass covers that). A warning: the answers may still be right.
import { skillFile } from "../bank/validate.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";
import { primaryScript } from "./run-traces.js";

export function checkPrimaryAction(input: AuditInput): RawFinding[] {
  const t = input.traces;
  if (!t) return [];
  const out: RawFinding[] = [];
  for (const skill of input.candidate.skills) {
    if (input.base.skills.find((s) => s.name === skill.name)?.source === skill.source) continue;
    const primary = primaryScript(skill);
    if (!primary) continue;
    const loading = t.runs.filter((r) => r.skillsLoaded.includes(skill.name));
    if (loading.length === 0) continue;
    const path = `${skill.name}/${primary.script}`;
    if (loading.some((r) => r.scriptsRun.includes(path))) continue;
    out.push({
      check: "primaryActionNotHoisted",
      severity: "warning",
      skill: skill.name,
      file: skillFile(skill),
      line: primary.line,
      evidence: `declares ${primary.script} as its primary action, but none of the ${loading.length} run(s) that loaded the skill ran it`,
    });
  }
  return out;
}
